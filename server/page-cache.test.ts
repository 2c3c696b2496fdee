import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed/index.ts';
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

function scriptNonces(html: string): string[] {
  return [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1]!);
}

function policyNonce(header: unknown): string {
  return /'nonce-([^']+)'/.exec(String(header))?.[1] ?? '';
}

it('answers a repeated anonymous page from the cache with the new request nonce', async () => {
  const first = await t.app.inject({ method: 'GET', url: '/dieu-khoan-su-dung' });
  const second = await t.app.inject({
    method: 'GET',
    url: '/dieu-khoan-su-dung',
    headers: { cookie: 'kt_bid=abc; up=x' },
  });
  expect(first.headers['x-page-cache']).toBe('miss');
  expect(second.headers['x-page-cache']).toBe('hit');
  expect(second.body.replace(/nonce="[^"]+"/g, '')).toBe(first.body.replace(/nonce="[^"]+"/g, ''));
  const nonce = policyNonce(second.headers['content-security-policy']);
  expect(nonce).not.toBe(policyNonce(first.headers['content-security-policy']));
  expect(scriptNonces(second.body).length).toBeGreaterThan(0);
  expect(new Set(scriptNonces(second.body))).toEqual(new Set([nonce]));
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

it('does not cache errors or redirects', async () => {
  await t.app.inject({ method: 'GET', url: '/khong-co-trang-nay' });
  const again = await t.app.inject({ method: 'GET', url: '/khong-co-trang-nay' });
  expect(again.statusCode).toBe(404);
  expect(again.headers['x-page-cache']).toBeUndefined();
  const redirect = await t.app.inject({ method: 'GET', url: '/khuyen-mai' });
  expect(redirect.statusCode).toBe(302);
  expect(redirect.headers['x-page-cache']).toBeUndefined();
});
