/**
 * The checkout page and gateway amount bounds, through the built app as a browser without
 * JavaScript uses it: a method that cannot take the total is disabled with the reason, a total of
 * 0 needs no method and completes at once, and a forced post is refused with the same sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createPaidCourse, createPromotion } from '../factories/commerce.ts';
import { getPage, signIn, submitForm } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true });
});
afterAll(async () => {
  await t?.close();
});

const CHECKOUT = '/gio-hang/thanh-toan';

async function learnerWithCart(price: number) {
  const user = await createUser(t.db);
  const { cookie } = (await signIn(t, user.phone!, user.password)).cookie;
  const course = await createPaidCourse(t.db, price);
  expect((await getPage(t, `/gio-hang?pod=${course.podId}`, cookie)).statusCode).toBe(200);
  return { user, cookie, course };
}

/** The radio of `method`, as rendered. */
const radio = (html: string, method: string) =>
  new RegExp(`<input type="radio"[^>]*name="payment_method"[^>]*value="${method}"[^>]*/>`).exec(html)?.[0] ?? '';

describe('checkout and the gateways amount bounds', () => {
  it('disables VNPay and OnePay for 3.000đ with the reason, and keeps MoMo chosen', async () => {
    const { cookie } = await learnerWithCart(3_000);
    const page = await getPage(t, CHECKOUT, cookie);
    expect(page.statusCode).toBe(200);
    expect(radio(page.body, 'momo')).toContain('checked=""');
    expect(radio(page.body, 'momo')).not.toContain('disabled');
    expect(radio(page.body, 'vnpay')).toContain('disabled=""');
    expect(page.body).toContain('VNPay nhận từ 5.000đ đến 999.999.999đ');
    expect(radio(page.body, 'onepay_domestic')).toContain('disabled=""');
    expect(page.body).toContain('Thẻ ATM nội địa (OnePay) nhận từ 10.000đ đến 99.999.999đ');
  });

  it('disables every method for a 590đ total and refuses a forced post with a Vietnamese message', async () => {
    const { cookie } = await learnerWithCart(59_000);
    const promotion = await createPromotion(t.db, { type: 'percentage', value: 99 });
    const checked = await submitForm(t, CHECKOUT, { intent: 'check', promotion_code: promotion.code }, cookie);
    expect(checked.statusCode).toBe(200);
    expect(checked.body).toContain('590đ');
    for (const method of ['momo', 'vnpay', 'onepay_domestic', 'onepay_international'])
      expect(radio(checked.body, method)).toContain('disabled=""');
    expect(checked.body).toContain('MoMo nhận từ 1.000đ đến 50.000.000đ');
    expect(checked.body).toContain('Không cổng thanh toán nào nhận số tiền này.');

    const forced = await submitForm(
      t,
      CHECKOUT,
      { intent: 'pay', payment_method: 'momo', promotion_code: promotion.code },
      cookie,
    );
    expect(forced.statusCode).toBe(422);
    expect(forced.body).toContain(
      'Không thanh toán được 590đ qua phương thức này: MoMo nhận từ 1.000đ đến 50.000.000đ. Vui lòng chọn phương thức khác.',
    );
  });

  it('needs no method for a total of 0: the order completes at once', async () => {
    const { user, cookie, course } = await learnerWithCart(200_000);
    const promotion = await createPromotion(t.db, { type: 'percentage', value: 100 });
    const checked = await submitForm(t, CHECKOUT, { intent: 'check', promotion_code: promotion.code }, cookie);
    expect(checked.body).toContain('data-testid="free-order"');
    expect(checked.body).toContain('<input type="hidden" name="payment_method" value="free"/>');
    expect(radio(checked.body, 'momo')).toBe('');

    const placed = await submitForm(
      t,
      CHECKOUT,
      { intent: 'pay', payment_method: 'free', promotion_code: promotion.code },
      cookie,
    );
    expect(placed.statusCode).toBe(302);
    expect(String(placed.headers.location)).toMatch(/^\/tai-khoan\/don-hang\?ma=KT/);
    const [order] = await t.db.selectFrom('orders').selectAll().where('user_id', '=', user.id).execute();
    expect(order).toMatchObject({ status: 'completed', total: 0, payment_method: 'free' });
    expect(await t.services.enrolments.owns(user.id, course.id)).toBe(true);
  });
});
