/**
 * Carrier charges whose outcome is unknown (issue 18): the app's HTTP driver against the simulated
 * operator over real HTTP (tests/helpers/carrier-operator.ts). A renewal whose process stops after
 * the operator charged is resolved by the next run and extended once, however many runs race; a
 * charge the operator never made fails and is retried; an operator that cannot answer leaves the
 * charge pending until it can, and reports it once overdue; a one-off purchase whose answer was
 * lost completes or fails by the same query, and the learner is told meanwhile.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readDate } from '../../db/connect.ts';
import { startCarrierOperator, type CarrierOperator } from '../../tests/helpers/carrier-operator.ts';
import { createCarrierCourse } from '../../tests/factories/subscriptions.ts';
import {
  chargesOf,
  enrolmentEnd,
  nextMessageId,
  notificationKinds,
  payByCarrier,
  periodEndOf,
  postSms,
  smsTo,
  subscribe,
  subscriptionOf,
} from '../../tests/helpers/carrier.ts';
import { createShopper, type Shopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { UNSETTLED_OVERDUE_MS, UNSETTLED_QUERY_AFTER_MS } from './renewals.ts';
import { CARRIER_MESSAGES } from './subscriptions.service.ts';

let t: TestContext;
let operator: CarrierOperator;
const DAY = 86_400_000;
const MINUTE = 60_000;
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);
const PAST_GRACE = UNSETTLED_QUERY_AFTER_MS + MINUTE;

beforeAll(async () => {
  operator = await startCarrierOperator();
  t = await createTestContext({ env: operator.env });
});
afterAll(async () => {
  await t?.close();
  await operator?.close();
});
// The job runs over every learner: each test starts with nothing else due.
beforeEach(async () => {
  await t.db.updateTable('subscriptions').set({ next_charge_at: null, next_reminder_at: null }).execute();
});

/** A learner with an active monthly subscription, charged through the HTTP operator. */
async function subscribed() {
  const shopper = await createShopper(t);
  const { course, response } = await subscribe(t, shopper, { cycle: 3 });
  expect(response.json().data.order.status).toBe('completed');
  const subscription = await subscriptionOf(t, shopper.user.id, course.podId);
  const end = await periodEndOf(t, shopper.user.id, course.podId);
  return { shopper, course, subscription, end, phone: shopper.user.phone! };
}

const count = (kinds: string[], kind: string) => kinds.filter((item) => item === kind).length;

