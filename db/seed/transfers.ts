/**
 * Demo bank transfers (decision 0018): a learner who paid a course by VietQR (the bank's credit
 * matched to the order) and a credit whose note names no order, waiting in Studio → Chuyển khoản
 * for an admin to match it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { createGatewayOrder } from '../../tests/factories/payments.ts';
import { TRANSFER_DEMO } from '../../modules/transfers/transfers.config.ts';

const HOUR = 3_600_000;

export async function seedTransfers(db: Kysely<Database>): Promise<void> {
  const pod = await db
    .selectFrom('course_pods')
    .innerJoin('courses', 'courses.id', 'course_pods.course_id')
    .select(['course_pods.id as podId', 'course_pods.cycle', 'course_pods.price', 'courses.id as courseId'])
    .select(['courses.slug', 'courses.title', 'courses.type'])
    .where('course_pods.price', '>', 0)
    .where('courses.type', '=', 'retail')
    .where('courses.is_published', '=', 1)
    .orderBy('courses.id', 'desc')
    .executeTakeFirst();
  if (!pod) return;
  const paidAt = new Date(Date.now() - 30 * HOUR);
  const at = paidAt.toISOString();
  const user = await createUser(db, { full_name: 'Nguyễn Thị Mai Anh', created_at: at, updated_at: at });
  const order = await createGatewayOrder(db, { userId: user.id, pod, method: 'vietqr', paidAt });
  const credit = (input: {
    id: string;
    amount: number;
    note: string;
    sender: string;
    at: string;
    order?: { id: number; code: string; paymentId: number };
  }) => ({
    transaction_id: input.id,
    amount: input.amount,
    note: input.note,
    account: TRANSFER_DEMO.account,
    sender: input.sender,
    payload: JSON.stringify({ id: input.id, amount: input.amount, description: input.note, sender: input.sender }),
    booked_at: input.at,
    order_id: input.order?.id ?? null,
    order_code: input.order?.code ?? null,
    payment_id: input.order?.paymentId ?? null,
    state: input.order ? ('matched' as const) : ('unmatched' as const),
    created_at: input.at,
    updated_at: input.at,
  });
  const unmatchedAt = new Date(Date.now() - 3 * HOUR).toISOString();
  await db
    .insertInto('bank_credits')
    .values([
      credit({
        id: 'FT26330418250617',
        amount: pod.price,
        note: `MBVCB.8812093.${order.code}.CT tu 0987111222 NGUYEN THI MAI ANH`,
        sender: 'NGUYEN THI MAI ANH',
        at,
        order: { id: order.orderId, code: order.code, paymentId: order.paymentId },
      }),
      credit({
        id: 'FT26330902114873',
        amount: 599_000,
        note: 'Chuyen tien hoc phi tieng Anh giao tiep cho con - Pham Van Hung',
        sender: 'PHAM VAN HUNG',
        at: unmatchedAt,
      }),
    ])
    .execute();
}
