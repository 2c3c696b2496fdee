import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../tests/factories/catalog.ts';
import { createPaidCourse, createPromotion } from '../../tests/factories/commerce.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { formatDateTime } from '../../lib/format/date.ts';
import { PROMOTION_MESSAGES } from './promotions.service.ts';

let t: TestContext;
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function check(code: string, price = 400_000) {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, price);
  await shopper.addToCart(course.podId);
  return { shopper, course, answer: await shopper.call('POST', '/api/user/promotion/check.json', { code }) };
}

describe('promotion/check.json', () => {
  it('computes the three types, with the cap and the minimum order', async () => {
    const percent = await createPromotion(t.db, { type: 'percentage', value: 30, max_discount: 100_000 });
    expect((await check(percent.code.toLowerCase())).answer.json().data).toMatchObject({
      discount: 100_000,
      total: 300_000,
    });
    const fixed = await createPromotion(t.db, { type: 'fixed_price', value: 50_000 });
    expect((await check(fixed.code)).answer.json().data).toMatchObject({ discount: 50_000, total: 350_000 });
    const same = await createPromotion(t.db, { type: 'same_price', value: 99_000 });
    expect((await check(same.code)).answer.json().data).toMatchObject({ discount: 301_000, total: 99_000 });
  });

  it('says which rule refused the code: the minimum order with the amount missing', async () => {
    const minimum = await createPromotion(t.db, { min_order: 500_000 });
    const { answer } = await check(minimum.code, 399_000);
    expect(answer.statusCode).toBe(422);
    const message = 'Mã giảm giá không hợp lệ: mã áp dụng cho đơn hàng từ 500.000đ, đơn của bạn còn thiếu 101.000đ.';
    expect(answer.json().error).toEqual({
      code: 'BUSINESS_RULE',
      message,
      fields: { promotion_code: message, reason: 'min_order', min_order: '500000', missing: '101000' },
    });
    // Exactly the minimum is enough.
    expect((await check(minimum.code, 500_000)).answer.statusCode).toBe(200);
  });

  it('answers each of the six messages of PRODUCT.md, followed by the rule, with its reason', async () => {
    const starts = new Date(Date.now() + day);
    const ends = new Date(Date.now() - day);
    const cases: [string, string, string][] = [
      ['KHONGCO', PROMOTION_MESSAGES.notFound, 'not_found'],
      [
        (await createPromotion(t.db, { customer_type: 'user_active' })).code,
        `${PROMOTION_MESSAGES.invalid}: mã chỉ dành cho học viên đang có khóa học còn hạn.`,
        'customer_type',
      ],
      [
        (await createPromotion(t.db, { customer_type: 'user_sub' })).code,
        `${PROMOTION_MESSAGES.invalid}: mã chỉ dành cho học viên đang dùng gói cước.`,
        'customer_type',
      ],
      [
        (await createPromotion(t.db, { starts_at: starts.toISOString() })).code,
        `${PROMOTION_MESSAGES.outsideWindow}: mã bắt đầu áp dụng từ ${formatDateTime(starts, 'HH:mm DD/MM/YYYY')}.`,
        'not_started',
      ],
      [
        (await createPromotion(t.db, { ends_at: ends.toISOString() })).code,
        `${PROMOTION_MESSAGES.outsideWindow}: mã đã hết hạn lúc ${formatDateTime(ends, 'HH:mm DD/MM/YYYY')}.`,
        'ended',
      ],
      [(await createPromotion(t.db, { is_active: 0 })).code, PROMOTION_MESSAGES.inactive, 'inactive'],
      [(await createPromotion(t.db, { quantity: 5, used: 5 })).code, PROMOTION_MESSAGES.soldOut, 'sold_out'],
    ];
    for (const [code, message, reason] of cases) {
      const { answer } = await check(code);
      expect(answer.statusCode, code).toBe(422);
      expect(answer.json().error).toMatchObject({ message, fields: { promotion_code: message, reason } });
    }
  });

  it('is used once per learner, and a cancelled order gives the use back', async () => {
    const promotion = await createPromotion(t.db, { quantity: 3 });
    const { shopper } = await check(promotion.code);
    const placed = await shopper.checkout('momo', promotion.code);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.order).toMatchObject({ discount: 40_000, total: 360_000, status: 'pending' });
    const again = await createPaidCourse(t.db);
    await shopper.addToCart(again.podId);
    const used = await shopper.call('POST', '/api/user/promotion/check.json', { code: promotion.code });
    expect(used.json().error).toMatchObject({
      message: `${PROMOTION_MESSAGES.used}: mỗi tài khoản chỉ dùng được một lần.`,
      fields: { reason: 'used' },
    });
    const code = placed.json().data.order.code as string;
    expect((await shopper.call('POST', '/api/user/order/cancel.json', { code })).json().data.status).toBe('cancelled');
    expect((await shopper.call('POST', '/api/user/promotion/check.json', { code: promotion.code })).statusCode).toBe(
      200,
    );
    const row = await t.db
      .selectFrom('promotions')
      .select('used')
      .where('id', '=', promotion.id)
      .executeTakeFirstOrThrow();
    expect(row.used).toBe(0);
  });

  it('applies a category or course scope to the eligible lines only', async () => {
    const category = await createCategory(t.db);
    const inScope = await createPaidCourse(t.db, 200_000, { category_id: category.id });
    const promotion = await createPromotion(t.db, { type: 'percentage', value: 50, scope: 'categories' }, [
      { kind: 'category', target_id: category.id },
    ]);
    const { shopper, answer } = await check(promotion.code, 400_000);
    expect(answer.json().error).toMatchObject({
      message: `${PROMOTION_MESSAGES.invalid}: mã chỉ áp dụng cho khóa học thuộc một số danh mục, giỏ hàng chưa có khóa học nào thuộc các danh mục đó.`,
      fields: { reason: 'scope' },
    });
    const courseScoped = await createPromotion(t.db, { scope: 'courses' }, [{ kind: 'course', target_id: inScope.id }]);
    const other = await shopper.call('POST', '/api/user/promotion/check.json', { code: courseScoped.code });
    expect(other.json().error).toMatchObject({
      message: `${PROMOTION_MESSAGES.invalid}: mã chỉ áp dụng cho một số khóa học, giỏ hàng chưa có khóa học nào trong số đó.`,
      fields: { reason: 'scope' },
    });
    await shopper.addToCart(inScope.podId);
    const scoped = await shopper.call('POST', '/api/user/promotion/check.json', { code: promotion.code });
    expect(scoped.json().data).toMatchObject({ subtotal: 600_000, discount: 100_000, total: 500_000 });
  });

  it('lists public offers and shows one', async () => {
    const promotion = await createPromotion(t.db, { name: 'Chào bạn mới' });
    const list = await t.app.inject({ method: 'GET', url: '/api/user/promotion.json' });
    expect(list.json().data.map((item: { code: string }) => item.code)).toContain(promotion.code);
    const one = await t.app.inject({ method: 'GET', url: `/api/user/promotion/details.json?code=${promotion.code}` });
    expect(one.json().data).toMatchObject({ code: promotion.code, name: 'Chào bạn mới', type: 'percentage' });
  });
});
