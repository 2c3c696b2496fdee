import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';

let t: TestContext;
let script: string;

beforeAll(async () => {
  t = await createTestContext({ pages: true });
  const home = await t.app.inject({ method: 'GET', url: '/' });
  const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(home.body)?.[0];
  if (!entry) throw new Error('the home page links no entry script');
  script = entry;
});

afterAll(async () => {
  await t.close();
});

it('serves the brotli and gzip twins written at build time, immutable', async () => {
  const raw = fs.readFileSync(path.join('build/client', script));
  const br = await t.app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toMatch(/javascript/);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(zlib.brotliDecompressSync(br.rawPayload).equals(raw)).toBe(true);

  const gzip = await t.app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.rawPayload).equals(raw)).toBe(true);

  const plain = await t.app.inject({ method: 'GET', url: script });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.rawPayload.equals(raw)).toBe(true);
  expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  // Never revalidated: no validators, no ranges (fewer header bytes per script on a slow phone).
  for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(br.headers[name], name).toBeUndefined();
});

it('keeps an hour of caching for the files outside /assets/', async () => {
  const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
  expect(icon.statusCode).toBe(200);
  expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  // Revalidated after the hour: its validator answers 304 when unchanged.
  expect(icon.headers.etag).toBeTruthy();
  const again = await t.app.inject({
    method: 'GET',
    url: '/favicon.svg',
    headers: { 'if-none-match': String(icon.headers.etag) },
  });
  expect(again.statusCode).toBe(304);
});

it("sends a build script only the headers a script obeys (nosniff, resource policy), not a document's policy", async () => {
  const response = await t.app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'br' } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  for (const name of ['content-security-policy', 'cross-origin-opener-policy', 'x-frame-options', 'referrer-policy']) {
    expect(response.headers[name], name).toBeUndefined();
  }
  // The page itself keeps its whole policy.
  const page = await t.app.inject({ method: 'GET', url: '/' });
  expect(page.headers['content-security-policy']).toContain('script-src');
  expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
});
