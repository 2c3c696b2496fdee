/** Carrier billing in integration tests: subscribing through the real checkout, reading what was sent. */
import { DEMO_CARRIER_SMS_SECRET } from '../../config/env.ts';
import { readDate } from '../../db/connect.ts';
import { signSmsBody } from '../../modules/subscriptions/carrier-sms.ts';
import { createCarrierCourse } from '../factories/subscriptions.ts';
import { nextClientAddress } from './auth.ts';
import { outboxDelivered } from './outbox.ts';
import type { Shopper } from './commerce.ts';
import type { TestContext } from './test-app.ts';

/** The simulator's numbers (modules/subscriptions/carrier.ts). */
export const NUMBERS = { insufficient: '84900001005', timeout: '84900002005' } as const;

export function payByCarrier(shopper: Shopper, extra: Record<string, unknown> = { consent: true }) {
  return shopper.call('POST', '/api/user/order.json', { payment_method: 'carrier', ...extra });
}

/** A fresh carrier package, put in the cart and bought with consent; returns the order and the package. */
export async function subscribe(
  t: TestContext,
  shopper: Shopper,
  options: Parameters<typeof createCarrierCourse>[1] = {},
) {
  const course = await createCarrierCourse(t.db, options);
  await shopper.addToCart(course.podId);
  const response = await payByCarrier(shopper);
  return { course, response };
}

export async function subscriptionOf(t: TestContext, userId: number, podId: number) {
  return t.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pod_id', '=', podId)
    .executeTakeFirstOrThrow();
}

export const periodEndOf = async (t: TestContext, userId: number, podId: number) =>
  readDate((await subscriptionOf(t, userId, podId)).current_period_end)!;

export async function enrolmentEnd(t: TestContext, userId: number, courseId: number) {
  const row = await t.db
    .selectFrom('enrolments')
    .select(['ends_at', 'source'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return { end: readDate(row.ends_at), source: row.source };
}

export async function smsTo(t: TestContext, phone: string) {
  await outboxDelivered(t.db, phone);
  return t.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('channel', '=', 'sms')
    .where('recipient', '=', phone)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => row.body));
}

export function notificationKinds(t: TestContext, userId: number) {
  return t.db
    .selectFrom('notifications')
    .select('kind')
    .where('user_id', '=', userId)
    .where('kind', 'like', 'subscription_%')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => row.kind));
}

export function chargesOf(t: TestContext, subscriptionId: number) {
  return t.db
    .selectFrom('carrier_charges')
    .select(['kind', 'status', 'reference'])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id')
    .execute();
}

/** Posts an inbound SMS as the operator would: JSON body signed with the webhook secret. */
export function postSms(t: TestContext, body: Record<string, unknown>, secret = DEMO_CARRIER_SMS_SECRET) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/carrier/sms',
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-carrier-signature': signSmsBody(secret, raw) },
    remoteAddress: nextClientAddress(),
  });
}

let messageSequence = 0;
export const nextMessageId = () => `MSG-${Date.now()}-${(messageSequence += 1)}`;

/** The first instant at or after `from` whose Vietnam-time hour (UTC+7) is `hour`, on the minute. */
export function atVietnamHour(from: Date, hour: number): Date {
  const at = new Date(from);
  at.setUTCSeconds(0, 0);
  at.setUTCMinutes(at.getUTCMinutes() + 1);
  while ((at.getUTCHours() + 7) % 24 !== hour) at.setUTCHours(at.getUTCHours() + 1, 0);
  return at;
}
