/**
 * Buying a course in Chromium against the real product, through the built-in gateway simulators
 * (issue 5, "Must show"): course page → cart → sign in → promotion CHAOBAN → checkout with MoMo,
 * OnePay (domestic cards) and VNPay → approve on the gateway's page → back on the site the order is
 * completed and the learner is enrolled. A declined payment leaves the order to be ordered again, an
 * abandoned one to be paid again, from the orders page. Each journey is a fresh learner.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { shownTimes, waitForHydration, type PageWatch } from './browser.ts';
import { useJourney } from './journey.ts';

// The gateways send the browser back to `{PUBLIC_URL}/api/payment/…/return`: the journey goes
// through a front door opened before the product listens.
const journey = useJourney({}, { frontDoor: true });
const url = (path: string) => journey.url(path);

interface Shopper {
  page: Page;
  watch: PageWatch;
  user: Awaited<ReturnType<typeof createUser>>;
}

async function newShopper(): Promise<Shopper> {
  const user = await createUser(journey.server.context.db);
  const { page, watch } = await journey.openPage();
  return { page, watch, user };
}

/**
 * Chromium logs every 4xx answer as a console error, including the deliberate 4xx of a page action
 * that returns form errors (a refused promotion code); those, and only those, are expected.
 */
function unexpectedProblems(watch: PageWatch): string[] {
  return watch.unexpected().filter((line) => !/status of (400|401|409|422) .*\.data\)$/.test(line));
}