describe('a renewal charge whose outcome is unknown', () => {
  it('is resolved by the next run when the process stopped after the operator charged, and extended once however many runs race', async () => {
    const { shopper, course, subscription, end, phone } = await subscribed();
    operator.fault(phone, 'hold');
    const at = later(end, MINUTE);
    const chargedBefore = operator.chargedCount();
    // The run that sent the charge never hears back (its process is gone as far as the data knows).
    const stopped = t.services.renewals.runRenewals(at);
    await operator.held();
    expect(operator.chargedCount()).toBe(chargedBefore + 1);
    expect((await chargesOf(t, subscription.id)).at(-1)).toMatchObject({ kind: 'renewal', status: 'pending' });
    expect(await periodEndOf(t, shopper.user.id, course.podId)).toEqual(end);

    // Within the grace period a charge may still be in flight: it is not asked about.
    expect((await t.services.renewals.resolveCharges(later(at, MINUTE))).checked).toBe(0);
    // The next runs, two at once, ask the operator: charged → extended once.
    const [first, second] = await Promise.all([
      t.services.renewals.runDue(later(at, PAST_GRACE)),
      t.services.renewals.runDue(later(at, PAST_GRACE)),
    ]);
    expect(first.charges.settled + second.charges.settled).toBe(1);
    const extended = later(end, 30 * DAY);
    expect(await periodEndOf(t, shopper.user.id, course.podId)).toEqual(extended);
    expect(await subscriptionOf(t, shopper.user.id, course.podId)).toMatchObject({ status: 'active', retry_count: 0 });
    expect((await enrolmentEnd(t, shopper.user.id, course.id)).end).toEqual(extended);
    expect((await chargesOf(t, subscription.id)).at(-1)).toMatchObject({ kind: 'renewal', status: 'success' });

    // The stopped run finally gets its answer: already settled, nothing is applied twice.
    operator.fault(phone, null);
    operator.release();
    expect(await stopped).toMatchObject({ renewed: 0, skipped: 1 });
    expect(await t.services.renewals.resolveCharges(later(at, 2 * PAST_GRACE))).toMatchObject({ checked: 0 });
    expect(await periodEndOf(t, shopper.user.id, course.podId)).toEqual(extended);
    expect(count(await notificationKinds(t, shopper.user.id), 'subscription_renewed')).toBe(1);
    expect(operator.chargedCount()).toBe(chargedBefore + 1);
    expect((await chargesOf(t, subscription.id)).filter((charge) => charge.kind === 'renewal')).toHaveLength(1);
  });

  it('is settled by the run itself when the answer is lost after the operator charged', async () => {
    const { shopper, course, subscription, end, phone } = await subscribed();
    operator.fault(phone, 'drop');
    expect(await t.services.renewals.runRenewals(later(end, MINUTE))).toMatchObject({ renewed: 1, pending: 0 });
    operator.fault(phone, null);
    expect((await chargesOf(t, subscription.id)).at(-1)).toMatchObject({ kind: 'renewal', status: 'success' });
    expect(await periodEndOf(t, shopper.user.id, course.podId)).toEqual(later(end, 30 * DAY));
  });

  it('fails and is retried when the operator never charged it', async () => {
    const { shopper, course, subscription, end, phone } = await subscribed();
    operator.fault(phone, 'lose');
    const at = later(end, MINUTE);
    // Right after, "never received" may still mean "on its way": the charge stays pending.
    expect(await t.services.renewals.runRenewals(at)).toMatchObject({ pending: 1, retry: 0 });
    operator.fault(phone, null);
    // A run that finds it still due does not charge the same attempt again.
    expect(await t.services.renewals.runRenewals(later(at, MINUTE))).toMatchObject({ skipped: 1 });
    expect((await t.services.renewals.resolveCharges(later(at, PAST_GRACE))).settled).toBe(1);
    const row = await subscriptionOf(t, shopper.user.id, course.podId);
    expect(row).toMatchObject({ status: 'active', retry_count: 1 });
    expect(readDate(row.next_charge_at)).toEqual(later(end, DAY));
    expect((await enrolmentEnd(t, shopper.user.id, course.id)).end).toEqual(later(end, DAY));
    expect((await chargesOf(t, subscription.id)).at(-1)).toMatchObject({
      status: 'timeout',
      reference: expect.stringMatching(/-0$/),
    });
    expect(await notificationKinds(t, shopper.user.id)).toContain('subscription_renewal_failed');
    // The retry is a new attempt with its own reference, and it renews.
    const retryAt = later(end, DAY + MINUTE);
    expect(await t.services.renewals.runRenewals(retryAt)).toMatchObject({ renewed: 1 });
    expect((await chargesOf(t, subscription.id)).at(-1)).toMatchObject({
      status: 'success',
      reference: expect.stringMatching(/-1$/),
    });
    expect(await periodEndOf(t, shopper.user.id, course.podId)).toEqual(later(retryAt, 30 * DAY));
  });

  it('stays pending while the operator cannot answer, is reported once overdue, and is settled when it answers', async () => {
    const { shopper, course, subscription, end, phone } = await subscribed();
    operator.fault(phone, 'drop');
    operator.queriesDown(true);
    try {
      const at = later(end, MINUTE);
      expect(await t.services.renewals.runRenewals(at)).toMatchObject({ pending: 1 });
      expect(await t.services.renewals.resolveCharges(later(at, PAST_GRACE))).toMatchObject({
        waiting: 1,
        overdue: [],
      });
      const pending = (await chargesOf(t, subscription.id)).at(-1)!;
      expect(pending.status).toBe('pending');
      const report = await t.services.renewals.runDue(later(at, UNSETTLED_OVERDUE_MS + MINUTE));
      expect(report.charges.overdue).toEqual([pending.reference]);
      expect(await periodEndOf(t, shopper.user.id, course.podId)).toEqual(end);
    } finally {
      operator.queriesDown(false);
      operator.fault(phone, null);
    }
    const report = await t.services.renewals.resolveCharges(later(end, UNSETTLED_OVERDUE_MS + 3 * MINUTE));
    expect(report).toMatchObject({ settled: 1, overdue: [] });
    // Charged on time: the new period follows the old one.
    expect(await periodEndOf(t, shopper.user.id, course.podId)).toEqual(later(end, 30 * DAY));
  });
});

