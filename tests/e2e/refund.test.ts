/**
 * A lost gateway notification and a refund, in Chromium against the real product: the learner pays
 * with VNPay but the gateway's IPN never arrives (the simulator's "lost notification" choice); the
 * order waits, reconciliation finds the payment and completes it; a refund then moves it to
 * refunded, the order page says so and the course is no longer the learner's. And the late-payment
 * rule (decision 0007): the learner cancels an order the gateway then says was paid — the order
 * completes anyway and the course is theirs.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';

// The gateway sends the browser back to PUBLIC_URL: the journey goes through a front door.
const journey = useJourney({}, { frontDoor: true });
const url = (path: string) => journey.url(path);

/** Signs in, buys `course` with VNPay and loses the IPN on the simulator; the order code. */
async function payAndLoseTheNotice(page: Page, user: Awaited<ReturnType<typeof createUser>>, podId: number) {
  await page.goto(url('/dang-nhap'));
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
  await page.getByLabel('Mật khẩu').fill(user.password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL(url('/'));
  await page.goto(url(`/gio-hang?pod=${podId}`));
  await page.getByRole('link', { name: 'Thanh toán', exact: true }).click();
  await page.waitForURL(url('/gio-hang/thanh-toan'));
  await waitForHydration(page);
  await page.getByLabel('VNPay (QR, thẻ ATM, ví)').check();
  await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
  await page.waitForURL((address) => address.pathname.startsWith('/__sim/pay/vnpay/'));

  await page.getByRole('link', { name: 'Trả tiền xong nhưng thông báo IPN bị thất lạc (để đối soát tìm ra)' }).click();
  await page.waitForURL((address) => address.pathname === '/tai-khoan/don-hang' && address.searchParams.has('ma'));
  const code = new URL(page.url()).searchParams.get('ma')!;
  return code;
}

it('a payment whose IPN was lost is completed by reconciliation, then refunded: the order page shows it', async () => {
  const { db, services } = journey.server.context;
  const user = await createUser(db);
  const course = await createPaidCourse(db, 400_000);
  const { page, watch } = await journey.openPage();

  const code = await payAndLoseTheNotice(page, user, course.podId);
  await waitForHydration(page);
  // The browser's return only shows the result: without the IPN the order still waits.
  await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Chờ thanh toán');

  const report = await services.payments.reconcile(new Date(Date.now() + 10 * 60_000));
  expect(report).toMatchObject({ completed: 1, errors: [] });
  await page.goto(url(`/tai-khoan/don-hang?ma=${code}`));
  await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Hoàn tất');
  expect(await services.enrolments.owns(user.id, course.id)).toBe(true);

  await services.refunds.refundOrder({ code, reason: 'Học viên đăng ký nhầm khóa học', actor: 'cli:journey' });
  await page.goto(url(`/tai-khoan/don-hang?ma=${code}`));
  await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Đã hoàn tiền');
  await expect.poll(() => page.getByTestId('order-refund').textContent()).toContain('Đã hoàn 400.000đ');
  expect(await services.enrolments.owns(user.id, course.id)).toBe(false);
  expect(watch.unexpected()).toEqual([]);
});

it('a payment confirmed after the learner cancelled completes the order: the course is theirs', async () => {
  const { db, services } = journey.server.context;
  const user = await createUser(db);
  const course = await createPaidCourse(db, 250_000);
  const { page, watch } = await journey.openPage({ width: 360, height: 740 });
  const code = await payAndLoseTheNotice(page, user, course.podId);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Hủy đơn' }).click();
  await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Đã hủy');

  const report = await services.payments.reconcile(new Date(Date.now() + 10 * 60_000));
  expect(report).toMatchObject({ completed: 1, refunded: 0, errors: [] });
  await page.goto(url(`/tai-khoan/don-hang?ma=${code}`));
  await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Hoàn tất');
  expect(await services.enrolments.owns(user.id, course.id)).toBe(true);
  expect(watch.unexpected()).toEqual([]);
});
