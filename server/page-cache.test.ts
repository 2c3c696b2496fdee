import { createHash } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed/index.ts';
import { negotiateEncoding } from './http/page-cache.ts';
import { signIn } from '../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true, env: { PAGE_CACHE_SECONDS: '5' } });
  await seedDemoData(t.db, { uploadsDir: path.join(t.dataDir, 'uploads') });
});

afterAll(async () => {
  await t.close();
});

function policyOf(header: unknown): string {
  return String(header ?? '');
}

/** The SHA-256 of every inline script's text, as a policy writes it. */
function inlineHashes(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[1]!))
    .map((match) => `'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
}

it('answers a repeated anonymous page from the cache, its inline scripts allowed by hash instead of a nonce', async () => {
  const first = await t.app.inject({ method: 'GET', url: '/dieu-khoan-su-dung' });
  const second = await t.app.inject({
    method: 'GET',
    url: '/dieu-khoan-su-dung',
    headers: { cookie: 'kt_bid=abc; up=x' },
  });
  expect(first.headers['x-page-cache']).toBe('miss');
  expect(second.headers['x-page-cache']).toBe('hit');
  expect(second.body).toBe(first.body);
  // The same bytes for everyone: no nonce in the page, none in its policy.
  expect(second.body).not.toMatch(/\snonce=/);
  const policy = policyOf(second.headers['content-security-policy']);
  expect(policy).not.toContain("'nonce-");
  const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
  const hashes = inlineHashes(second.body);
  expect(hashes.length).toBeGreaterThan(0);
  for (const hash of hashes) expect(scriptSrc).toContain(hash);
  expect(scriptSrc).toContain("'self'");
  // The rest of the policy is the one every page gets.
  const rendered = await t.app.inject({ method: 'GET', url: '/dieu-khoan-su-dung', headers: { cookie: 'kt_x=1' } });
  const renderedPolicy = policyOf(rendered.headers['content-security-policy']);
  expect(renderedPolicy).toMatch(/'nonce-[^']+'/);
  expect(policy.replace(/script-src [^;]*/, '')).toBe(renderedPolicy.replace(/script-src [^;]*/, ''));
});

it('sends the brotli or gzip twin stored with the page, as the browser accepts', async () => {
  const plain = await t.app.inject({ method: 'GET', url: '/khoa-hoc' });
  const br = await t.app.inject({
    method: 'GET',
    url: '/khoa-hoc',
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  });
  const gzip = await t.app.inject({
    method: 'GET',
    url: '/khoa-hoc',
    headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
  });
  expect(br.headers['x-page-cache']).toBe('hit');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toContain('accept-encoding');
  expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
  expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  expect(plain.headers['content-encoding']).toBeUndefined();
});

it('renders a page once when many ask for it at the same time', async () => {
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url: '/tin-tuc?lan=1' })),
  );
  const labels = answers.map((answer) => answer.headers['x-page-cache']);
  expect(labels.filter((label) => label === 'miss')).toHaveLength(1);
  expect(labels.filter((label) => label === 'hit')).toHaveLength(11);
  expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.5', 'gzip'],
    ['BR ; Q=1', 'br'],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

it('never serves or stores a cached page for a signed-in visitor or a visitor with other cookies', async () => {
  await t.app.inject({ method: 'GET', url: '/gioi-thieu' });
  const session = await signIn(t, '0912345678', 'KhaiTri@2026');
  const signedIn = await t.app.inject({ method: 'GET', url: '/gioi-thieu', headers: session.cookie });
  expect(signedIn.headers['x-page-cache']).toBeUndefined();
  expect(signedIn.body).toContain('Nguyễn Thị Hồng Nhung');
  const otherCookie = await t.app.inject({ method: 'GET', url: '/gioi-thieu', headers: { cookie: 'kt_cart=123' } });
  expect(otherCookie.headers['x-page-cache']).toBeUndefined();
});

it('sends personal pages and their data requests as private, no-store; anonymous pages as before', async () => {
  const session = await signIn(t, '0912345678', 'KhaiTri@2026');
  for (const url of ['/gioi-thieu', '/tai-khoan/ho-so', '/tai-khoan/don-hang.data', '/gio-hang']) {
    const personal = await t.app.inject({ method: 'GET', url, headers: session.cookie });
    expect(personal.statusCode, url).toBe(200);
    expect(personal.headers['cache-control'], url).toBe('private, no-store');
  }
  const cart = await t.app.inject({
    method: 'GET',
    url: '/gio-hang',
    headers: { cookie: 'kt_cart=abcdefabcdefabcdef12' },
  });
  expect(cart.headers['cache-control']).toBe('private, no-store');
  const anonymous = await t.app.inject({ method: 'GET', url: '/gioi-thieu', headers: { cookie: 'kt_bid=abc' } });
  expect(anonymous.headers['x-page-cache']).toMatch(/^(hit|miss)$/);
  expect(anonymous.headers['cache-control']).toBe('private, no-cache');
});

it('does not cache errors or redirects', async () => {
  await t.app.inject({ method: 'GET', url: '/khong-co-trang-nay' });
  const again = await t.app.inject({ method: 'GET', url: '/khong-co-trang-nay' });
  expect(again.statusCode).toBe(404);
  expect(again.headers['x-page-cache']).toBeUndefined();
  const redirect = await t.app.inject({ method: 'GET', url: '/khuyen-mai' });
  expect(redirect.statusCode).toBe(302);
  expect(redirect.headers['x-page-cache']).toBeUndefined();
});
