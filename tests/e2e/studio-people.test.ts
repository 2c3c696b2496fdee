/**
 * Studio people in Chromium: the demo admin finds the demo learner by a name typed without marks,
 * grants a course (a missing reason is refused and the choice stays), and the learner then sees
 * the course in "Khóa học của tôi".
 */
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';

const journey = useJourney();

async function signIn(page: import('playwright-core').Page, username: string, redirect: string) {
  await page.goto(journey.url(`/dang-nhap?redirect=${encodeURIComponent(redirect)}`));
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill(username);
  await page.getByLabel('Mật khẩu').fill('KhaiTri@2026');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL(journey.url(redirect));
}

describe('studio people', () => {
  it('the admin grants a course to the demo learner with a reason; the learner sees it in my courses', async () => {
    const db = journey.server.context.db;
    const learner = await db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('email', '=', 'hocvien@khaitri.vn')
      .executeTakeFirstOrThrow();
    const course = await db
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('is_published', '=', 1)
      .where('type', '!=', 'combo')
      .where('id', 'not in', db.selectFrom('enrolments').select('course_id').where('user_id', '=', learner.id))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const accentless = learner.full_name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();

    const { page, watch } = await journey.openPage();
    await signIn(page, 'quantri@khaitri.vn', '/studio');
    await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Học viên' }).click();
    await page.waitForURL(journey.url('/studio/hoc-vien'));
    await waitForHydration(page);
    await page.getByLabel('Tên, số điện thoại hoặc e-mail').fill(accentless);
    await page.getByRole('button', { name: 'Lọc' }).click();
    await page.waitForURL((address) => address.searchParams.get('q') === accentless);
    await page.locator(`a[href="/studio/hoc-vien/${learner.id}"]`).click();
    await page.waitForURL(journey.url(`/studio/hoc-vien/${learner.id}`));
    await waitForHydration(page);

    await page.getByLabel('Khóa học hoặc gói').selectOption(String(course.id));
    await page.getByRole('button', { name: 'Cấp khóa học' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Vui lòng kiểm tra lại');
    expect(await page.getByLabel('Khóa học hoặc gói').inputValue()).toBe(String(course.id));
    await page.getByLabel('Lý do cấp').fill('Tặng khóa học cho học viên tích cực');
    await page.getByRole('button', { name: 'Cấp khóa học' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('Đã cấp khóa học và báo cho học viên.');
    expect(await journey.server.context.services.enrolments.owns(learner.id, course.id)).toBe(true);
    expect(unexpectedExceptFormErrors(watch, [400])).toEqual([]);

    const second = await journey.openPage();
    await signIn(second.page, 'hocvien@khaitri.vn', '/tai-khoan/khoa-hoc-cua-toi');
    await waitForHydration(second.page);
    await expect.poll(() => second.page.getByText(course.title).count()).toBeGreaterThan(0);
    expect(second.watch.unexpected()).toEqual([]);
  });

  it('axe-core finds no serious or critical violations on the people pages, which never scroll sideways', async () => {
    const db = journey.server.context.db;
    const request = await db.selectFrom('support_requests').select('id').orderBy('id').executeTakeFirstOrThrow();
    const learner = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'hocvien@khaitri.vn')
      .executeTakeFirstOrThrow();
    for (const viewport of [
      { width: 360, height: 800 },
      { width: 1280, height: 800 },
    ]) {
      const { page } = await journey.openPage(viewport);
      await signIn(page, 'quantri@khaitri.vn', '/studio');
      for (const target of [
        `/studio/hoc-vien/${learner.id}`,
        '/studio/ho-tro',
        `/studio/ho-tro/${request.id}`,
        '/studio/bao-loi',
        '/studio/thong-bao',
      ]) {
        await page.goto(journey.url(target));
        await waitForHydration(page);
        expect(await axeViolations(page), `${target} at ${viewport.width}px`).toEqual([]);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(sideways, `${target} scrolls sideways at ${viewport.width}px`).toBe(false);
      }
    }
  });
});
