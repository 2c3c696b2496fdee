/**
 * Activation in Chromium against the real product with the demo seed: the demo learner signs in
 * from /lm/active, a wrong code shows its message with the typed value kept, a seeded code
 * unlocks its course and "Vào học ngay" opens it; "Vào học" on a free course enrols after sign-in.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACTIVATION_CODES } from '../../db/seed/activation.ts';
import { waitForHydration, type PageWatch } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';

const journey = useJourney();
const { openPage } = journey;
/** A refused code is answered 422 on purpose; Chromium logs that (and only that is expected). */
const unexpectedProblems = (watch: PageWatch) => unexpectedExceptFormErrors(watch, [422]);

async function signInAsDemoLearner(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill('0912345678');
  await page.getByLabel('Mật khẩu').fill('KhaiTri@2026');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

describe('activation code', () => {
  it('signs in from /lm/active, refuses a wrong code, then redeems a seeded one and opens the course', async () => {
    const course = await journey.server.context.db
      .selectFrom('activation_codes')
      .innerJoin('courses', 'courses.id', 'activation_codes.course_id')
      .select(['courses.slug', 'courses.title'])
      .where('code', '=', DEMO_ACTIVATION_CODES.single)
      .executeTakeFirstOrThrow();
    const { page, watch } = await openPage();
    await page.goto(journey.url('/lm/active'));
    await page.waitForURL(/\/dang-nhap\?redirect=%2Ftai-khoan%2Fkich-hoat-khoa-hoc/);
    await signInAsDemoLearner(page);
    await page.waitForURL(journey.url('/tai-khoan/kich-hoat-khoa-hoc'));
    await waitForHydration(page);

    const field = page.getByLabel('Mã kích hoạt');
    await field.fill('KTXX-9999-2222');
    await page.getByRole('button', { name: 'Kích hoạt', exact: true }).click();
    await expect.poll(() => page.getByText('Mã kích hoạt không tồn tại.').isVisible()).toBe(true);
    expect(await field.inputValue()).toBe('KTXX-9999-2222');
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill('ktth-u234-5678');
    await page.getByRole('button', { name: 'Kích hoạt', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Kích hoạt thành công!' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').innerText()).toContain(course.title);
    expect(await page.getByLabel('Mã kích hoạt').inputValue()).toBe('');

    await page.getByRole('link', { name: 'Vào học ngay' }).click();
    await page.waitForURL(journey.url(`/vao-hoc/${course.slug}`));
    await page.goto(journey.url(`/khoa-hoc/${course.slug}`));
    await expect
      .poll(() => page.getByRole('link', { name: 'Vào học' }).getAttribute('href'))
      .toBe(`/vao-hoc/${course.slug}`);
    expect(unexpectedProblems(watch)).toEqual([]);
  });
});

describe('"Vào học" on a free course', () => {
  it('sends an anonymous visitor to sign in and back, then enrols and opens the course', async () => {
    const free = await journey.server.context.db
      .selectFrom('courses')
      .select('slug')
      .where('type', '=', 'retail')
      .where('price_new', '=', 0)
      .where('is_published', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { page, watch } = await openPage();
    await page.goto(journey.url(`/khoa-hoc/${free.slug}`));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Vào học' }).click();
    await page.waitForURL(/\/dang-nhap\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/khoa-hoc/${free.slug}`);
    await signInAsDemoLearner(page);
    await page.waitForURL(journey.url(`/khoa-hoc/${free.slug}`));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Vào học' }).click();
    await page.waitForURL(journey.url(`/vao-hoc/${free.slug}`));
    expect(unexpectedProblems(watch)).toEqual([]);
  });
});
