/**
 * The shop's pages through the real app (Fastify + the built React Router app + the demo seed), as a
 * browser without JavaScript uses them: GETs and form posts. The cart (empty state, `?pod=` adds a
 * line, remove, an anonymous cart kept at sign-in), the checkout (summary, promotion codes, placing
 * the order sends the browser to the gateway simulator), and the orders page (list, detail, cancel,
 * pay again, order again; someone else's order is a 404). Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse, createPromotion } from '../factories/commerce.ts';
import { cookiesOf, signIn, submitForm, getPage } from '../helpers/auth.ts';
import { decideOnSimulator } from '../helpers/commerce.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { insertEnrolments } from '../../modules/enrolments/enrolments.repository.ts';
import { PROMOTION_MESSAGES } from '../../modules/promotions/promotions.service.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
});

afterAll(async () => {
  await t?.close();
});

const CHECKOUT = '/gio-hang/thanh-toan';
const ORDERS = '/tai-khoan/don-hang';

const get = (url: string, cookie = '') => getPage(t, url, cookie);
const submit = (url: string, fields: Record<string, string>, cookie = '') => submitForm(t, url, fields, cookie);

/** A fresh learner signed in through the real login endpoint: the Cookie header of their browser. */
async function newLearner() {
  const user = await createUser(t.db);
  const session = await signIn(t, user.phone!, user.password);
  return { user, cookie: session.cookie.cookie };
}

