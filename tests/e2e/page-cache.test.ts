/**
 * The page micro-cache in Chromium: a page answered from the cache (no nonce, its inline scripts
 * allowed by hash, sent compressed) runs and hydrates with no policy violation, and the client-side
 * navigations that follow (data requests, cached too) work. A signed-in learner gets the pages that
 * signed-in learners share from the cache too, and their own header, recommendations, course state
 * and list of courses from /ca-nhan.json after hydration.
 */
import { expect, it } from 'vitest';
import { isSameDocument, markDocument, waitForHydration, waitForTitle } from './browser.ts';
import { useJourney } from './journey.ts';
import { demoStudy, endSessionElsewhere, signInDemoLearnerAt } from './learning-shared.ts';

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

it("shows a signed-in learner's own header, recommendations and course on the shared pages", async () => {
  const { slug } = await demoStudy(journey);
  const { page, watch } = await journey.openPage();
  await signInDemoLearnerAt(journey, page, '/tai-khoan/khoa-hoc-cua-toi');
  // The account menu, named after the learner (on a phone the name is for screen readers).
  const account = page.locator('header summary', { hasText: 'Nguyễn Thị Hồng Nhung' });

  // Another learner's visit (or this one's) fills the shared entry; this one is answered from it.
  const response = await page.goto(journey.url('/'));
  expect(response!.headers()['x-page-cache']).toMatch(/hit|miss/);
  await waitForHydration(page);
  await expect.poll(() => account.isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Đăng nhập' }).count()).toBe(0);
  await expect.poll(() => page.getByTestId('recommendations').isVisible()).toBe(true);

  // A course the learner owns: "Vào học" instead of the purchase buttons, once their bits arrive.
  const course = await page.goto(journey.url(`/khoa-hoc/${slug}`));
  expect(course!.headers()['x-page-cache']).toMatch(/hit|miss/);
  await waitForHydration(page);
  const enrol = page.getByRole('complementary', { name: 'Đăng ký học' });
  await expect.poll(() => enrol.getByRole('link', { name: 'Vào học' }).isVisible()).toBe(true);

  // "My courses" is a shared frame: the learner's own list arrives after hydration, and its tabs
  // (client navigations, rendered for the learner) keep working.
  const mine = await page.goto(journey.url('/tai-khoan/khoa-hoc-cua-toi'));
  expect(mine!.headers()['x-page-cache']).toMatch(/hit|miss/);
  await waitForHydration(page);
  const cards = page.getByTestId('my-course');
  await expect.poll(() => cards.count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByRole('link', { name: /^Tất cả \(\d+\)$/ }).isVisible()).toBe(true);
  await markDocument(page);
  await page.getByRole('link', { name: /^Đang học \(\d+\)$/ }).click();
  await page.waitForURL(/loc=dang-hoc/);
  await expect.poll(() => page.getByRole('link', { name: /^Đang học/ }).getAttribute('aria-current')).toBe('page');
  expect(await isSameDocument(page), 'the page reloaded').toBe(true);
  expect(watch.unexpected()).toEqual([]);
});

it('says so when "my courses" cannot fetch the list (offline, error), and "Thử lại" brings it', async () => {
  const { page, watch } = await journey.openPage();
  await signInDemoLearnerAt(journey, page, '/');
  // The learner's own request fails once, as on mobile data that drops.
  await page.route('**/ca-nhan.json*', (route) => route.abort('internetdisconnected'));
  await page.goto(journey.url('/tai-khoan/khoa-hoc-cua-toi'));
  await waitForHydration(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Chưa tải được danh sách khóa học của bạn' });
  await expect.poll(() => alert.isVisible()).toBe(true);
  expect(await page.getByTestId('my-course').count()).toBe(0);
  await page.unroute('**/ca-nhan.json*');
  await alert.getByRole('button', { name: 'Thử lại' }).click();
  await expect.poll(() => page.getByTestId('my-course').count()).toBeGreaterThan(0);
  expect(await alert.count()).toBe(0);

  // Signed out elsewhere between the page and its list: an invitation to sign in again, not a spinner.
  await endSessionElsewhere(page);
  await page.reload();
  await waitForHydration(page);
  const again = page.getByRole('link', { name: 'Đăng nhập lại' });
  await expect.poll(() => again.getAttribute('href')).toBe('/dang-nhap?redirect=%2Ftai-khoan%2Fkhoa-hoc-cua-toi');
  expect(watch.unexpected().filter((line) => !line.includes('ca-nhan.json'))).toEqual([]);
});
