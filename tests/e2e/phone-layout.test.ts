/**
 * A signed-in learner on a small phone: the header (account menu with a long name) and the account
 * area fit the screen — no sideways scroll — and the account menu row shows the current page.
 * Signed out, the breadcrumb links and the footer's are at least 24 px tall (WCAG 2.2 target size).
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';

const journey = useJourney();

describe('a signed-in learner on a phone', () => {
  it.each([
    ['320 px', { width: 320, height: 640 }],
    ['360 px', { width: 360, height: 740 }],
  ])('sees every page fit the %s screen, and the current account tab in view', async (_, viewport) => {
    const fullName = 'Nguyễn Thị Phương Thảo Hoàng Lan';
    const user = await createUser(journey.server.context.db, { full_name: fullName });
    const { page, watch } = await journey.openPage(viewport);
    await page.goto(journey.url('/dang-nhap?redirect=%2Ftai-khoan%2Fkich-hoat-khoa-hoc'));
    await waitForHydration(page);
    await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
    await page.getByLabel('Mật khẩu').fill(user.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(journey.url('/tai-khoan/kich-hoat-khoa-hoc'));
    await waitForHydration(page);

    for (const path of ['/tai-khoan/kich-hoat-khoa-hoc', '/', '/khoa-hoc', '/tai-khoan/ho-so', '/tai-khoan/don-hang']) {
      if (page.url() !== journey.url(path)) await page.goto(journey.url(path));
      await waitForHydration(page);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `${path} scrolls sideways`,
        })
        .toBeLessThanOrEqual(0);
      // The account menu is still reachable and keeps the name for screen readers (on the pages
      // shared by signed-in learners, once the learner's own bits have arrived).
      await expect
        .poll(() => page.locator('summary', { hasText: fullName }).isVisible(), { message: `${path}: account menu` })
        .toBe(true);
    }

    await page.goto(journey.url('/tai-khoan/kich-hoat-khoa-hoc'));
    await waitForHydration(page);
    const tabs = page.getByRole('navigation', { name: 'Tài khoản' });
    const current = tabs.getByRole('link', { name: 'Kích hoạt khóa học' });
    await expect
      .poll(() =>
        current.evaluate((link) => {
          const box = link.getBoundingClientRect();
          return box.left >= 0 && box.right <= window.innerWidth;
        }),
      )
      .toBe(true);
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('a visitor on a phone', () => {
  it('taps breadcrumb and footer links at least 24 px tall, on pages that fit the 360 px screen', async () => {
    const course = await journey.server.context.db
      .selectFrom('courses')
      .select('slug')
      .where('is_published', '=', 1)
      .executeTakeFirstOrThrow();
    const { page, watch } = await journey.openPage({ width: 360, height: 740 });
    for (const path of ['/khoa-hoc', `/khoa-hoc/${course.slug}`, '/tin-tuc', '/gio-hang', '/gioi-thieu']) {
      await page.goto(journey.url(path));
      await waitForHydration(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        path,
      ).toBeLessThanOrEqual(0);
      const heights = await page.evaluate(() =>
        [...document.querySelectorAll('nav[aria-label="Đường dẫn"] a, footer li a')].map((link) => [
          link.textContent?.trim(),
          Math.round(link.getBoundingClientRect().height),
        ]),
      );
      expect(heights.length, `${path} has breadcrumb and footer links`).toBeGreaterThan(1);
      expect(
        heights.filter(([, height]) => Number(height) < 24),
        path,
      ).toEqual([]);
    }
    // The exam gate's contest cards: their links are tapped, not read in a sentence.
    await page.goto(journey.url('/cong-thi'));
    await waitForHydration(page);
    const cardLinks = await page.evaluate(() =>
      [...document.querySelectorAll('main a')]
        .filter((link) => /^(Xem thể lệ|Xem kết quả|Bảng xếp hạng)/.test(link.textContent?.trim() ?? ''))
        .map((link) => [link.textContent?.trim(), Math.round(link.getBoundingClientRect().height)]),
    );
    expect(cardLinks.length, '/cong-thi has contest card links').toBeGreaterThan(2);
    expect(cardLinks.filter(([, height]) => Number(height) < 24)).toEqual([]);
    expect(watch.unexpected()).toEqual([]);
  });
});
