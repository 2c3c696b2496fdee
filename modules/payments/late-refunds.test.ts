/**
 * The late-payment rule's other branch (decision 0007): a confirmed payment that cannot complete its
 * order — the learner already owns everything through another order, the order was paid by another
 * attempt, a course is no longer sold — is refunded automatically through its gateway, once, and the
 * learner is told; a refund the gateway refuses stays visible in the studio, which can refund it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createShopper, decideOnSimulator } from '../../tests/helpers/commerce.ts';
import { deliverIpn, ipnAcknowledged, paidWithoutNotice } from '../../tests/helpers/gateway-notices.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { GATEWAY_METHODS, toGatewayTransaction, type GatewayMethod } from './gateway.ts';
import { AUTOMATIC_REFUND_ACTOR } from './refunds.service.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.db, { role: 'admin' });
  admin = await signIn(t, user.phone!, user.password);
});
afterAll(async () => {
  await t.close();
});

const later = () => new Date(Date.now() + 10 * 60_000);
const studio = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: admin.bearer,
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : {}),
  });
const unaccounted = async () =>
  (await studio('GET', '/api/admin/payments/unaccounted.json?limit=100')).json().data as {
    request_id: string;
    order: { code: string; status: string };
    refund_state: string;
    refund_message: string | null;
  }[];

/** The learner buys the same course again through a second order that completes. */
async function buyAgain(order: Awaited<ReturnType<typeof paidWithoutNotice>>, method: GatewayMethod) {
  await order.shopper.addToCart(order.course.podId);
  const placed = (await order.shopper.checkout(method)).json().data as { order: { code: string }; payment_url: string };
  await decideOnSimulator(t, placed.payment_url, 'approve');
  return placed.order.code;
}

describe.each(GATEWAY_METHODS)('%s: a late payment that cannot be fulfilled', (method) => {
  it('is refunded automatically, once, when the learner already owns the course through another order', async () => {
    const order = await paidWithoutNotice(t, method);
    await order.cancel();
    const other = await buyAgain(order, method === 'vnpay' ? 'momo' : 'vnpay');
    expect((await order.shopper.call('GET', `/api/user/order/details.json?code=${other}`)).json().data.status).toBe(
      'completed',
    );

    const answers = await Promise.all([
      deliverIpn(t, method, order.fields),
      deliverIpn(t, method, order.fields),
      t.services.payments.reconcile(later()),
    ]);
    for (const answer of answers.slice(0, 2) as Awaited<ReturnType<typeof deliverIpn>>[]) {
      if (method === 'vnpay') expect(['00', '02']).toContain(answer.json().RspCode);
      else expect(ipnAcknowledged(method, answer)).toBe(true);
    }
    const details = await order.details();
    expect(details.status).toBe('cancelled');
    expect(details.refund).toMatchObject({ amount: 150_000, processing: false, late_payment: true });
    const refunds = await order.refunds();
    expect(refunds).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amount: 150_000,
        actor: AUTOMATIC_REFUND_ACTOR,
        reason: 'Bạn đã sở hữu tất cả khóa học trong đơn qua một đơn hàng khác.',
        payment: `${order.code}01`,
      }),
    ]);
    expect(refunds[0]!.gateway_ref).toBeTruthy();
    expect(await order.notices('order_refunded')).toBe(1);
    expect(await order.enrolments()).toBe(1);
    expect((await unaccounted()).map((row) => row.request_id)).not.toContain(`${order.code}01`);

    // The gateway really gave the money back: a second refund of the whole amount is refused there.
    const payment = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('request_id', '=', `${order.code}01`)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('succeeded');
    const again = await t.services.payments.gateways.get(method)!.refund({
      transaction: toGatewayTransaction(payment, order.code),
      refundId: `${order.code}AGAIN`,
      amount: payment.amount,
      reason: 'Thử lại',
      actor: 'test',
      now: new Date(),
    });
    expect(again.status).toBe('refused');
  });

  it('refunds the second of two attempts that both paid, and the order stays completed by the first', async () => {
    const order = await paidWithoutNotice(t, method);
    const second = method === 'vnpay' ? 'onepay_domestic' : 'vnpay';
    const retried = await order.shopper.call('POST', '/api/user/order/pay.json', {
      code: order.code,
      payment_method: second,
    });
    await decideOnSimulator(t, retried.json().data.payment_url, 'approve');
    expect((await order.details()).status).toBe('completed');

    expect(ipnAcknowledged(method, await deliverIpn(t, method, order.fields))).toBe(true);
    expect((await order.details()).status).toBe('completed');
    expect(await order.refunds()).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        payment: `${order.code}01`,
        reason: `Đơn hàng ${order.code} đã được thanh toán bằng một giao dịch khác.`,
      }),
    ]);
    expect(await order.enrolments()).toBe(1);

    // The order's own refund takes the attempt that paid it, not the one already refunded.
    const done = await t.services.refunds.refundOrder({ code: order.code, reason: 'Đổi ý', actor: 'cli:test' });
    expect(done.requestId).toBe(`${order.code}02`);
    expect((await order.details()).status).toBe('refunded');
    expect((await order.details()).refund).toMatchObject({ late_payment: false });
    expect(await order.enrolments()).toBe(1);
    expect(await t.services.enrolments.owns(order.shopper.user.id, order.course.id)).toBe(false);
  });
});

