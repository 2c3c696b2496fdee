/**
 * The page micro-cache in Chromium: a page answered from the cache (no nonce, its inline scripts
 * allowed by hash, sent compressed) runs and hydrates with no policy violation, and the client-side
 * navigations that follow (data requests, cached too) work.
 */
import { expect, it } from 'vitest';
import { isSameDocument, markDocument, waitForHydration, waitForTitle } from './browser.ts';
import { useJourney } from './journey.ts';

const journey = useJourney({ PAGE_CACHE_SECONDS: '300' });

it('hydrates a page served from the cache, with no CSP violation, and navigates on from it', async () => {
  // The first visit fills the cache.
  const first = await fetch(journey.url('/'));
  expect(first.headers.get('x-page-cache')).toBe('miss');

  const { page, watch } = await journey.openPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Window & { __violations?: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto(journey.url('/'), { waitUntil: 'networkidle' });
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