/** Text of the element marked `data-testid="{id}"`. */
function testId(html: string, id: string): string | undefined {
  return new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

const ordersOf = (userId: number) =>
  t.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** Puts a fresh course in the learner's cart through `/gio-hang?pod=`, as the course page's buttons do. */
async function cartWith(cookie: string, price = 500_000) {
  const course = await createPaidCourse(t.db, price);
  const added = await get(`/gio-hang?pod=${course.podId}`, cookie);
  expect(added.statusCode).toBe(200);
  expect(added.body).toContain('Đã thêm khóa học vào giỏ hàng.');
  return course;
}

/** Places an order from the checkout form; the answer redirects the whole document to the gateway. */
async function placeOrder(cookie: string, paymentMethod: string, promotionCode = '') {
  const placed = await submit(
    CHECKOUT,
    { intent: 'pay', payment_method: paymentMethod, promotion_code: promotionCode },
    cookie,
  );
  expect(placed.statusCode, placed.body.slice(0, 500)).toBe(302);
  return String(placed.headers.location);
}

describe('/gio-hang', () => {
  it('shows the empty state, adds a line with ?pod=, refuses it twice, removes it', async () => {
    const empty = await get('/gio-hang');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('Giỏ hàng của bạn đang trống.');
    expect(empty.body).toContain('href="/khoa-hoc"');
    expect(empty.headers['set-cookie']).toBeUndefined();

    const course = await createPaidCourse(t.db, 450_000);
    const added = await get(`/gio-hang?pod=${course.podId}`);
    expect(added.statusCode).toBe(200);
    const cookie = cookiesOf(added);
    expect(cookie).toMatch(/^kt_cart=[\w-]{16,64}$/);
    expect(added.body).toContain('Đã thêm khóa học vào giỏ hàng.');
    expect(added.body).toContain(`href="/khoa-hoc/${course.slug}"`);
    expect(testId(added.body, 'cart-total')).toBe('450.000đ');
    // Signed out, "Thanh toán" goes through the login page and back to the checkout.
    expect(added.body).toContain('href="/dang-nhap?redirect=%2Fgio-hang%2Fthanh-toan"');

    const again = await get(`/gio-hang?pod=${course.podId}`, cookie);
    expect(again.body).toContain('Khóa học này đã có trong giỏ hàng.');
    expect(testId(again.body, 'cart-total')).toBe('450.000đ');

    const unknown = await get('/gio-hang?pod=99999999', cookie);
    expect(unknown.body).toContain('Không tìm thấy gói học này hoặc gói đã ngừng bán.');

    const removed = await submit('/gio-hang', { pod_id: String(course.podId) }, cookie);
    expect(removed.statusCode).toBe(302);
    expect(removed.headers.location).toBe('/gio-hang');
    const after = await get('/gio-hang', cookie);
    expect(after.body).toContain('Giỏ hàng của bạn đang trống.');
    expect(after.body).not.toContain(`href="/khoa-hoc/${course.slug}"`);
  });

  it("keeps an anonymous visitor's cart when they sign in, and refuses a course they own", async () => {
    const course = await createPaidCourse(t.db, 350_000);
    const anonymous = cookiesOf(await get(`/gio-hang?pod=${course.podId}`));
    const { user, cookie } = await newLearner();

    // Straight from the login page to the checkout: the lines are there.
    const checkout = await get(CHECKOUT, `${cookie}; ${anonymous}`);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain(course.title);
    expect(testId(checkout.body, 'checkout-total')).toBe('350.000đ');
    const cart = await get('/gio-hang', cookie);
    expect(cart.body).toContain(`href="/khoa-hoc/${course.slug}"`);
    expect(cart.body).toContain(`href="${CHECKOUT}"`);

    const now = new Date().toISOString();
    await insertEnrolments(
      t.db,
      [{ userId: user.id, courseId: course.id, source: 'activation', startsAt: now, endsAt: null }],
      now,
    );
    const owned = await get(`/gio-hang?pod=${course.podId}`, cookie);
    expect(owned.body).toContain('Bạn đã sở hữu khóa học này, không cần mua lại.');
    expect(owned.body).toContain('Giỏ hàng của bạn đang trống.');
  });
});

describe('/gio-hang/thanh-toan', () => {
  it('asks an anonymous visitor to sign in, and sends their form post to the login page', async () => {
    const page = await get(CHECKOUT);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Vui lòng đăng nhập để thanh toán.');
    expect(page.body).toContain('href="/dang-nhap?redirect=%2Fgio-hang%2Fthanh-toan"');
    const post = await submit(CHECKOUT, { intent: 'pay', payment_method: 'momo' });
    expect(post.statusCode).toBe(302);
    expect(post.headers.location).toBe('/dang-nhap?redirect=%2Fgio-hang%2Fthanh-toan');
  });

  it('shows the summary with the payment methods, in the mobile-payment layout', async () => {
    const { cookie } = await newLearner();
    const emptyCart = await get(CHECKOUT, cookie);
    expect(emptyCart.body).toContain('Giỏ hàng của bạn đang trống.');

    const course = await cartWith(cookie, 500_000);
    const page = await get(CHECKOUT, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-layout="mobile-payment"');
    expect(page.body).toContain('<title>Thanh toán | Khai Trí</title>');
    expect(page.body).toContain(course.title);
    expect(testId(page.body, 'checkout-total')).toBe('500.000đ');
    for (const label of ['Ví MoMo', 'VNPay (QR, thẻ ATM, ví)', 'Thẻ ATM nội địa (OnePay)']) {
      expect(page.body).toContain(label);
    }
    expect(page.body).toMatch(/<input type="radio" name="payment_method" checked="" value="momo"\/>/);

    // Inside the app's web view the site's header and footer are left out.
    const inApp = await get(`${CHECKOUT}?app=1`, cookie);
    expect(inApp.body).toContain('data-layout="mobile-payment"');
    expect(inApp.body).not.toContain('<footer');
  });

  it('applies a valid code and explains the wrong ones, keeping what was typed', async () => {
    const { cookie } = await newLearner();
    await cartWith(cookie, 400_000);

    const valid = await submit(
      CHECKOUT,
      { intent: 'check', promotion_code: 'chaoban', payment_method: 'momo' },
      cookie,
    );
    expect(valid.statusCode).toBe(200);
    expect(valid.body).toContain('Áp dụng Chào bạn mới: giảm 30%: giảm 120.000đ.');
    expect(testId(valid.body, 'checkout-total')).toBe('280.000đ');

    const unknown = await submit(CHECKOUT, { intent: 'check', promotion_code: 'KHONGCOMA' }, cookie);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain(PROMOTION_MESSAGES.notFound);
    expect(unknown.body).toContain('value="KHONGCOMA"');
    expect(testId(unknown.body, 'checkout-total')).toBe('400.000đ');

    // HOCHE2026 needs an order of 500.000đ.
    const tooSmall = await submit(CHECKOUT, { intent: 'check', promotion_code: 'HOCHE2026' }, cookie);
    expect(tooSmall.statusCode).toBe(422);
    // The page says which rule failed: the minimum and what the cart is missing.
    expect(tooSmall.body).toContain(
      'Mã giảm giá không hợp lệ: mã áp dụng cho đơn hàng từ 500.000đ, đơn của bạn còn thiếu 100.000đ.',
    );
    expect(tooSmall.body).not.toContain('data-testid="checkout-discount"');
    expect(tooSmall.body).not.toContain('Miễn phí');

    const ended = await createPromotion(t.db, {
      starts_at: new Date(Date.now() - 10 * 86_400_000).toISOString(),
      ends_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const late = await submit(CHECKOUT, { intent: 'check', promotion_code: ended.code }, cookie);
    expect(late.body).toContain(PROMOTION_MESSAGES.outsideWindow);

    const paused = await createPromotion(t.db, { is_active: 0 });
    expect((await submit(CHECKOUT, { intent: 'check', promotion_code: paused.code }, cookie)).body).toContain(
      PROMOTION_MESSAGES.inactive,
    );

    const blank = await submit(CHECKOUT, { intent: 'check', promotion_code: '' }, cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Vui lòng nhập mã giảm giá.');

    const noMethod = await submit(CHECKOUT, { intent: 'pay' }, cookie);
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.body).toContain('Vui lòng chọn phương thức thanh toán.');
  });

  it('places the order with the promotion and redirects to the MoMo simulator; approving it completes the order', async () => {
    const { user, cookie } = await newLearner();
    const course = await cartWith(cookie, 500_000);
    const paymentUrl = await placeOrder(cookie, 'momo', 'CHAOBAN');
    expect(paymentUrl).toMatch(/^http:\/\/localhost:3000\/__sim\/pay\/momo\/pay\?data=[\w-]+$/);

    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      status: 'pending',
      payment_method: 'momo',
      subtotal: 500_000,
      discount: 150_000,
      total: 350_000,
      promotion_code: 'CHAOBAN',
    });
    expect((await get('/gio-hang', cookie)).body).toContain('Giỏ hàng của bạn đang trống.');

    const simulator = await get(paymentUrl.replace('http://localhost:3000', ''));
    expect(simulator.statusCode).toBe(200);
    expect(simulator.body).toContain('Thanh toán 350.000đ');
    expect(simulator.body).toContain(order!.code);

    const approved = await decideOnSimulator(t, paymentUrl, 'approve');
    expect(approved.statusCode).toBe(302);
    const back = new URL(String(approved.headers.location));
    const returned = await get(`${back.pathname}${back.search}`, cookie);
    expect(returned.headers.location).toBe(`${ORDERS}?ma=${order!.code}&ket-qua=thanh-cong`);
    const result = await get(String(returned.headers.location), cookie);
    expect(result.body).toContain('Cổng thanh toán báo giao dịch thành công.');
    expect(testId(result.body, 'order-status')).toBe('Hoàn tất');
    const enrolments = await t.db
      .selectFrom('enrolments')
      .select(['course_id', 'source'])
      .where('user_id', '=', user.id)
      .execute();
    expect(enrolments).toEqual([{ course_id: course.id, source: 'order' }]);
  });

  it.each([
    ['vnpay', /^http:\/\/localhost:3000\/__sim\/pay\/vnpay\/paymentv2\/vpcpay\.html\?.*vnp_Amount=30000000/],
    ['onepay_domestic', /^http:\/\/localhost:3000\/__sim\/pay\/onepay\/onecomm-pay\/vpc\.op\?.*vpc_Amount=30000000/],
  ])('places an order with %s and redirects to its simulator', async (method, url) => {
    const { user, cookie } = await newLearner();
    await cartWith(cookie, 300_000);
    expect(await placeOrder(cookie, method)).toMatch(url);
    expect(await ordersOf(user.id)).toMatchObject([{ status: 'pending', payment_method: method, total: 300_000 }]);
  });
});

describe('/tai-khoan/don-hang', () => {
  it('sends an anonymous visitor to the login page', async () => {
    const page = await get(`${ORDERS}?ma=KT20260101ABCDEF`);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/dang-nhap?redirect=%2Ftai-khoan%2Fdon-hang%3Fma%3DKT20260101ABCDEF');
    const post = await submit(ORDERS, { intent: 'cancel', code: 'KT20260101ABCDEF' });
    expect(post.statusCode).toBe(302);
    expect(String(post.headers.location)).toMatch(/^\/dang-nhap\?redirect=/);
  });

  it('lists the orders, shows one, pays it again, cancels it, then orders it again', async () => {
    const { user, cookie } = await newLearner();
    const none = await get(ORDERS, cookie);
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('data-layout="profile"');
    expect(none.body).toContain('Bạn chưa có đơn hàng nào.');

    const course = await cartWith(cookie, 250_000);
    await placeOrder(cookie, 'vnpay');
    const [order] = await ordersOf(user.id);
    const code = order!.code;

    const list = await get(ORDERS, cookie);
    expect(list.body).toContain(`href="/tai-khoan/don-hang?ma=${code}"`);
    expect(list.body).toContain('Chờ thanh toán');
    expect(list.body).toContain('250.000đ');

    const detail = await get(`${ORDERS}?ma=${code}`, cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain(`aria-label="Đơn hàng ${code}"`);
    expect(testId(detail.body, 'order-status')).toBe('Chờ thanh toán');
    expect(detail.body).toContain(`href="/khoa-hoc/${course.slug}"`);
    expect(detail.body).toContain('Thanh toán lại');
    expect(detail.body).toContain('Hủy đơn');

    const again = await submit(`${ORDERS}?ma=${code}`, { intent: 'pay', code }, cookie);
    expect(again.statusCode).toBe(302);
    expect(String(again.headers.location)).toContain('/__sim/pay/vnpay/paymentv2/vpcpay.html?');
    expect(String(again.headers.location)).toContain(`vnp_TxnRef=${code}02`);

    const cancelled = await submit(`${ORDERS}?ma=${code}`, { intent: 'cancel', code }, cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain(`Đã hủy đơn hàng ${code}.`);
    expect(testId(cancelled.body, 'order-status')).toBe('Đã hủy');
    expect(cancelled.body).not.toContain('Thanh toán lại');
    expect(cancelled.body).toContain('Đặt lại');
    expect((await ordersOf(user.id))[0]!.status).toBe('cancelled');

    const twice = await submit(`${ORDERS}?ma=${code}`, { intent: 'cancel', code }, cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('Chỉ hủy được đơn hàng đang chờ thanh toán.');

    const reordered = await submit(`${ORDERS}?ma=${code}`, { intent: 'reorder', code }, cookie);
    expect(reordered.statusCode).toBe(302);
    expect(reordered.headers.location).toBe('/gio-hang');
    const cart = await get('/gio-hang', cookie);
    expect(cart.body).toContain(`href="/khoa-hoc/${course.slug}"`);
  });

  it("answers 404 for someone else's order, on the page and to its buttons", async () => {
    const owner = await newLearner();
    await cartWith(owner.cookie, 200_000);
    await placeOrder(owner.cookie, 'momo');
    const [order] = await ordersOf(owner.user.id);
    const stranger = await newLearner();

    const page = await get(`${ORDERS}?ma=${order!.code}`, stranger.cookie);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain(order!.code);
    expect((await get(`${ORDERS}?ma=KT20260101ZZZZZZ`, stranger.cookie)).statusCode).toBe(404);

    const cancel = await submit(ORDERS, { intent: 'cancel', code: order!.code }, stranger.cookie);
    expect(cancel.statusCode).toBe(404);
    expect(cancel.body).toContain('Không tìm thấy đơn hàng.');
    const pay = await submit(ORDERS, { intent: 'pay', code: order!.code }, stranger.cookie);
    expect(pay.statusCode).toBe(404);
    expect((await ordersOf(owner.user.id))[0]!.status).toBe('pending');
  });
});
