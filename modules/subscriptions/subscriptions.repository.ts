/** Subscriptions, their charge attempts and the inbound SMS (tables of the carrier-billing migration). */
import type { Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/connect.ts';
import type { CarrierChargeStatus, SubscriptionStatus, SubscriptionsTable } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';
import * as ordersRepo from '../orders/orders.repository.ts';

/** The id of a row a unique key guards; null when the key was already taken (a replay, a race). */
async function insertUnlessTaken(write: () => Promise<{ id: number }>): Promise<number | null> {
  try {
    return (await write()).id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** A carrier order for one package (the checkout writes its own from the cart; an SMS `DK` and the seed use this). */
export async function insertCarrierOrder(
  db: Db,
  input: { code: string; userId: number; pod: CarrierPod; now: string; expiresAt: string },
): Promise<number> {
  const { pod } = input;
  return ordersRepo.insertOrder(db, {
    code: input.code,
    userId: input.userId,
    paymentMethod: 'carrier',
    subtotal: pod.price,
    discount: 0,
    total: pod.price,
    promotionId: null,
    promotionCode: null,
    expiresAt: input.expiresAt,
    now: input.now,
    items: [
      {
        course_id: pod.course_id,
        pod_id: pod.pod_id,
        course_title: pod.course_title,
        course_slug: pod.course_slug,
        course_type: pod.course_type,
        cycle: pod.cycle,
        price: pod.price,
        discount: 0,
      },
    ],
  });
}

/** A package as carrier billing sees it (only active packages of published courses). */
export function findCarrierPod(db: Db, by: { podId: number } | { smsCode: string }) {
  let query = db
    .selectFrom('course_pods')
    .innerJoin('courses', 'courses.id', 'course_pods.course_id')
    .select([
      'course_pods.id as pod_id',
      'course_pods.name as pod_name',
      'course_pods.cycle',
      'course_pods.price',
      'course_pods.payment_type',
      'course_pods.sms_code',
      'courses.id as course_id',
      'courses.title as course_title',
      'courses.slug as course_slug',
      'courses.type as course_type',
    ])
    .where('course_pods.is_active', '=', 1)
    .where('courses.is_published', '=', 1);
  query =
    'podId' in by ? query.where('course_pods.id', '=', by.podId) : query.where('course_pods.sms_code', '=', by.smsCode);
  return query.executeTakeFirst();
}

export type CarrierPod = NonNullable<Awaited<ReturnType<typeof findCarrierPod>>>;

export function findSubscription(db: Db, by: { id: number } | { userId: number; podId: number }) {
  let query = db.selectFrom('subscriptions').selectAll();
  query =
    'id' in by ? query.where('id', '=', by.id) : query.where('user_id', '=', by.userId).where('pod_id', '=', by.podId);
  return query.executeTakeFirst();
}

export function listForUser(db: Db, userId: number) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('course_pods', 'course_pods.id', 'subscriptions.pod_id')
    .innerJoin('courses', 'courses.id', 'subscriptions.course_id')
    .selectAll('subscriptions')
    .select([
      'course_pods.sms_code',
      'course_pods.name as pod_name',
      'courses.title as course_title',
      'courses.slug as course_slug',
    ])
    .where('subscriptions.user_id', '=', userId)
    .where('subscriptions.status', 'in', ['pending', 'active', 'cancelled', 'suspended'])
    .orderBy('subscriptions.id', 'desc')
    .execute();
}

/** A new subscription, already claimed for its first charge; null when the learner has one for this package. */
export async function insertPendingSubscription(
  db: Db,
  row: { userId: number; podId: number; courseId: number; msisdn: string; price: number; cycle: number; now: string },
): Promise<number | null> {
  return insertUnlessTaken(() =>
    db
      .insertInto('subscriptions')
      .values({
        user_id: row.userId,
        pod_id: row.podId,
        course_id: row.courseId,
        msisdn: row.msisdn,
        price: row.price,
        cycle: row.cycle,
        status: 'pending',
        created_at: row.now,
        updated_at: row.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

/**
 * Moves a subscription from one of `from` to `to` with `patch`; false when another request moved
 * it first. `expect` adds conditions on the row as it was read (the renewal job's time slot).
 */
export async function moveSubscription(
  db: Db,
  id: number,
  from: SubscriptionStatus[],
  patch: Updateable<SubscriptionsTable>,
  expect: { nextChargeAt?: string; nextReminderAt?: string; currentPeriodEnd?: string; retryCount?: number } = {},
): Promise<boolean> {
  let query = db.updateTable('subscriptions').set(patch).where('id', '=', id).where('status', 'in', from);
  if (expect.nextChargeAt !== undefined) query = query.where('next_charge_at', '=', expect.nextChargeAt);
  if (expect.currentPeriodEnd !== undefined) query = query.where('current_period_end', '=', expect.currentPeriodEnd);
  if (expect.retryCount !== undefined) query = query.where('retry_count', '=', expect.retryCount);
  if (expect.nextReminderAt !== undefined) query = query.where('next_reminder_at', '=', expect.nextReminderAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listDueRenewals(db: Db, now: string, limit = 200) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_charge_at', '<=', now)
    .orderBy('next_charge_at')
    .limit(limit)
    .execute();
}

export function listDueReminders(db: Db, now: string, limit = 200) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_reminder_at', '<=', now)
    .orderBy('next_reminder_at')
    .limit(limit)
    .execute();
}

/** Records a charge attempt before it is sent; null when this reference was already attempted. */
export async function insertCharge(
  db: Db,
  charge: {
    reference: string;
    kind: 'subscribe' | 'renewal';
    subscriptionId: number;
    orderId: number | null;
    msisdn: string;
    amount: number;
    now: string;
  },
): Promise<number | null> {
  return insertUnlessTaken(() =>
    db
      .insertInto('carrier_charges')
      .values({
        reference: charge.reference,
        kind: charge.kind,
        subscription_id: charge.subscriptionId,
        order_id: charge.orderId,
        msisdn: charge.msisdn,
        amount: charge.amount,
        created_at: charge.now,
        updated_at: charge.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

/** Moves a pending charge to its outcome; false when another run settled it first (the claim). */
export async function settleCharge(
  db: Db,
  id: number,
  result: { status: Exclude<CarrierChargeStatus, 'pending'>; transactionId: string | null; detail: string | null },
  now: string,
): Promise<boolean> {
  const update = await db
    .updateTable('carrier_charges')
    .set({
      status: result.status,
      operator_txn_id: result.transactionId,
      detail: result.detail?.slice(0, 500) ?? null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(update.numUpdatedRows) === 1;
}

/** Why a charge is still pending (shown in the studio), kept on the row. */
export async function noteCharge(db: Db, id: number, detail: string, now: string) {
  await db
    .updateTable('carrier_charges')
    .set({ detail: detail.slice(0, 500), updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Charges still pending that were sent before `before`: their outcome is asked of the operator. */
export function listUnsettledCharges(db: Db, before: string, limit = 200) {
  return db
    .selectFrom('carrier_charges')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<=', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** True while one of the subscription's charges has no known outcome. */
export async function hasUnsettledCharge(db: Db, subscriptionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('carrier_charges')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

export function listCharges(db: Db, subscriptionId: number) {
  return db
    .selectFrom('carrier_charges')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id')
    .execute();
}

/** Stores an inbound SMS as received; null when this message id was already received (a replay). */
export async function insertInboundSms(
  db: Db,
  sms: { messageId: string; msisdn: string; text: string; payload: string; now: string },
): Promise<number | null> {
  return insertUnlessTaken(() =>
    db
      .insertInto('carrier_sms_inbound')
      .values({
        message_id: sms.messageId,
        msisdn: sms.msisdn,
        text: sms.text,
        payload: sms.payload,
        created_at: sms.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

export async function setInboundOutcome(db: Db, id: number, outcome: string) {
  await db
    .updateTable('carrier_sms_inbound')
    .set({ outcome: outcome.slice(0, 50) })
    .where('id', '=', id)
    .execute();
}

/** The site setting HOTLINE (empty or missing = none). */
export async function readHotlineSetting(db: Db): Promise<string | null> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', 'HOTLINE').executeTakeFirst();
  return row?.value.trim() ? row.value.trim() : null;
}

/** The learner's carrier charges created since `since`, newest first, with the package each paid for. */
export function listChargesForUser(db: Db, userId: number, since: string, limit: number) {
  return db
    .selectFrom('carrier_charges')
    .innerJoin('subscriptions', 'subscriptions.id', 'carrier_charges.subscription_id')
    .innerJoin('course_pods', 'course_pods.id', 'subscriptions.pod_id')
    .innerJoin('courses', 'courses.id', 'subscriptions.course_id')
    .select([
      'carrier_charges.id',
      'carrier_charges.kind',
      'carrier_charges.amount',
      'carrier_charges.status',
      'carrier_charges.msisdn',
      'carrier_charges.operator_txn_id',
      'carrier_charges.created_at',
      'subscriptions.cycle',
      'course_pods.sms_code',
      'course_pods.name as pod_name',
      'courses.title as course_title',
    ])
    .where('subscriptions.user_id', '=', userId)
    .where('carrier_charges.created_at', '>=', since)
    .orderBy('carrier_charges.created_at', 'desc')
    .orderBy('carrier_charges.id', 'desc')
    .limit(limit)
    .execute();
}
