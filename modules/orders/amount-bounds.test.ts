/**
 * Gateway amount bounds at order.json and pay.json: a gateway that cannot take the total is refused
 * with a Vietnamese 422 before any order is made; a total of 0 is a free order; the OpenAPI
 * document describes the choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse, createPromotion } from '../../tests/factories/commerce.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { amountRefusal, GATEWAY_AMOUNT_BOUNDS } from '../payments/amount-bounds.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function cartOf(price: number) {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, price);
  await shopper.addToCart(course.podId);
  const orders = async () =>
    (await t.db.selectFrom('orders').select('id').where('user_id', '=', shopper.user.id).execute()).length;
  return { shopper, course, orders };
}

describe('gateway amount bounds', () => {
  it('states each gateway bound as checkout and the server say it', () => {
    expect(amountRefusal('momo', 590)).toBe('MoMo nhận từ 1.000đ đến 50.000.000đ');
    expect(amountRefusal('momo', 1_000)).toBeNull();
    expect(amountRefusal('momo', 50_000_000)).toBeNull();
    expect(amountRefusal('momo', 50_000_001)).toBe('MoMo nhận từ 1.000đ đến 50.000.000đ');
    expect(amountRefusal('vnpay', 4_999)).toBe('VNPay nhận từ 5.000đ đến 999.999.999đ');
    expect(amountRefusal('vnpay', 1_000_000_000)).not.toBeNull();
    expect(amountRefusal('onepay_domestic', 9_999)).toBe('Thẻ ATM nội địa (OnePay) nhận từ 10.000đ đến 99.999.999đ');
    expect(GATEWAY_AMOUNT_BOUNDS.onepay_international).toEqual({ min: 10_000, max: 99_999_999 });
  });

  it('refuses a 590đ MoMo order from a 99 % promotion with a Vietnamese 422, and makes no order', async () => {
    const { shopper, orders } = await cartOf(59_000);
    const promotion = await createPromotion(t.db, { type: 'percentage', value: 99, quantity: 5 });
    const refused = await shopper.checkout('momo', promotion.code);
    expect(refused.statusCode).toBe(422);
    const message =
      'Không thanh toán được 590đ qua phương thức này: MoMo nhận từ 1.000đ đến 50.000.000đ. Vui lòng chọn phương thức khác.';
    expect(refused.json().error).toMatchObject({ code: 'BUSINESS_RULE', message, fields: { payment_method: message } });
    expect(await orders()).toBe(0);
    expect((await shopper.call('GET', '/api/user/cart.json')).json().data.items).toHaveLength(1);
    const used = await t.db.selectFrom('promotions').select('used').where('id', '=', promotion.id).executeTakeFirst();
    expect(used?.used).toBe(0);
    // VNPay and OnePay cannot take 590đ either; the free method is for a total of 0 only.
    for (const method of ['vnpay', 'onepay_domestic', 'onepay_international'])
      expect((await shopper.checkout(method, promotion.code)).statusCode).toBe(422);
    const free = await shopper.checkout('free', promotion.code);
    expect(free.statusCode).toBe(422);
    expect(free.json().error.message).toBe('Đơn hàng 590đ cần thanh toán: vui lòng chọn phương thức thanh toán.');
    expect(await orders()).toBe(0);
  });

  it('takes 3.000đ through MoMo but not VNPay, and 60.000.000đ through VNPay and OnePay but not MoMo', async () => {
    const small = await cartOf(3_000);
    expect((await small.shopper.checkout('vnpay')).json().error.message).toContain(
      'VNPay nhận từ 5.000đ đến 999.999.999đ',
    );
    expect((await small.shopper.checkout('momo')).statusCode).toBe(201);

    const large = await cartOf(60_000_000);
    expect((await large.shopper.checkout('momo')).statusCode).toBe(422);
    expect((await large.shopper.checkout('onepay_international')).statusCode).toBe(201);
    const again = await cartOf(60_000_000);
    expect((await again.shopper.checkout('vnpay')).statusCode).toBe(201);
  });

  it('completes a total of 0 as a free order with the free method, without a gateway', async () => {
    const { shopper, course } = await cartOf(200_000);
    const promotion = await createPromotion(t.db, { type: 'percentage', value: 100 });
    const placed = await shopper.checkout('free', promotion.code);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toEqual({
      order: expect.objectContaining({ status: 'completed', total: 0, payment_method: 'free' }),
    });
    expect(await t.services.enrolments.owns(shopper.user.id, course.id)).toBe(true);
    const payments = await t.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select('payments.id')
      .where('orders.user_id', '=', shopper.user.id)
      .execute();
    expect(payments).toEqual([]);
    // The learner is told in words true for a free order: nothing was "paid".
    const notices = await t.db
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('user_id', '=', shopper.user.id)
      .where('kind', '=', 'order_paid')
      .execute();
    const code = placed.json().data.order.code;
    expect(notices).toEqual([
      {
        title: 'Đăng ký thành công',
        body: `Đơn hàng ${code} (miễn phí) đã được kích hoạt. Khóa học đã sẵn sàng trong mục Khóa học của tôi.`,
      },
    ]);
  });

  it('refuses to pay a pending order again through a gateway that cannot take its total', async () => {
    const { shopper } = await cartOf(3_000);
    const placed = (await shopper.checkout('momo')).json().data;
    const again = await shopper.call('POST', '/api/user/order/pay.json', {
      code: placed.order.code,
      payment_method: 'onepay_domestic',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toContain('Thẻ ATM nội địa (OnePay) nhận từ 10.000đ đến 99.999.999đ');
    const details = (await shopper.call('GET', `/api/user/order/details.json?code=${placed.order.code}`)).json().data;
    expect(details.payment_method).toBe('momo');
  });

  it('documents the methods and the free choice in the OpenAPI schema of order.json', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const body = document.paths['/api/user/order.json'].post.requestBody.content['application/json'].schema;
    expect(body.properties.payment_method.enum).toEqual([
      'momo',
      'onepay_domestic',
      'onepay_international',
      'vnpay',
      'zalopay',
      'vietqr',
      'carrier',
      'free',
    ]);
    expect(body.properties.payment_method.description).toContain('MoMo 1.000–50.000.000đ');
    expect(body.properties.payment_method.description).toContain('ZaloPay 1.000–50.000.000đ');
    expect(body.properties.payment_method.description).toContain('chuyển khoản ngân hàng 2.000–499.999.999đ');
  });
});
