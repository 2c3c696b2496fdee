/** Factories for carrier billing (packages with an SMS code), shared by the tests and the demo seed. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { computeAccessEnd } from '../../lib/format/price-periods.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { insertEnrolments } from '../../modules/enrolments/enrolments.repository.ts';
import { generateOrderCode } from '../../modules/orders/order-code.ts';
import { transition } from '../../modules/orders/orders.repository.ts';
import { firstReminderAt } from '../../modules/subscriptions/subscriptions.service.ts';
import {
  findCarrierPod,
  insertCarrierOrder,
  insertCharge,
  insertPendingSubscription,
  moveSubscription,
  settleCharge,
} from '../../modules/subscriptions/subscriptions.repository.ts';
import { createCourse } from './catalog.ts';

let sequence = 0;

/** Suffix of a package code by cycle (SPEC §9): N ngày, T tuần, TH tháng, NAM năm, 10N … 180N. */
const CYCLE_SUFFIX: Record<number, string> = {
  1: 'N',
  2: 'T',
  3: 'TH',
  4: 'NAM',
  6: '10N',
  7: '30N',
  8: '90N',
  9: '180N',
};

/** A short code from the course title's initials and the cycle: "Toán thông minh…" monthly → TTMTH. */
export function suggestSmsCode(title: string, cycle: number): string {
  const initials = foldVietnamese(title)
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((word) => word[0])
    .join('');
  return `${initials || 'KT'}${CYCLE_SUFFIX[cycle] ?? ''}`.slice(0, 12);
}

/** A published course with one carrier-billed package (`sms` by default, monthly, 49.000đ). */
export async function createCarrierCourse(
  db: Kysely<Database>,
  options: { cycle?: number; price?: number; smsCode?: string; paymentType?: 'sms' | 'sms_online' | 'online' } = {},
) {
  sequence += 1;
  const cycle = options.cycle ?? 3;
  const price = options.price ?? 49_000;
  const smsCode = options.smsCode ?? `GOI${sequence}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  const course = await createCourse(
    db,
    { type: 'no_retail', price_new: null, title: `Gói học qua di động ${sequence}` },
    { pods: [{ cycle, price, payment_type: options.paymentType ?? 'sms', sms_code: smsCode, name: null }] },
  );
  const pod = await db
    .selectFrom('course_pods')
    .select('id')
    .where('course_id', '=', course.id)
    .executeTakeFirstOrThrow();
  return { ...course, podId: pod.id, smsCode };
}

/** Gives every carrier-billable package (sms, sms_online; not unlimited) without a code one of its own. */
export async function assignSmsCodes(db: Kysely<Database>): Promise<Map<number, string>> {
  const pods = await db
    .selectFrom('course_pods')
    .innerJoin('courses', 'courses.id', 'course_pods.course_id')
    .select(['course_pods.id', 'course_pods.cycle', 'course_pods.sms_code', 'courses.title'])
    .where('course_pods.payment_type', 'in', ['sms', 'sms_online'])
    .where('course_pods.cycle', '!=', 5)
    .orderBy('course_pods.id')
    .execute();
  const taken = new Set(pods.map((pod) => pod.sms_code).filter((code): code is string => Boolean(code)));
  const assigned = new Map<number, string>();
  for (const pod of pods) {
    if (pod.sms_code) continue;
    const base = suggestSmsCode(pod.title, pod.cycle);
    let code = base;
    for (let n = 2; taken.has(code); n += 1) code = `${base}${n}`;
    taken.add(code);
    await db.updateTable('course_pods').set({ sms_code: code }).where('id', '=', pod.id).execute();
    assigned.set(pod.id, code);
  }
  return assigned;
}

/**
 * A subscription as the checkout leaves it after a successful first charge: a completed carrier
 * order, its enrolment (source `subscription`, ending with the period), the charge and the active
 * subscription. `startedAt` may be in the past (the demo's running subscription).
 */
export async function createActiveSubscription(
  db: Kysely<Database>,
  input: { userId: number; msisdn: string; podId: number; startedAt?: Date },
) {
  const pod = (await findCarrierPod(db, { podId: input.podId }))!;
  const start = input.startedAt ?? new Date();
  const now = start.toISOString();
  const end = computeAccessEnd(start, pod.cycle)!.toISOString();
  const code = generateOrderCode(start);
  const orderId = await insertCarrierOrder(db, {
    code,
    userId: input.userId,
    pod,
    now,
    expiresAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
  });
  await transition(db, orderId, ['pending'], 'completed', { paid_at: now, completed_at: now }, now);
  await insertEnrolments(
    db,
    [{ userId: input.userId, courseId: pod.course_id, source: 'subscription', orderId, startsAt: now, endsAt: end }],
    now,
  );
  const id = (await insertPendingSubscription(db, {
    userId: input.userId,
    podId: pod.pod_id,
    courseId: pod.course_id,
    msisdn: input.msisdn,
    price: pod.price,
    cycle: pod.cycle,
    now,
  }))!;
  const chargeId = (await insertCharge(db, {
    reference: `SUB${code}`,
    kind: 'subscribe',
    subscriptionId: id,
    orderId,
    msisdn: input.msisdn,
    amount: pod.price,
    now,
  }))!;
  await settleCharge(db, chargeId, { status: 'success', transactionId: `SIMSUB${code}`, detail: null }, now);
  await moveSubscription(db, id, ['pending'], {
    status: 'active',
    order_id: orderId,
    current_period_start: now,
    current_period_end: end,
    next_charge_at: end,
    next_reminder_at: firstReminderAt(start, pod.cycle).toISOString(),
    updated_at: now,
  });
  return { id, orderId, periodEnd: end };
}
