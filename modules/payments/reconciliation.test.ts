/** Reconciliation: a lost IPN is found by querying the gateway, and fulfils exactly once, even racing the IPN. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidCourse } from '../../tests/factories/commerce.ts';
import { createShopper, decideOnSimulator, openOnSimulator } from '../../tests/helpers/commerce.ts';
import { deliverIpn, noticeFields } from '../../tests/helpers/gateway-notices.ts';
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

async function placeOrder(method: GatewayMethod) {
  const shopper = await createShopper(t);
  const course = await createPaidCourse(t.db, 150_000);
  await shopper.addToCart(course.podId);
  const placed = (await shopper.checkout(method)).json().data as { order: { code: string }; payment_url: string };
  const status = async () =>
    (await shopper.call('GET', `/api/user/order/details.json?code=${placed.order.code}`)).json().data.status;
  const enrolments = async () =>
    (await t.db.selectFrom('enrolments').select('id').where('user_id', '=', shopper.user.id).execute()).length;
  const notices = async (kind: string) =>
    (
      await t.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', shopper.user.id)
        .where('kind', '=', kind)
        .execute()
    ).length;
  return { ...placed, shopper, status, enrolments, notices };
}

/** The notification the simulator did not send (for most gateways the signed fields of the browser's return). */
const lostNotification = (method: GatewayMethod, returnLocation: string) =>
  deliverIpn(t, method, noticeFields(t, method, returnLocation));

describe.each(GATEWAY_METHODS)('%s reconciliation', (method) => {
  it('completes an order whose IPN was lost, once, and notifies the learner', async () => {
    const order = await placeOrder(method);
    const decided = await decideOnSimulator(t, order.payment_url, 'approve', { lostIpn: true });
    expect(decided.statusCode).toBe(302);
    expect(await order.status()).toBe('pending');

    // Too recent to be queried yet.
    expect((await t.services.payments.reconcile(new Date())).completed).toBe(0);
    expect(await order.status()).toBe('pending');

    const report = await t.services.payments.reconcile(later());
    expect(report.errors).toEqual([]);
    expect(report.completed).toBe(1);
    expect(await order.status()).toBe('completed');
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);

    expect((await t.services.payments.reconcile(later())).completed).toBe(0);
    expect(await order.enrolments()).toBe(1);
  });

  it('fulfils exactly once when two instances reconcile while the IPN arrives', async () => {
    const order = await placeOrder(method);
    const decided = await decideOnSimulator(t, order.payment_url, 'approve', { lostIpn: true });
    const [first, second, ipn] = await Promise.all([
      t.services.payments.reconcile(later()),
      t.services.payments.reconcile(later()),
      lostNotification(method, String(decided.headers.location)),
    ]);
    expect(ipn.statusCode).toBeLessThan(300);
    expect(first.completed + second.completed).toBeLessThanOrEqual(1);
    expect(await order.status()).toBe('completed');
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);
  });

  it('fails a declined payment whose IPN was lost, and leaves an undecided one to expiry', async () => {
    const declined = await placeOrder(method);
    await decideOnSimulator(t, declined.payment_url, 'decline', { lostIpn: true });
    const undecided = await placeOrder(method);
    await openOnSimulator(t, undecided.payment_url);

    const report = await t.services.payments.reconcile(later());
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect(await declined.status()).toBe('failed');
    expect(await declined.notices('order_failed')).toBe(1);
    expect(await undecided.status()).toBe('pending');
    expect(await undecided.enrolments()).toBe(0);
  });
});