describe('a one-off carrier purchase whose answer is lost', () => {
  const buy = async (shopper: Shopper) => {
    const result = await subscribe(t, shopper, { cycle: 3 });
    return { ...result, data: result.response.json().data };
  };
  const orderOf = (userId: number) =>
    t.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const soon = () => new Date(Date.now() + PAST_GRACE);

  it('completes at once when a query confirms the charge', async () => {
    const shopper = await createShopper(t);
    operator.fault(shopper.user.phone!, 'drop');
    const { data, course } = await buy(shopper);
    operator.fault(shopper.user.phone!, null);
    expect(data.order.status).toBe('completed');
    expect(data.notice).toBeUndefined();
    expect((await subscriptionOf(t, shopper.user.id, course.podId)).status).toBe('active');
  });

  it('stays pending with a clear message while the operator cannot answer, then completes exactly once', async () => {
    const shopper = await createShopper(t);
    operator.fault(shopper.user.phone!, 'drop');
    operator.queriesDown(true);
    const { response, data, course } = await buy(shopper).finally(() => operator.queriesDown(false));
    operator.fault(shopper.user.phone!, null);
    expect(response.statusCode).toBe(201);
    expect(data).toMatchObject({ order: { status: 'pending' }, notice: CARRIER_MESSAGES.pending });
    const list = (await shopper.call('GET', '/api/user/subscription.json')).json().data;
    expect(list).toEqual([expect.objectContaining({ status: 'pending', can_cancel: false, can_study: false })]);
    // Buying it again meanwhile is refused with the reason, not charged twice.
    await shopper.addToCart(course.podId);
    expect((await payByCarrier(shopper)).json().error.message).toBe(CARRIER_MESSAGES.checking);

    const [first, second] = await Promise.all([
      t.services.renewals.resolveCharges(soon()),
      t.services.renewals.resolveCharges(soon()),
    ]);
    expect(first.settled + second.settled).toBe(1);
    expect((await orderOf(shopper.user.id)).status).toBe('cancelled'); // the refused second order
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('code', '=', data.order.code)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('completed');
    const subscription = await subscriptionOf(t, shopper.user.id, course.podId);
    expect(subscription.status).toBe('active');
    expect((await enrolmentEnd(t, shopper.user.id, course.id)).source).toBe('subscription');
    expect(await notificationKinds(t, shopper.user.id)).toEqual(['subscription_subscribed']);
    expect(await chargesOf(t, subscription.id)).toEqual([
      { kind: 'subscribe', status: 'success', reference: `SUB${data.order.code}` },
    ]);
  });

  it('fails the order and tells the learner when the operator never charged it; buying again works', async () => {
    const shopper = await createShopper(t);
    operator.fault(shopper.user.phone!, 'lose');
    const { data, course } = await buy(shopper);
    operator.fault(shopper.user.phone!, null);
    expect(data).toMatchObject({ order: { status: 'pending' }, notice: CARRIER_MESSAGES.pending });
    expect((await t.services.renewals.resolveCharges(soon())).settled).toBe(1);
    expect((await orderOf(shopper.user.id)).status).toBe('failed');
    expect((await subscriptionOf(t, shopper.user.id, course.podId)).status).toBe('failed');
    expect(await notificationKinds(t, shopper.user.id)).toEqual(['subscription_not_subscribed']);
    await shopper.addToCart(course.podId);
    expect((await payByCarrier(shopper)).json().data.order.status).toBe('completed');
    expect((await subscriptionOf(t, shopper.user.id, course.podId)).status).toBe('active');
  });

  it('answers an SMS DK whose charge is not yet confirmed with the notice, and completes it later', async () => {
    const shopper = await createShopper(t);
    const phone = shopper.user.phone!;
    const course = await createCarrierCourse(t.db, { cycle: 3 });
    operator.fault(phone, 'drop');
    operator.queriesDown(true);
    const body = { message_id: nextMessageId(), msisdn: phone, text: `DK ${course.smsCode}` };
    const answer = await postSms(t, body).finally(() => operator.queriesDown(false));
    operator.fault(phone, null);
    expect(answer.json().data).toEqual({ status: 'processed', outcome: 'dk_pending' });
    expect((await smsTo(t, phone)).at(-1)).toContain(CARRIER_MESSAGES.pending);
    expect((await t.services.renewals.resolveCharges(soon())).settled).toBe(1);
    expect((await subscriptionOf(t, shopper.user.id, course.podId)).status).toBe('active');
    expect((await orderOf(shopper.user.id)).status).toBe('completed');
  });
});
