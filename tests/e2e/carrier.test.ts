/**
 * Carrier billing in Chromium against the real product with the demo seed: the demo learner opens a
 * course sold by SMS, puts it in the cart, chooses "Trừ tiền tài khoản di động" at the checkout,
 * reads the disclosure, is refused without consent, consents and pays (the operator simulator charges
 * 0912345678); the course is then studyable, the "Gói cước" page lists the package, the learner
 * cancels it after a confirmation and the SMS confirmation is in the dev outbox.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';

const journey = useJourney();
const { openPage } = journey;

async function signInAsDemoLearner(page: Page): Promise<void> {
  await page.goto(journey.url('/dang-nhap'));
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill('0912345678');
  await page.getByLabel('Mật khẩu').fill('KhaiTri@2026');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL(journey.url('/'));
}

describe('carrier-billed package', () => {
  it('subscribes with consent after the disclosure, studies the course, then cancels from the account', async () => {
    const db = journey.server.context.db;
    // A seeded course whose first package is sold by SMS.
    const course = await db
      .selectFrom('courses')
      .innerJoin('course_pods', 'course_pods.course_id', 'courses.id')
      .select(['courses.slug', 'courses.title', 'course_pods.sms_code', 'course_pods.position'])
      .where('course_pods.payment_type', '=', 'sms')
      .where('course_pods.sms_code', 'is not', null)
      .where('course_pods.position', '=', 0)
      .orderBy('courses.id')
      .executeTakeFirstOrThrow();
    const { page, watch } = await openPage();
    await signInAsDemoLearner(page);

    await page.goto(journey.url(`/khoa-hoc/${course.slug}`));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Thêm vào giỏ hàng' }).click();
    await page.waitForURL(/\/gio-hang\?da-them=1$/);
    await page.getByRole('link', { name: 'Thanh toán', exact: true }).click();
    await page.waitForURL(journey.url('/gio-hang/thanh-toan'));
    await waitForHydration(page);

    await page.getByLabel(/Trừ tiền tài khoản di động MobiFone/).check();
    const disclosure = page.getByTestId('carrier-disclosure');
    await expect.poll(() => disclosure.isVisible()).toBe(true);
    const text = await disclosure.innerText();
    for (const part of [
      `Soạn DK ${course.sms_code} gửi 9234`,
      `Soạn HUY ${course.sms_code} gửi 9234`,
      'Trừ tiền tài khoản di động MobiFone',
      '1800 1090',
      'Hủy gói và tra cứu đều miễn phí.',
    ]) {
      expect(text).toContain(part);
    }

    await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
    await expect
      .poll(() => page.getByText('Vui lòng đọc và đồng ý với điều khoản', { exact: false }).first().isVisible())
      .toBe(true);
    expect(await page.getByLabel(/Trừ tiền tài khoản di động MobiFone/).isChecked()).toBe(true);

    await page.getByLabel(/Tôi đã đọc và đồng ý đăng ký/).check();
    await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
    await page.waitForURL(journey.url('/tai-khoan/goi-cuoc?dang-ky=thanh-cong'));
    await waitForHydration(page);
    await expect.poll(() => page.getByText('Đăng ký gói cước thành công.', { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('subscription-status').first().textContent()).toBe('Đang hoạt động');

    await page.goto(journey.url(`/khoa-hoc/${course.slug}`));
    await expect
      .poll(() => page.getByRole('link', { name: 'Vào học' }).getAttribute('href'))
      .toBe(`/vao-hoc/${course.slug}`);

    await page.goto(journey.url('/tai-khoan/goi-cuoc'));
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Hủy gói' }).first().click();
    await page.getByRole('button', { name: 'Xác nhận hủy gói' }).click();
    await expect
      .poll(() => page.getByText('Đã hủy gói cước, gói sẽ không gia hạn nữa.', { exact: false }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByTestId('subscription-status').first().textContent()).toBe('Đã hủy');

    await page.goto(journey.url('/__dev/outbox'));
    await expect.poll(() => page.getByText('Bạn đã hủy gói', { exact: false }).first().isVisible()).toBe(true);
    expect(unexpectedExceptFormErrors(watch, [400])).toEqual([]);
  });
});
