/**
 * The page micro-cache in Chromium: a page answered from the cache (no nonce, its inline scripts
 * allowed by hash, sent compressed) runs and hydrates with no policy violation, and the client-side
 * navigations that follow (data requests, cached too) work.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { launchChromium, markDocument, isSameDocument, waitForHydration, waitForTitle, watchPage } from './browser.ts';
import { startProductServer, type ProductServer } from './server.ts';

let server: ProductServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startProductServer({ PAGE_CACHE_SECONDS: '300' });
  browser = await launchChromium();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('hydrates a page served from the cache, with no CSP violation, and navigates on from it', async () => {
  // The first visit fills the cache.
  const first = await fetch(`${server.baseUrl}/`);
  expect(first.headers.get('x-page-cache')).toBe('miss');

  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'vi-VN' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Window & { __violations?: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const watch = watchPage(page);
  const response = await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
  const headers = response!.headers();
  expect(headers['x-page-cache']).toBe('hit');
  expect(['br', 'gzip']).toContain(headers['content-encoding']);
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(headers['content-security-policy']).not.toContain("'nonce-");
  await waitForHydration(page);
  expect(await page.title()).toBe('Trang chủ | Khai Trí');

  await markDocument(page);
  await page.evaluate(() =>
    (
      window as Window & { __reactRouterDataRouter?: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter!.navigate('/khoa-hoc'),
  );
  await waitForTitle(page, 'Khóa học | Khai Trí');
  expect(await isSameDocument(page), 'the page reloaded').toBe(true);

  expect(await page.evaluate(() => (window as Window & { __violations?: string[] }).__violations)).toEqual([]);
  expect(watch.unexpected()).toEqual([]);
});