describe('the automatic refund when a course is no longer sold, and when the gateway refuses', () => {
  it('refunds a late payment for an unpublished course', async () => {
    const order = await paidWithoutNotice(t, 'momo');
    await order.cancel();
    await t.db.updateTable('courses').set({ is_published: 0 }).where('id', '=', order.course.id).execute();
    expect(ipnAcknowledged('momo', await deliverIpn(t, 'momo', order.fields))).toBe(true);
    expect((await order.details()).status).toBe('cancelled');
    expect(await order.refunds()).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect((await order.refunds())[0]!.reason).toMatch(/không còn được bán/);
    expect(await order.enrolments()).toBe(0);
  });

  it('keeps a refused refund visible; the studio refunds what the gateway still holds, audited', async () => {
    const order = await paidWithoutNotice(t, 'vnpay');
    await order.cancel();
    await buyAgain(order, 'momo');
    // 1đ was already given back from the gateway's merchant portal: the full automatic refund is refused.
    const portal = await t.services.payments.gateways.get('vnpay')!.refund({
      transaction: {
        requestId: `${order.code}01`,
        amount: 150_000,
        transactionId: order.fields.vnp_TransactionNo ?? null,
        createdAt: new Date(),
        orderInfo: `Thanh toan don hang ${order.code}`,
      },
      refundId: `${order.code}PORTAL`,
      amount: 1,
      reason: 'Portal',
      actor: 'portal',
      now: new Date(),
    });
    expect(portal.status).toBe('refunded');
    expect(ipnAcknowledged('vnpay', await deliverIpn(t, 'vnpay', order.fields))).toBe(true);
    expect((await order.refunds()).map((row) => row.status)).toEqual(['refused']);
    expect(await order.notices('order_refund_pending')).toBe(1);
    const listed = (await unaccounted()).find((row) => row.request_id === `${order.code}01`);
    expect(listed).toMatchObject({ order: { code: order.code, status: 'cancelled' }, refund_state: 'refused' });
    expect(listed!.refund_message).toBeTruthy();

    // The order page offers the refund of that payment; the order's own refund endpoint finds it too.
    const detail = (await studio('GET', `/api/admin/orders/${order.code}.json`)).json().data;
    expect(detail.payments).toEqual([
      expect.objectContaining({ request_id: `${order.code}01`, pays_order: false, refundable: true }),
    ]);

    const refunded = await studio('POST', `/api/admin/payments/${order.code}01/refund.json`, {
      amount: 149_999,
      reason: 'Hoàn phần còn lại của thanh toán đến muộn',
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({ code: order.code, amount: 149_999, status: 'refunded' });
    expect((await order.refunds()).map((row) => row.status)).toEqual(['refused', 'succeeded']);
    expect((await unaccounted()).map((row) => row.request_id)).not.toContain(`${order.code}01`);
    expect((await order.details()).status).toBe('cancelled');

    const twice = await studio('POST', `/api/admin/payments/${order.code}01/refund.json`, { reason: 'Lần nữa' });
    expect(twice.statusCode).toBe(409);
    const audit = (await studio('GET', `/api/admin/audit.json?target_type=payment&target_id=${order.code}01`)).json()
      .data as { action: string }[];
    expect(audit.map((entry) => entry.action).sort()).toEqual(['payment.refund', 'payment.refund_failed']);
  });

  it('lists a payment that succeeded on a cancelled order before the rule, and the order refund reaches it', async () => {
    const shopper = await createShopper(t);
    const order = await paidWithoutNotice(t, 'onepay_international', { shopper });
    await order.cancel();
    // As the code before the rule left it: the attempt succeeded, the order stayed cancelled.
    await t.db
      .updateTable('payments')
      .set({ status: 'succeeded', gateway_txn_id: order.fields.vpc_TransactionNo ?? null })
      .where('request_id', '=', `${order.code}01`)
      .execute();
    expect((await unaccounted()).find((row) => row.request_id === `${order.code}01`)).toMatchObject({
      refund_state: 'none',
    });
    const refunded = await studio('POST', `/api/admin/orders/${order.code}/refund.json`, { reason: 'Đơn đã hủy' });
    expect(refunded.statusCode).toBe(200);
    expect((await order.refunds()).map((row) => row.status)).toEqual(['succeeded']);
    expect(await order.notices('order_refunded')).toBe(1);
    expect((await unaccounted()).map((row) => row.request_id)).not.toContain(`${order.code}01`);
  });
});