/** The sign-in form, filled as a person would (the phone in its 0… form). */
async function signIn(page: Page, user: Shopper['user']): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
  await page.getByLabel('Mật khẩu').fill(user.password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

/** From the course page to the checkout, signing in on the way when asked. */
async function courseToCheckout(shopper: Shopper, slug: string, signedIn: boolean): Promise<void> {
  const { page } = shopper;
  await page.goto(url(`/khoa-hoc/${slug}`));
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Thêm vào giỏ hàng' }).click();
  await page.waitForURL(/\/gio-hang\?da-them=1$/);
  await expect.poll(() => page.getByText('Đã thêm khóa học vào giỏ hàng.').isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Thanh toán', exact: true }).click();
  if (!signedIn) {
    await page.waitForURL(url('/dang-nhap?redirect=%2Fgio-hang%2Fthanh-toan'));
    await signIn(page, shopper.user);
  }
  await page.waitForURL(url('/gio-hang/thanh-toan'));
  await waitForHydration(page);
}

/** Types a promotion code and applies it; waits for the total to change. */
async function applyPromotion(page: Page, code: string, message: string, total: string): Promise<void> {
  await page.getByLabel('Mã giảm giá').fill(code);
  await page.getByRole('button', { name: 'Áp dụng mã' }).click();
  await expect.poll(() => page.getByText(message).isVisible()).toBe(true);
  await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe(total);
}

/** Chooses the method, pays, and waits for the gateway's page. */
async function payWith(page: Page, method: string, amount: string): Promise<void> {
  await page.getByLabel(method).check();
  await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
  await page.waitForURL((address) => address.pathname.startsWith('/__sim/pay/'));
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Thanh toán ${amount}`);
}

async function orderOf(userId: number) {
  return journey.server.context.db
    .selectFrom('orders')
    .select(['code', 'status', 'payment_method', 'discount', 'total', 'promotion_code'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function enrolledCourseIds(userId: number): Promise<number[]> {
  const rows = await journey.server.context.db
    .selectFrom('enrolments')
    .select('course_id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => row.course_id);
}

/** Back on the site after the gateway: the order page with the gateway's result and the order's state. */
async function expectOrderPage(page: Page, code: string, result: 'thanh-cong' | 'that-bai', status: string) {
  await page.waitForURL(url(`/tai-khoan/don-hang?ma=${code}&ket-qua=${result}`));
  await waitForHydration(page);
  await expect.poll(() => page.getByTestId('order-status').textContent()).toBe(status);
}

describe('buying a course with a promotion', () => {
  it.each([
    ['MoMo', 'Ví MoMo', 'momo', false],
    ['OnePay (domestic cards)', 'Thẻ ATM nội địa (OnePay)', 'onepay_domestic', true],
    ['VNPay', 'VNPay (QR, thẻ ATM, ví)', 'vnpay', true],
  ])(
    'with %s: course → cart → CHAOBAN → gateway approves → the order is completed and the course is the learner’s',
    async (_, label, method, signInFirst) => {
      const shopper = await newShopper();
      const { page, user } = shopper;
      const course = await createPaidCourse(journey.server.context.db, 600_000);
      if (signInFirst) {
        await page.goto(url('/dang-nhap'));
        await signIn(page, user);
        await page.waitForURL(url('/'));
      }
      // Signed out, the cart is kept through the login page to the checkout.
      await courseToCheckout(shopper, course.slug, signInFirst);
      await expect.poll(() => page.getByText(course.title).isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('600.000đ');

      await applyPromotion(page, 'CHAOBAN', 'Áp dụng Chào bạn mới: giảm 30%: giảm 180.000đ.', '420.000đ');
      await payWith(page, label, '420.000đ');
      const pending = await orderOf(user.id);
      expect(pending).toMatchObject({ status: 'pending', payment_method: method, discount: 180_000, total: 420_000 });

      await page.getByRole('link', { name: 'Đồng ý thanh toán' }).click();
      await expectOrderPage(page, pending.code, 'thanh-cong', 'Hoàn tất');
      await expect.poll(() => page.getByText('Cổng thanh toán báo giao dịch thành công.').isVisible()).toBe(true);
      await expect
        .poll(() => page.getByRole('link', { name: new RegExp(pending.code) }).textContent())
        .toContain('Hoàn tất');
      expect(await orderOf(user.id)).toMatchObject({ status: 'completed', promotion_code: 'CHAOBAN' });
      // "Khóa học của tôi" is still a frame: the enrolment is read from the database.
      expect(await enrolledCourseIds(user.id)).toEqual([course.id]);

      // Owned now: the course page's cart button is refused with a clear message.
      await page.goto(url(`/gio-hang?pod=${course.podId}`));
      await expect.poll(() => page.getByText('Bạn đã sở hữu khóa học này, không cần mua lại.').isVisible()).toBe(true);
      expect(unexpectedProblems(shopper.watch)).toEqual([]);
    },
  );
});

describe('a payment that did not go through', () => {
  it('declined: the order fails, the promotion is given back, "Đặt lại" puts it in the cart and it is paid with another gateway', async () => {
    const shopper = await newShopper();
    const { page, user } = shopper;
    const course = await createPaidCourse(journey.server.context.db, 500_000);
    await courseToCheckout(shopper, course.slug, false);
    await page.getByLabel('Mã giảm giá').fill('KHONGCOMA');
    await page.getByRole('button', { name: 'Áp dụng mã' }).click();
    // Said once, under the field (described by it), and announced once: never shown twice.
    const refused = page.getByText('Mã giảm giá không tồn tại', { exact: true });
    await expect.poll(() => refused.count()).toBe(2);
    expect(await shownTimes(page, 'Mã giảm giá không tồn tại')).toBe(1);
    expect(await page.locator('#truong-promotion_code-loi').textContent()).toBe('Mã giảm giá không tồn tại');
    expect(await page.getByLabel('Mã giảm giá').getAttribute('aria-describedby')).toBe('truong-promotion_code-loi');
    expect(await page.getByRole('alert').filter({ hasText: 'Mã giảm giá không tồn tại' }).count()).toBe(1);
    await applyPromotion(page, 'CHAOBAN', 'Áp dụng Chào bạn mới: giảm 30%: giảm 150.000đ.', '350.000đ');
    await expect.poll(() => page.getByText('Mã giảm giá không tồn tại', { exact: true }).count()).toBe(0);
    await payWith(page, 'VNPay (QR, thẻ ATM, ví)', '350.000đ');
    const declined = await orderOf(user.id);

    await page.getByRole('link', { name: 'Giao dịch bị từ chối (không đủ số dư)' }).click();
    await expectOrderPage(page, declined.code, 'that-bai', 'Thanh toán thất bại');
    await expect
      .poll(() =>
        page.getByText('Giao dịch không thành công. Bạn có thể đặt lại đơn và chọn phương thức khác.').isVisible(),
      )
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Thanh toán lại' }).count()).toBe(0);
    expect(await enrolledCourseIds(user.id)).toEqual([]);

    await page.getByRole('button', { name: 'Đặt lại' }).click();
    await page.waitForURL(url('/gio-hang'));
    await expect.poll(() => page.getByRole('link', { name: course.title }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Thanh toán', exact: true }).click();
    await page.waitForURL(url('/gio-hang/thanh-toan'));
    await waitForHydration(page);
    // The failed order gave its use of CHAOBAN back.
    await applyPromotion(page, 'CHAOBAN', 'Áp dụng Chào bạn mới: giảm 30%: giảm 150.000đ.', '350.000đ');
    await payWith(page, 'Ví MoMo', '350.000đ');
    const retried = await orderOf(user.id);
    expect(retried.code).not.toBe(declined.code);
    await page.getByRole('link', { name: 'Đồng ý thanh toán' }).click();
    await expectOrderPage(page, retried.code, 'thanh-cong', 'Hoàn tất');
    expect(await orderOf(user.id)).toMatchObject({ status: 'completed', payment_method: 'momo', total: 350_000 });
    expect(await enrolledCourseIds(user.id)).toEqual([course.id]);
    expect(unexpectedProblems(shopper.watch)).toEqual([]);
  });

  it('abandoned on the gateway page: the order stays pending and "Thanh toán lại" pays it', async () => {
    const shopper = await newShopper();
    const { page, user } = shopper;
    const course = await createPaidCourse(journey.server.context.db, 300_000);
    await page.goto(url('/dang-nhap'));
    await signIn(page, user);
    await page.waitForURL(url('/'));
    await courseToCheckout(shopper, course.slug, true);
    await payWith(page, 'Thẻ ATM nội địa (OnePay)', '300.000đ');
    const order = await orderOf(user.id);

    await page.getByRole('link', { name: 'Bỏ dở (để đơn hết hạn)' }).click();
    await page.waitForURL((address) => address.pathname === '/tai-khoan/don-hang');
    await waitForHydration(page);
    await page.getByRole('link', { name: new RegExp(order.code) }).click();
    await page.waitForURL(url(`/tai-khoan/don-hang?ma=${order.code}`));
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Chờ thanh toán');

    await page.getByRole('button', { name: 'Thanh toán lại' }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/__sim/pay/onepay/'));
    await page.getByRole('link', { name: 'Đồng ý thanh toán' }).click();
    await expectOrderPage(page, order.code, 'thanh-cong', 'Hoàn tất');
    expect(await enrolledCourseIds(user.id)).toEqual([course.id]);
    expect(unexpectedProblems(shopper.watch)).toEqual([]);
  });
});

describe('gateway amount bounds on a 360 px phone', () => {
  it('a 3.000đ course: VNPay and OnePay are disabled with the reason, MoMo is chosen and pays it', async () => {
    const user = await createUser(journey.server.context.db);
    const { page, watch } = await journey.openPage({ width: 360, height: 740 });
    const shopper = { page, watch, user };
    const course = await createPaidCourse(journey.server.context.db, 3_000);
    await courseToCheckout(shopper, course.slug, false);
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('3.000đ');

    expect(await page.getByRole('radio', { name: /VNPay/ }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('VNPay nhận từ 5.000đ đến 999.999.999đ').isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: /Thẻ ATM nội địa/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: /Ví MoMo/ }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/__sim/pay/momo'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Thanh toán 3.000đ');
    const order = await orderOf(user.id);
    await page.getByRole('link', { name: 'Đồng ý thanh toán' }).click();
    await expectOrderPage(page, order.code, 'thanh-cong', 'Hoàn tất');
    expect(await enrolledCourseIds(user.id)).toEqual([course.id]);
    expect(unexpectedProblems(watch)).toEqual([]);
  });
});
