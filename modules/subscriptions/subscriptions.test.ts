/**
 * Carrier-billed subscriptions through the real app (issue 5, part 5): subscribe with consent, the
 * operator simulator's numbers (success, insufficient balance, timeout), the renewal job driven by
 * an explicit clock (renew, retry, suspend, concurrent runs), reminders and cancelling.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readDate } from '../../db/connect.ts';
import { createCarrierCourse } from '../../tests/factories/subscriptions.ts';
import {
  atVietnamHour,
  chargesOf,
  enrolmentEnd,
  NUMBERS,
  notificationKinds,
  payByCarrier,
  periodEndOf,
  smsTo,
  subscribe,
  subscriptionOf,
} from '../../tests/helpers/carrier.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { CARRIER_MESSAGES, PENDING_ABANDONED_MS } from './subscriptions.service.ts';

let t: TestContext;
const DAY = 86_400_000;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});
// The job runs over every learner: each test starts with nothing else due.
beforeEach(async () => {
  await t.db.updateTable('subscriptions').set({ next_charge_at: null, next_reminder_at: null }).execute();
});

const later = (date: Date, ms: number) => new Date(date.getTime() + ms);
const runJob = (now: Date) => t.services.renewals.runRenewals(now);
const setMsisdn = (id: number, msisdn: string) =>
  t.db.updateTable('subscriptions').set({ msisdn }).where('id', '=', id).execute();

describe('subscribing with carrier billing', () => {
  it('charges the phone, completes the order, starts the subscription and grants access until the period end', async () => {
    const shopper = await createShopper(t);
    const before = Date.now();
    const { course, response } = await subscribe(t, shopper, { cycle: 3, price: 49_000 });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.order).toMatchObject({ status: 'completed', payment_method: 'carrier', total: 49_000 });
    const subscription = await subscriptionOf(t, shopper.user.id, course.podId);
    expect(subscription).toMatchObject({ status: 'active', msisdn: shopper.user.phone, price: 49_000, retry_count: 0 });
    const end = readDate(subscription.current_period_end)!;
    expect(end.getTime() - readDate(subscription.current_period_start)!.getTime()).toBe(30 * DAY);
    expect(end.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(readDate(subscription.next_charge_at)).toEqual(end);
    expect(await enrolmentEnd(t, shopper.user.id, course.id)).toEqual({ end, source: 'subscription' });
    expect(await chargesOf(t, subscription.id)).toEqual([
      { kind: 'subscribe', status: 'success', reference: `SUB${response.json().data.order.code}` },
    ]);
    expect((await smsTo(t, shopper.user.phone!)).at(-1)).toMatch(/Bạn đã đăng ký Gói tháng khóa .*HUY .* gửi 9234/);
    expect(await notificationKinds(t, shopper.user.id)).toEqual(['subscription_subscribed']);
    // One notice for one purchase: no separate "order paid" besides "subscribed".
    const notices = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', shopper.user.id)
      .execute();
    expect(notices.map((notice) => notice.kind)).toEqual(['subscription_subscribed']);
    expect((await shopper.call('GET', '/api/user/cart.json')).json().data.items).toEqual([]);
    const list = (await shopper.call('GET', '/api/user/subscription.json')).json().data;
    expect(list).toEqual([
      expect.objectContaining({ status: 'active', status_label: 'Đang hoạt động', price: 49_000, cycle: 3 }),
    ]);
    expect(list[0].next_renewal_at).toBe(end.toISOString());
  });

  it('refuses without consent, with a promotion code, for a package not sold by SMS, and without a phone', async () => {
    const shopper = await createShopper(t);
    const course = await createCarrierCourse(t.db);
    await shopper.addToCart(course.podId);
    const refused = await payByCarrier(shopper, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: CARRIER_MESSAGES.consent,
      fields: { consent: CARRIER_MESSAGES.consent },
    });
    expect((await payByCarrier(shopper, { consent: false })).statusCode).toBe(400);
    const promoted = await payByCarrier(shopper, { consent: true, promotion_code: 'CHAOBAN' });
    expect(promoted.json().error.message).toBe(CARRIER_MESSAGES.promotion);
    expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', shopper.user.id).execute()).toEqual([]);

    const online = await createShopper(t);
    const onlineCourse = await createCarrierCourse(t.db, { paymentType: 'online' });
    await online.addToCart(onlineCourse.podId);
    expect((await payByCarrier(online)).json().error.message).toBe(CARRIER_MESSAGES.off);

    const noPhone = await createShopper(t, { phone: null, email: `khong-so-${Date.now()}@khaitri.vn` });
    await noPhone.addToCart(course.podId);
    const answer = await payByCarrier(noPhone);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toBe(CARRIER_MESSAGES.noPhone);
  });

  it('fails the order on insufficient balance and on a timeout, keeps the cart, and lets the learner try again', async () => {
    for (const [phone, message, status, toppedUp] of [
      [NUMBERS.insufficient, CARRIER_MESSAGES.insufficient, 'insufficient_balance', '84900000901'],
      [NUMBERS.timeout, CARRIER_MESSAGES.timeout, 'timeout', '84900000902'],
    ] as const) {
      const shopper = await createShopper(t, { phone });
      const { course, response } = await subscribe(t, shopper);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(message);
      const order = await t.db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', shopper.user.id)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ status: 'failed', payment_method: 'carrier', failure_reason: message });
      const subscription = await subscriptionOf(t, shopper.user.id, course.podId);
      expect(subscription.status).toBe('failed');
      expect((await chargesOf(t, subscription.id)).map((charge) => charge.status)).toEqual([status]);
      expect(await t.db.selectFrom('enrolments').select('id').where('user_id', '=', shopper.user.id).execute()).toEqual(
        [],
      );
      expect((await shopper.call('GET', '/api/user/cart.json')).json().data.items).toHaveLength(1);
      // Topped up: the same cart, a new order and a new charge reference.
      await t.db.updateTable('users').set({ phone: toppedUp }).where('id', '=', shopper.user.id).execute();
      const again = await payByCarrier(shopper);
      expect(again.json().data.order.status).toBe('completed');
      expect((await subscriptionOf(t, shopper.user.id, course.podId)).status).toBe('active');
      expect(await chargesOf(t, subscription.id)).toHaveLength(2);
    }
  });
});

describe('subscription/offer.json', () => {
  it('gives the disclosure of a package sold by SMS, and 404 for one that is not', async () => {
    const course = await createCarrierCourse(t.db, { cycle: 7, price: 79_000, smsCode: 'TOAN30N' });
    const offer = await t.app.inject({
      method: 'GET',
      url: `/api/user/subscription/offer.json?pod_id=${course.podId}`,
    });
    expect(offer.json().data).toMatchObject({
      sms_code: 'TOAN30N',
      price_text: '79.000 đồng/30 ngày',
      charging_method: 'Trừ tiền tài khoản di động',
      carrier: 'MobiFone',
      hotline: '1800 1090',
      register: 'Soạn DK TOAN30N gửi 9234',
      free_note: 'Hủy gói và tra cứu đều miễn phí.',
    });
    const online = await createCarrierCourse(t.db, { paymentType: 'online' });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/user/subscription/offer.json?pod_id=${online.podId}`,
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe('the renewal job', () => {
  it('renews at the period end: one more charge, the period and the access extended, renewed SMS and notification', async () => {
    const shopper = await createShopper(t);
    const { course } = await subscribe(t, shopper, { cycle: 2, price: 15_000 });
    const end = await periodEndOf(t, shopper.user.id, course.podId);
    expect(await runJob(later(end, -MINUTE))).toMatchObject({ renewed: 0 });
    expect(await runJob(later(end, MINUTE))).toMatchObject({ renewed: 1 });
    const subscription = await subscriptionOf(t, shopper.user.id, course.podId);
    const newEnd = later(end, 7 * DAY);
    expect(readDate(subscription.current_period_start)).toEqual(end);
    expect(readDate(subscription.current_period_end)).toEqual(newEnd);
    expect(readDate(subscription.next_charge_at)).toEqual(newEnd);
    expect((await enrolmentEnd(t, shopper.user.id, course.id)).end).toEqual(newEnd);
    expect((await chargesOf(t, subscription.id)).map((charge) => [charge.kind, charge.status])).toEqual([
      ['subscribe', 'success'],
      ['renewal', 'success'],
    ]);
    expect(await notificationKinds(t, shopper.user.id)).toEqual(['subscription_subscribed', 'subscription_renewed']);
    expect((await smsTo(t, shopper.user.phone!)).at(-1)).toContain('đã được gia hạn');
  });

  it('retries a renewal the operator refuses 1, 2 and 3 days later, then suspends and ends access; paying again resumes', async () => {
    const shopper = await createShopper(t);
    const { course } = await subscribe(t, shopper, { cycle: 1, price: 3_000 });
    const { id } = await subscriptionOf(t, shopper.user.id, course.podId);
    const end = await periodEndOf(t, shopper.user.id, course.podId);
    await setMsisdn(id, NUMBERS.insufficient);
    for (const day of [1, 2, 3]) {
      expect(await runJob(later(end, (day - 1) * DAY + MINUTE))).toMatchObject({ retry: 1 });
      const subscription = await subscriptionOf(t, shopper.user.id, course.podId);
      expect(subscription).toMatchObject({ status: 'active', retry_count: day });
      expect(readDate(subscription.next_charge_at)).toEqual(later(end, day * DAY));
      // Access lasts until the next attempt.
      expect((await enrolmentEnd(t, shopper.user.id, course.id)).end).toEqual(later(end, day * DAY));
      expect(await runJob(later(end, (day - 1) * DAY + 2 * MINUTE))).toMatchObject({ retry: 0 });
    }
    const suspendedAt = later(end, 3 * DAY + MINUTE);
    expect(await runJob(suspendedAt)).toMatchObject({ suspended: 1 });
    const suspended = await subscriptionOf(t, shopper.user.id, course.podId);
    expect(suspended).toMatchObject({ status: 'suspended', next_charge_at: null });
    expect((await enrolmentEnd(t, shopper.user.id, course.id)).end).toEqual(suspendedAt);
    expect((await chargesOf(t, id)).map((charge) => charge.status)).toEqual([
      'success',
      'insufficient_balance',
      'insufficient_balance',
      'insufficient_balance',
      'insufficient_balance',
    ]);
    expect(await notificationKinds(t, shopper.user.id)).toEqual([
      'subscription_subscribed',
      'subscription_renewal_failed',
      'subscription_renewal_failed',
      'subscription_renewal_failed',
      'subscription_suspended',
    ]);
    expect(await runJob(later(suspendedAt, 10 * DAY))).toMatchObject({ renewed: 0, retry: 0, suspended: 0 });
    // Paying again (here: the learner's phone topped up, the package bought again) resumes it with a new period.
    await t.db
      .updateTable('enrolments')
      .set({ ends_at: new Date().toISOString() })
      .where('user_id', '=', shopper.user.id)
      .execute();
    await shopper.addToCart(course.podId);
    expect((await payByCarrier(shopper)).json().data.order.status).toBe('completed');
    expect(await subscriptionOf(t, shopper.user.id, course.podId)).toMatchObject({ status: 'active', retry_count: 0 });
  });

  it('treats an operator timeout on renewal as a failed attempt to retry, and a later success renews from then', async () => {
    const shopper = await createShopper(t);
    const { course } = await subscribe(t, shopper, { cycle: 3 });
    const { id } = await subscriptionOf(t, shopper.user.id, course.podId);
    const end = await periodEndOf(t, shopper.user.id, course.podId);
    await setMsisdn(id, NUMBERS.timeout);
    expect(await runJob(later(end, MINUTE))).toMatchObject({ retry: 1 });
    expect((await chargesOf(t, id)).at(-1)).toMatchObject({
      status: 'timeout',
      reference: expect.stringMatching(/-0$/),
    });
    await setMsisdn(id, shopper.user.phone!);
    const retryAt = later(end, DAY + MINUTE);
    expect(await runJob(retryAt)).toMatchObject({ renewed: 1 });
    expect((await chargesOf(t, id)).at(-1)).toMatchObject({
      status: 'success',
      reference: expect.stringMatching(/-1$/),
    });
    expect(await periodEndOf(t, shopper.user.id, course.podId)).toEqual(later(retryAt, 30 * DAY));
  });

  it('charges a renewal once when two runs of the job race', async () => {
    const shopper = await createShopper(t);
    const { course } = await subscribe(t, shopper, { cycle: 3 });
    const { id } = await subscriptionOf(t, shopper.user.id, course.podId);
    const at = later(await periodEndOf(t, shopper.user.id, course.podId), MINUTE);
    const [first, second] = await Promise.all([t.services.renewals.runDue(at), t.services.renewals.runDue(at)]);
    expect(first.renewed + second.renewed).toBe(1);
    expect((await chargesOf(t, id)).filter((charge) => charge.kind === 'renewal')).toHaveLength(1);
    const kinds = await notificationKinds(t, shopper.user.id);
    expect(kinds.filter((kind) => kind === 'subscription_renewed')).toHaveLength(1);
  });
});

describe('reminders', () => {
  it('reminds weekly packages every 7 days and monthly ones every 30, only between 07:00 and 22:00 Vietnam time', async () => {
    const shopper = await createShopper(t);
    const { course: weekly } = await subscribe(t, shopper, { cycle: 2 });
    const { course: monthly } = await subscribe(t, shopper, { cycle: 3 });
    const weeklyDue = readDate((await subscriptionOf(t, shopper.user.id, weekly.podId)).next_reminder_at)!;
    const monthlyDue = readDate((await subscriptionOf(t, shopper.user.id, monthly.podId)).next_reminder_at)!;
    const weeklyStart = readDate((await subscriptionOf(t, shopper.user.id, weekly.podId)).current_period_start)!;
    // Before renewal: 6 days in for weekly, 29 for monthly.
    expect(weeklyDue.getTime() - weeklyStart.getTime()).toBe(6 * DAY);
    expect(monthlyDue.getTime() - weeklyStart.getTime()).toBeGreaterThanOrEqual(29 * DAY - MINUTE);
    const send = (now: Date) => t.services.renewals.sendReminders(now);
    expect(await send(later(weeklyDue, -MINUTE))).toBe(0);
    expect(await send(atVietnamHour(weeklyDue, 22))).toBe(0);
    expect(await send(atVietnamHour(weeklyDue, 6))).toBe(0);
    const morning = atVietnamHour(weeklyDue, 7);
    expect(await send(morning)).toBe(1);
    expect(await send(morning)).toBe(0);
    const reminded = await subscriptionOf(t, shopper.user.id, weekly.podId);
    expect(readDate(reminded.next_reminder_at)).toEqual(later(weeklyDue, 7 * DAY));
    expect(await send(atVietnamHour(later(weeklyDue, 7 * DAY), 21))).toBe(1);
    // 29 days in: the monthly package's first reminder, and the weekly one's fourth week.
    expect(await send(atVietnamHour(monthlyDue, 12))).toBe(2);
    expect(readDate((await subscriptionOf(t, shopper.user.id, monthly.podId)).next_reminder_at)).toEqual(
      later(monthlyDue, 30 * DAY),
    );
    expect((await smsTo(t, shopper.user.phone!)).filter((text) => text.includes('sẽ tự động gia hạn'))).toHaveLength(4);
    expect(
      (await notificationKinds(t, shopper.user.id)).filter((kind) => kind === 'subscription_reminder'),
    ).toHaveLength(4);
  });
});

describe('a first charge left unfinished', () => {
  it('blocks a second subscribe while it may still be running, and not once it is clearly abandoned', async () => {
    const shopper = await createShopper(t);
    const { course } = await subscribe(t, shopper, { cycle: 3 });
    const { id } = await subscriptionOf(t, shopper.user.id, course.podId);
    // As a process stopped in the middle of the first charge leaves it: pending, no access granted.
    await t.db
      .updateTable('enrolments')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', shopper.user.id)
      .execute();
    const stop = (updatedAt: Date) =>
      t.db
        .updateTable('subscriptions')
        .set({ status: 'pending', updated_at: updatedAt.toISOString() })
        .where('id', '=', id)
        .execute();
    await stop(new Date(Date.now() - 60_000));
    await shopper.addToCart(course.podId);
    const blocked = await payByCarrier(shopper);
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json().error.message).toBe(CARRIER_MESSAGES.already);

    await stop(new Date(Date.now() - PENDING_ABANDONED_MS - 60_000));
    await shopper.addToCart(course.podId);
    const retried = await payByCarrier(shopper);
    expect(retried.statusCode).toBe(201);
    expect(await subscriptionOf(t, shopper.user.id, course.podId)).toMatchObject({ id, status: 'active' });
  });
});

describe('cancelling', () => {
  it('stops renewals from the account, keeps access until the paid period ends, and confirms by SMS and notification', async () => {
    const shopper = await createShopper(t);
    const { course } = await subscribe(t, shopper, { cycle: 3 });
    const { id } = await subscriptionOf(t, shopper.user.id, course.podId);
    const end = await periodEndOf(t, shopper.user.id, course.podId);
    const cancelled = await shopper.call('POST', '/api/user/subscription/cancel.json', { id });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      already: false,
      subscription: { status: 'cancelled', can_cancel: false },
    });
    expect(await subscriptionOf(t, shopper.user.id, course.podId)).toMatchObject({ next_charge_at: null });
    expect((await enrolmentEnd(t, shopper.user.id, course.id)).end).toEqual(end);
    expect(await runJob(later(end, MINUTE))).toMatchObject({ renewed: 0 });
    expect(await chargesOf(t, id)).toHaveLength(1);
    expect((await smsTo(t, shopper.user.phone!)).at(-1)).toMatch(/Bạn đã hủy gói .*miễn phí/);
    expect(await notificationKinds(t, shopper.user.id)).toEqual(['subscription_subscribed', 'subscription_cancelled']);
    const again = await shopper.call('POST', '/api/user/subscription/cancel.json', { id });
    expect(again.json().data.already).toBe(true);
    const stranger = await createShopper(t);
    expect((await stranger.call('POST', '/api/user/subscription/cancel.json', { id })).statusCode).toBe(404);
  });
});
