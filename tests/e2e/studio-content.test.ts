/**
 * The studio's content pages in Chromium (demo seed): the editor writes a news post with the
 * rich-text editor (bold and a list), saves and publishes it, and an anonymous visitor reads it
 * on /tin-tuc with its formatting; the seeded drafts are listed and not public.
 */
import { expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';

const journey = useJourney();

it('an editor writes a post with the editor, publishes it and it shows on the news page', async () => {
  const { page, watch } = await journey.openPage({ width: 360, height: 800 });
  await page.goto(journey.url('/dang-nhap?redirect=%2Fstudio%2Fbai-viet'));
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill('bientap@khaitri.vn');
  await page.getByLabel('Mật khẩu').fill('KhaiTri@2026');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL(journey.url('/studio/bai-viet'));
  await waitForHydration(page);
  // The seeded draft is listed.
  await expect.poll(() => page.getByText('Lịch thi học kỳ 2 năm 2027 (bản nháp)').isVisible()).toBe(true);

  await page.getByRole('link', { name: '+ Thêm bài viết' }).click();
  await page.waitForURL(journey.url('/studio/bai-viet/moi'));
  await waitForHydration(page);
  await page.getByLabel('Tiêu đề', { exact: true }).fill('Học bổng Khai Trí mùa thu');
  await page.getByLabel('Hashtag').fill('Học bổng');

  const editor = page.getByRole('textbox', { name: 'Nội dung', exact: true });
  await editor.click();
  await page.keyboard.type('Hạn nộp hồ sơ: ');
  await page.getByRole('button', { name: 'In đậm' }).click();
  await page.keyboard.type('30/11');
  await page.getByRole('button', { name: 'In đậm' }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Danh sách dấu chấm' }).click();
  await page.keyboard.type('Bảng điểm');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Thư giới thiệu');

  await page.getByRole('button', { name: 'Lưu bản nháp' }).click();
  await page.waitForURL(/\/studio\/bai-viet\/\d+\?da-luu=1$/);
  await waitForHydration(page);
  await expect.poll(() => page.getByText('Đã lưu.').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Xuất bản' }).click();
  await expect.poll(() => page.getByText('Đã xuất bản.').isVisible()).toBe(true);

  // The content pages pass axe-core and never scroll sideways at 360 px.
  for (const target of [
    '/studio/bai-viet',
    page.url(),
    '/studio/danh-muc',
    '/studio/the',
    '/studio/tro-giup',
    '/studio/trang/moi',
  ]) {
    await page.goto(target.startsWith('/') ? journey.url(target) : target);
    await waitForHydration(page);
    expect(await axeViolations(page), target).toEqual([]);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways, `${target} scrolls sideways`).toBe(false);
  }

  // An anonymous visitor reads it on the news page, formatted.
  const visitor = await journey.openPage({ width: 360, height: 800 });
  await visitor.page.goto(journey.url('/tin-tuc'));
  await visitor.page
    .getByRole('link', { name: /Học bổng Khai Trí mùa thu/ })
    .first()
    .click();
  await visitor.page.waitForURL(journey.url('/tin-tuc/hoc-bong-khai-tri-mua-thu'));
  const article = visitor.page.locator('article');
  await expect.poll(() => article.locator('strong', { hasText: '30/11' }).count()).toBeGreaterThan(0);
  await expect.poll(() => article.locator('ul li').allTextContents()).toEqual(['Bảng điểm', 'Thư giới thiệu']);

  // The seeded draft is not public.
  const news = await fetch(journey.url('/api/user/post.json?type=post&limit=100'));
  const titles = ((await news.json()) as { data: { title: string }[] }).data.map((p) => p.title);
  expect(titles).toContain('Học bổng Khai Trí mùa thu');
  expect(titles).not.toContain('Lịch thi học kỳ 2 năm 2027 (bản nháp)');
  expect(unexpectedExceptFormErrors(watch)).toEqual([]);
}, 120_000);
