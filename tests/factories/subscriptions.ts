/** Factories for carrier billing (packages with an SMS code), shared by the tests and the demo seed. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { createCourse } from './catalog.ts';

let sequence = 0;

/** Suffix of a package code by cycle (SPEC §9): N ngày, T tuần, TH tháng, NAM năm, 10N … 180N. */
const CYCLE_SUFFIX: Record<number, string> = { 1: 'N', 2: 'T', 3: 'TH', 4: 'NAM', 6: '10N', 7: '30N', 8: '90N', 9: '180N' };

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
