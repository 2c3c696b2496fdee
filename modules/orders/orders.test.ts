import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../tests/factories/catalog.ts';
import { createPaidCourse, createPromotion } from '../../tests/factories/commerce.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { PROMOTION_MESSAGES } from '../promotions/promotions.service.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const enrolmentsOf = (userId: number) =>
  t.db.selectFrom('enrolments').selectAll().where('user_id', '=', userId).orderBy('course_id').execute();

describe('order.json', () => {
  it('places a pending order with a KT code and a payment URL, then lists and details it', async () => {
    const shopper = await createShopper(t);
    const course = await createPaidCourse(t.db, 300_000);
    await shopper.addToCart(course.podId);
    const placed = await shopper.checkout('vnpay');
    expect(placed.statusCode).toBe(201);
    const { order, payment_url } = placed.json().data;
    expect(order).toMatchObject({ status: 'pending', total: 300_000 });
    expect(order.code).toMatch(/^KT\d{8}[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/);
    expect(payment_url).toContain('/__sim/pay/vnpay/paymentv2/vpcpay.html?');
    expect(payment_url).toContain('vnp_Amount=30000000');
    expect((await shopper.call('GET', '/api/user/cart.json')).json().data.items).toEqual([]);
    const list = await shopper.call('GET', '/api/user/order.json');
    expect(list.json()).toMatchObject({ data: [{ code: order.code }], meta: { total: 1 } });
    const details = await shopper.call('GET', `/api/user/order/details.json?code=${order.code}`);
    expect(details.json().data).toMatchObject({ can_pay: true, items: [{ course_id: course.id, price: 300_000 }] });
    const stranger = await createShopper(t);
    expect((await stranger.call('GET', `/api/user/order/details.json?code=${order.code}`)).statusCode).toBe(404);
  });

  it('completes a free order at once and grants a combo with its children, ending with the cycle', async () => {
    const shopper = await createShopper(t);
    const childA = await createCourse(t.db, { type: 'no_retail' });
    const childB = await createCourse(t.db, { type: 'no_retail' });
    const combo = await createPaidCourse(t.db, 200_000, { type: 'combo', childIds: [childA.id, childB.id], cycle: 3 });
    const promotion = await createPromotion(t.db, { type: 'percentage', value: 100 });
    await shopper.addToCart(combo.podId);
    const placed = await shopper.checkout('momo', promotion.code);
    expect(placed.json().data).toEqual({ order: expect.objectContaining({ status: 'completed', total: 0 }) });
    const granted = await enrolmentsOf(shopper.user.id);
    expect(granted.map((row) => row.course_id).sort()).toEqual([combo.id, childA.id, childB.id].sort());
    for (const row of granted) {
      const days = (new Date(row.ends_at!).getTime() - new Date(row.starts_at).getTime()) / 86_400_000;
      expect(days).toBe(30);
    }
  });

  it('cancels a pending order and refuses to cancel it twice; expires overdue orders', async () => {
    const shopper = await createShopper(t);
    const first = await createPaidCourse(t.db);
    await shopper.addToCart(first.podId);
    const code = (await shopper.checkout('momo')).json().data.order.code;
    expect((await shopper.call('POST', '/api/user/order/cancel.json', { code })).json().data.status).toBe('cancelled');
    expect((await shopper.call('POST', '/api/user/order/cancel.json', { code })).statusCode).toBe(409);

    const second = await createPaidCourse(t.db);
    await shopper.addToCart(second.podId);
    const late = (await shopper.checkout('onepay_domestic')).json().data.order.code;
    expect(await t.services.orders.expireOverdue(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    const details = (await shopper.call('GET', `/api/user/order/details.json?code=${late}`)).json().data;
    expect(details).toMatchObject({ status: 'expired', can_pay: false });
    expect((await shopper.call('POST', '/api/user/order/pay.json', { code: late })).statusCode).toBe(422);
    const view = await t.services.orders.reorder(shopper.user.id, late);
    expect(view.items.map((item) => item.course.id)).toEqual([second.id]);
  });

  it('refuses an empty cart and carrier billing with Vietnamese messages', async () => {
    const shopper = await createShopper(t);
    expect((await shopper.checkout('momo')).json().error.message).toBe('Giỏ hàng của bạn đang trống.');
    const course = await createPaidCourse(t.db);
    await shopper.addToCart(course.podId);
    expect((await shopper.checkout('carrier')).statusCode).toBe(422);
    expect((await shopper.checkout('paypal')).statusCode).toBe(400);
  });

  it('lets exactly 10 of 50 concurrent checkouts use a promotion of quantity 10', async () => {
    const promotion = await createPromotion(t.db, { quantity: 10, type: 'fixed_price', value: 10_000 });
    const course = await createPaidCourse(t.db, 100_000);
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => createShopper(t)));
    for (const shopper of shoppers) await shopper.addToCart(course.podId);
    const answers = await Promise.all(shoppers.map((shopper) => shopper.checkout('momo', promotion.code)));
    const placed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(placed).toHaveLength(10);
    for (const answer of refused) expect(answer.json().error.message).toBe(PROMOTION_MESSAGES.soldOut);
    const row = await t.db
      .selectFrom('promotions')
      .select('used')
      .where('id', '=', promotion.id)
      .executeTakeFirstOrThrow();
    expect(row.used).toBe(10);
    const usages = await t.db
      .selectFrom('promotion_usages')
      .select('id')
      .where('promotion_id', '=', promotion.id)
      .execute();
    expect(usages).toHaveLength(10);
  }, 120_000);
});
