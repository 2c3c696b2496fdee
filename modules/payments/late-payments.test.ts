/**
 * The late-payment rule (decision 0007) through every gateway: a payment confirmed after the order
 * was cancelled, expired or failed completes it, by IPN and by reconciliation, exactly once under
 * duplicates; the gateway is told the notification was handled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse, createPromotion } from '../../tests/factories/commerce.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { deliverIpn, ipnAcknowledged, paidWithoutNotice, reportDeclined } from '../../tests/helpers/gateway-notices.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { GATEWAY_METHODS, type GatewayMethod } from './gateway.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

/** Ten minutes on: every payment made in the test is old enough to be queried. */
const later = () => new Date(Date.now() + 10 * 60_000);

const paidButUnannounced = (method: GatewayMethod, promotionCode?: string) =>
  paidWithoutNotice(t, method, { promotionCode });

/** Moves the clock past the order's deadline for the expiry job. */
const expireNow = () => t.services.orders.expireOverdue(new Date(Date.now() + 24 * 3_600_000));

describe.each(GATEWAY_METHODS)('%s: a payment confirmed after the order closed', (method) => {
  it('completes a cancelled order when its IPN arrives, acknowledges it, and replays change nothing', async () => {
    const order = await paidButUnannounced(method);
    expect((await order.cancel()).json().data.status).toBe('cancelled');

    const answer = await deliverIpn(t, method, order.fields);
    expect(ipnAcknowledged(method, answer)).toBe(true);
    const details = await order.details();
    expect(details.status).toBe('completed');
    expect(details.paid_at).not.toBeNull();
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);

    const replays = await Promise.all([1, 2, 3].map(() => deliverIpn(t, method, order.fields)));
    for (const replay of replays) expect(replay.statusCode).toBeLessThan(300);
    if (method === 'vnpay') expect(replays.map((r) => r.json().RspCode)).toEqual(['02', '02', '02']);
    if (method === 'zalopay') expect(replays.map((r) => r.json().return_code)).toEqual([2, 2, 2]);
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);
    expect(await order.refunds()).toEqual([]);
  });

  it('completes an expired order by IPN, and a cancelled one by reconciliation', async () => {
    const expired = await paidButUnannounced(method);
    expect(await expireNow()).toBeGreaterThanOrEqual(1);
    expect((await expired.details()).status).toBe('expired');
    expect(ipnAcknowledged(method, await deliverIpn(t, method, expired.fields))).toBe(true);
    expect((await expired.details()).status).toBe('completed');
    expect(await expired.enrolments()).toBe(1);

    const cancelled = await paidButUnannounced(method);
    await cancelled.cancel();
    const report = await t.services.payments.reconcile(later());
    expect(report.errors).toEqual([]);
    expect(report.completed).toBeGreaterThanOrEqual(1);
    expect((await cancelled.details()).status).toBe('completed');
    expect(await cancelled.enrolments()).toBe(1);
    expect(await cancelled.notices('order_paid')).toBe(1);
  });

  it('completes a failed order when the gateway later confirms the payment it declined', async () => {
    const order = await paidButUnannounced(method);
    expect(await reportDeclined(t, method, order.fields)).toBe(true);
    expect((await order.details()).status).toBe('failed');
    expect(await order.enrolments()).toBe(0);

    expect(ipnAcknowledged(method, await deliverIpn(t, method, order.fields))).toBe(true);
    expect((await order.details()).status).toBe('completed');
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);
  });

  it('fulfils exactly once when duplicate late IPNs race two reconciliation rounds', async () => {
    const order = await paidButUnannounced(method);
    await order.cancel();
    const [a, b, c, first, second] = await Promise.all([
      deliverIpn(t, method, order.fields),
      deliverIpn(t, method, order.fields),
      deliverIpn(t, method, order.fields),
      t.services.payments.reconcile(later()),
      t.services.payments.reconcile(later()),
    ]);
    // MoMo and OnePay answer every delivery alike; VNPay says 00 to the one that acted, 02 to replays.
    for (const answer of [a, b, c]) {
      if (method === 'vnpay') expect(['00', '02']).toContain(answer.json().RspCode);
      else expect(ipnAcknowledged(method, answer)).toBe(true);
    }
    expect(first.refunded + second.refunded).toBe(0);
    expect((await order.details()).status).toBe('completed');
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);
    expect(await order.refunds()).toEqual([]);
  });
});

describe('a late payment and the promotion it used', () => {
  it('holds the promotion use again when the cancelled order completes, even if the last use went meanwhile', async () => {
    const promotion = await createPromotion(t.db, { quantity: 1, value: 20 });
    const order = await paidButUnannounced('vnpay', promotion.code);
    const used = async () =>
      (await t.db.selectFrom('promotions').select('used').where('id', '=', promotion.id).executeTakeFirstOrThrow())
        .used;
    expect(await used()).toBe(1);
    await order.cancel();
    expect(await used()).toBe(0);

    // Someone else takes the last use meanwhile.
    const other = await createShopper(t);
    const course = await createPaidCourse(t.db, 150_000);
    await other.addToCart(course.podId);
    expect((await other.checkout('momo', promotion.code)).statusCode).toBe(201);
    expect(await used()).toBe(1);

    expect(ipnAcknowledged('vnpay', await deliverIpn(t, 'vnpay', order.fields))).toBe(true);
    expect((await order.details()).status).toBe('completed');
    expect(await used()).toBe(1);
    const usages = await t.db
      .selectFrom('promotion_usages')
      .select('user_id')
      .where('promotion_id', '=', promotion.id)
      .execute();
    expect(usages.map((u) => u.user_id).sort()).toEqual([order.shopper.user.id, other.user.id].sort());
  });
});
