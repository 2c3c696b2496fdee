/**
 * Paying by ZaloPay in Chromium on a 360 px phone (issue 22, "Must show"): course → cart → sign in →
 * checkout lists "Ví ZaloPay" → the ZaloPay simulator's page (the order created with key1) → approve
 * → ZaloPay's key2-signed callback completes the order, the browser comes back to the order page
 * and the course is the learner's. Nothing on the way is wider than the phone.
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';

// ZaloPay sends the browser back to `{PUBLIC_URL}/api/payment/zalopay/return`: through a front door.
const journey = useJourney({}, { frontDoor: true });
const url = (path: string) => journey.url(path);
const PHONE = { width: 360, height: 740 };

describe('paying by ZaloPay on a 360 px phone', () => {
  it('checkout → "Ví ZaloPay" → approve on the ZaloPay page → the order is completed and the course is the learner’s', async () => {
    const db = journey.server.context.db;
    const user = await createUser(db);
    const course = await createPaidCourse(db, 300_000);
    const { page, watch } = await journey.openPage(PHONE);
    const fitsThePhone = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(url(`/khoa-hoc/${course.slug}`));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Thêm vào giỏ hàng' }).click();
    await page.waitForURL(/\/gio-hang\?da-them=1$/);
    await page.getByRole('link', { name: 'Thanh toán', exact: true }).click();
    await page.waitForURL(url('/dang-nhap?redirect=%2Fgio-hang%2Fthanh-toan'));
    await waitForHydration(page);
    await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
    await page.getByLabel('Mật khẩu').fill(user.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(url('/gio-hang/thanh-toan'));
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('300.000đ');

    const zalopay = page.getByRole('radio', { name: 'Ví ZaloPay' });
    expect(await zalopay.isDisabled()).toBe(false);
    await zalopay.check();
    await fitsThePhone();
    await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/__sim/pay/zalopay/pay');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Thanh toán 300.000đ');
    await fitsThePhone();
    const order = await db
      .selectFrom('orders')
      .select(['code', 'status', 'payment_method'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'pending', payment_method: 'zalopay' });

    await page.getByRole('link', { name: 'Đồng ý thanh toán' }).click();
    await page.waitForURL(url(`/tai-khoan/don-hang?ma=${order.code}&ket-qua=thanh-cong`));
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Hoàn tất');
    await expect.poll(() => page.getByText('Cổng thanh toán báo giao dịch thành công.').isVisible()).toBe(true);
    await fitsThePhone();

    const payment = await db
      .selectFrom('payments')
      .select(['gateway', 'status', 'gateway_txn_id'])
      .where('request_id', '=', `${order.code}01`)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ gateway: 'zalopay', status: 'succeeded' });
    const enrolled = await db
      .selectFrom('enrolments')
      .select('course_id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(enrolled.map((row) => row.course_id)).toEqual([course.id]);
    expect(unexpectedExceptFormErrors(watch)).toEqual([]);
  });
});
