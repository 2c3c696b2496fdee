/**
 * bench/checkout's side of the product server (the child): learners and one paid course created
 * with the test factories, VNPay switched on with the simulator's credentials (the parent signs the
 * gateway's notifications with them), and a read-only route the parent asks for the shoppers
 * before the run and for the outcome after it, straight from the database.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createUser, DEMO_PASSWORD } from '../../tests/factories/accounts.ts';
import { createPaidCourse } from '../../tests/factories/commerce.ts';

export interface CommerceOptions {
  /** Learners to create, each buying the course once. */
  shoppers: number;
  /** The course's price in đồng. */
  price: number;
  vnpay: { url: string; tmnCode: string; hashSecret: string };
}

export const COMMERCE_DATA_PATH = '/__bench/commerce.json';

/** What the parent reads before the run (who buys what) and after it (what the database holds). */
export interface CommerceData {
  password: string;
  phones: string[];
  podId: number;
  courseId: number;
  /** Orders of the shoppers, by status. */
  orders: Record<string, number>;
  /** Every order of the shoppers that is not completed: its code and status. */
  unfinished: { code: string; status: string }[];
  enrolments: number;
  /** Rows beyond the first of the same learner and course. */
  duplicateEnrolments: number;
  /** "Thanh toán thành công" notifications beyond the first of the same order. */
  duplicatePaidNotices: number;
}

export function commerceEnv(options: CommerceOptions): Record<string, string> {
  return {
    VNPAY_URL: options.vnpay.url,
    VNPAY_TMN_CODE: options.vnpay.tmnCode,
    VNPAY_HASH_SECRET: options.vnpay.hashSecret,
    // Each shopper comes from its own address (X-Forwarded-For), as real learners do, so the
    // per-address limits (30 orders a minute) apply to each learner, not to the benchmark.
    TRUST_PROXY: 'true',
  };
}

const extra = (counts: number[]) => counts.reduce((sum, count) => sum + Math.max(0, count - 1), 0);

export async function addCommerceData(app: FastifyInstance, db: Kysely<Database>, options: CommerceOptions) {
  const course = await createPaidCourse(db, options.price);
  const users: { id: number; phone: string }[] = [];
  // argon2id hashing runs on libuv's threads: a few at a time.
  for (let index = 0; index < options.shoppers; index += 8) {
    const batch = Array.from({ length: Math.min(8, options.shoppers - index) }, () => createUser(db));
    for (const user of await Promise.all(batch)) users.push({ id: user.id, phone: user.phone! });
  }
  const userIds = users.map((user) => user.id);

  app.get(COMMERCE_DATA_PATH, { schema: { hide: true } }, async (): Promise<CommerceData> => {
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'code', 'status'])
      .where('user_id', 'in', userIds)
      .execute();
    const enrolments = await db
      .selectFrom('enrolments')
      .select(['user_id', 'course_id'])
      .where('user_id', 'in', userIds)
      .execute();
    const notices = await db
      .selectFrom('notifications')
      .select(['user_id', 'link'])
      .where('user_id', 'in', userIds)
      .where('kind', '=', 'order_paid')
      .execute();
    const tally = (keys: string[]) => {
      const counts = new Map<string, number>();
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      return [...counts.values()];
    };
    const byStatus: Record<string, number> = {};
    for (const order of orders) byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
    return {
      password: DEMO_PASSWORD,
      phones: users.map((user) => user.phone),
      podId: course.podId,
      courseId: course.id,
      orders: byStatus,
      unfinished: orders
        .filter((order) => order.status !== 'completed')
        .map((order) => ({ code: order.code, status: order.status })),
      enrolments: enrolments.length,
      duplicateEnrolments: extra(tally(enrolments.map((row) => `${row.user_id}:${row.course_id}`))),
      duplicatePaidNotices: extra(tally(notices.map((row) => `${row.user_id}:${row.link ?? ''}`))),
    };
  });
}
