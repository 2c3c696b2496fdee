/**
 * An unhandled fatal error during a client-side navigation (SPEC §2, §8): the error screen, which
 * redirects to /404. Triggered for real: the database goes away, so the next page's loader throws.
 * This server is its own (it ends broken), apart from the other journeys.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { isSameDocument, launchChromium, markDocument, waitForHydration, waitForTitle, watchPage } from './browser.ts';
import { startProductServer, type ProductServer } from './server.ts';

let server: ProductServer;
let browser: Browser;

beforeAll(async () => {
  server = await startProductServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('shows the error screen and moves on to /404 when a page fails for an undisplayable reason', async () => {
  const url = (path: string) => `${server.baseUrl}${path}`;
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const watch = watchPage(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(url('/'));
  await waitForHydration(page);
  await markDocument(page);

  // The server logs the failed loader with console.error: expected here, and checked.
  const serverErrorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await server.context.database.close();
    await page.getByRole('link', { name: 'Điều khoản sử dụng' }).click();
    await page.waitForURL(url('/404'));
    await waitForTitle(page, 'Không tìm thấy trang | Khai Trí');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Không tìm thấy trang bạn cần');
    expect(serverErrorLog).toHaveBeenCalledWith('[ssr] GET /dieu-khoan-su-dung.data', expect.any(Error));
  } finally {
    serverErrorLog.mockRestore();
  }

  expect(await isSameDocument(page), 'the page reloaded').toBe(true);
  // The failed page was replaced by /404 in the history: Back returns to the page before it.
  await page.goBack({ waitUntil: 'commit' });
  await page.waitForURL(url('/'), { waitUntil: 'commit' });
  // Nothing of the server's error reaches the visitor.
  expect(await page.content()).not.toContain('destroyed');
  expect(warnings.some((text) => text.startsWith('[shell] lỗi không hiển thị được, chuyển tới /404'))).toBe(true);
  // Chromium logs the failed data requests (the link's prefetch on hover, then the navigation) and
  // the 404 of /404's data; nothing else.
  const failedPage = `${url('/dieu-khoan-su-dung.data')}?_routes=routes%2Fgeneric-page`;
  const others = watch.unexpected([url('/404.data')]);
  expect(others.length).toBeGreaterThan(0);
  for (const problem of others) {
    expect(problem).toBe(
      `console: Failed to load resource: the server responded with a status of 500 (Internal Server Error) (${failedPage})`,
    );
  }
});
