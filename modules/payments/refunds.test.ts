/** Refunds through each gateway's simulator: completed → refunded, access ends, the learner is told; refusals change nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/errors.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { createShopper, decideOnSimulator } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { GATEWAY_METHODS, toGatewayTransaction, type GatewayMethod } from './gateway.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function paidOrder(method: GatewayMethod, decision: 'approve' | 'none' = 'approve') {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, 200_000);
  await shopper.addToCart(course.podId);
  const placed = (await shopper.checkout(method)).json().data as { order: { code: string }; payment_url: string };
  if (decision === 'approve') await decideOnSimulator(t, placed.payment_url, 'approve');
  const code = placed.order.code;
  return {
    code,
    shopper,
    course,
    details: async () => (await shopper.call('GET', `/api/user/order/details.json?code=${code}`)).json().data,
    owns: () => t.services.enrolments.owns(shopper.user.id, course.id),
    refunds: () =>
      t.db
        .selectFrom('payment_refunds')
        .innerJoin('orders', 'orders.id', 'payment_refunds.order_id')
        .selectAll('payment_refunds')
        .where('orders.code', '=', code)
        .execute(),
    notices: async () =>
      (
        await t.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', shopper.user.id)
          .where('kind', '=', 'order_refunded')
          .execute()
      ).length,
  };
}

/** The AppError a refund is refused with. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const refund = (code: string, amount?: number) =>
  t.services.refunds.refundOrder({ code, amount, reason: 'Học viên đổi ý trong 7 ngày', actor: 'cli:test' });

describe.each(GATEWAY_METHODS)('%s refund', (method) => {
  it('moves the order to refunded, records the refund, ends access and notifies; a second refund is refused', async () => {
    const order = await paidOrder(method);
    expect((await order.details()).status).toBe('completed');
    expect(await order.owns()).toBe(true);

    // Partial through OnePay and MoMo, full through VNPay.
    const amount = method === 'vnpay' ? undefined : 50_000;
    const done = await refund(order.code, amount);
    expect(done).toMatchObject({
      code: order.code,
      amount: amount ?? 200_000,
      status: 'refunded',
      enrolmentsRevoked: 1,
    });

    const details = await order.details();
    expect(details.status).toBe('refunded');
    expect(details.status_label).toBe('Đã hoàn tiền');
    expect(details.refund).toMatchObject({ amount: amount ?? 200_000, processing: false });
    expect(await order.owns()).toBe(false);
    expect(await order.notices()).toBe(1);
    const [row] = await order.refunds();
    expect(row).toMatchObject({ status: 'succeeded', amount: amount ?? 200_000, actor: 'cli:test' });
    expect(row!.gateway_ref).toMatch(/^\d+$/);
    expect(JSON.parse(row!.raw!)).toBeTypeOf('object');

    expect(await refusal(refund(order.code))).toEqual({
      code: 'CONFLICT',
      message: `Đơn hàng ${order.code} đã được hoàn tiền trước đó.`,
    });
    expect(await order.refunds()).toHaveLength(1);
    expect(await order.notices()).toBe(1);
  });

  it('leaves the order completed when the gateway refuses (already refunded at the gateway)', async () => {
    const order = await paidOrder(method);
    const payment = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('request_id', '=', `${order.code}01`)
      .executeTakeFirstOrThrow();
    // The whole amount was already given back from the gateway's merchant portal.
    const portal = await t.services.payments.gateways.get(method)!.refund({
      transaction: toGatewayTransaction(payment, order.code),
      refundId: `${order.code}PORTAL`,
      amount: payment.amount,
      reason: 'Portal',
      actor: 'portal',
      now: new Date(),
    });
    expect(portal.status).toBe('refunded');

    const refused = await refusal(refund(order.code));
    expect(refused.code).toBe('BUSINESS_RULE');
    expect(refused.message).toMatch(/^Cổng thanh toán từ chối hoàn tiền \(mã \w+\): .+/);
    expect((await order.details()).status).toBe('completed');
    expect(await order.owns()).toBe(true);
    expect(await order.notices()).toBe(0);
    expect((await order.refunds()).map((row) => row.status)).toEqual(['refused']);
  });
});

describe('refund rules', () => {
  it('refuses a pending order, an amount above the payment, and lets only one of two concurrent refunds through', async () => {
    const pending = await paidOrder('vnpay', 'none');
    expect(await refusal(refund(pending.code))).toEqual({
      code: 'BUSINESS_RULE',
      message: `Chỉ hoàn tiền được đơn hàng đã hoàn tất; đơn ${pending.code} đang ở trạng thái "Chờ thanh toán".`,
    });
    expect((await pending.details()).status).toBe('pending');
    expect(await pending.refunds()).toHaveLength(0);

    const order = await paidOrder('momo');
    expect(await refusal(refund(order.code, 200_001))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Số tiền hoàn phải từ 1đ đến 200.000đ.',
    });
    expect(await refusal(refund('KT20260101ZZZZZZ'))).toMatchObject({ code: 'NOT_FOUND' });

    const results = await Promise.allSettled([refund(order.code), refund(order.code)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await order.details()).status).toBe('refunded');
    expect(await order.refunds()).toHaveLength(1);
    expect(await order.notices()).toBe(1);
  });
});
