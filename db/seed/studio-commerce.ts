/**
 * Demo data of the studio's commerce pages: a promotion bound to two courses, a batch of activation
 * codes (one revoked), and a gateway query answer on a paid order (its secure hash masked on screen).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { insertQueryAnswer } from '../../modules/payments/payment-operations.repository.ts';
import { createActivationCode } from '../../tests/factories/activation.ts';
import { createPromotion } from '../../tests/factories/commerce.ts';

const DAY = 86_400_000;
export const DEMO_STUDIO_PROMOTION = 'KHAIGIANG15';
export const DEMO_STUDIO_BATCH = 'demo-lo-khai-giang';

export async function seedStudioCommerce(db: Kysely<Database>): Promise<void> {
  const courses = await db
    .selectFrom('courses')
    .select('id')
    .where('is_published', '=', 1)
    .where('type', '=', 'retail')
    .where('price_new', '>', 0)
    .orderBy('id')
    .limit(2)
    .execute();
  if (courses.length === 0) return;
  const promotion = await db
    .selectFrom('promotions')
    .select('id')
    .where('code', '=', DEMO_STUDIO_PROMOTION)
    .executeTakeFirst();
  if (!promotion) {
    await createPromotion(
      db,
      {
        code: DEMO_STUDIO_PROMOTION,
        name: 'Khai giảng: giảm 15% hai khóa học',
        description: 'Giảm 15% (tối đa 150.000đ) cho hai khóa học khai giảng, 200 lượt.',
        type: 'percentage',
        value: 15,
        max_discount: 150_000,
        quantity: 200,
        scope: 'courses',
        is_public: 0,
        ends_at: new Date(Date.now() + 60 * DAY).toISOString(),
      },
      courses.map((course) => ({ kind: 'course' as const, target_id: course.id })),
    );
  }

  const batch = await db
    .selectFrom('activation_codes')
    .select('id')
    .where('batch', '=', DEMO_STUDIO_BATCH)
    .executeTakeFirst();
  if (!batch) {
    const created = new Date(Date.now() - 2 * DAY).toISOString();
    for (let index = 0; index < 5; index += 1) {
      await createActivationCode(db, courses[0]!.id, {
        batch: DEMO_STUDIO_BATCH,
        access_days: 180,
        created_at: created,
        ends_at: new Date(Date.now() + 90 * DAY).toISOString(),
        is_active: index === 4 ? 0 : 1,
      });
    }
  }

  const payment = await db
    .selectFrom('payments')
    .select(['id', 'request_id', 'amount', 'gateway_txn_id'])
    .where('gateway', '=', 'vnpay')
    .where('status', '=', 'succeeded')
    .orderBy('id')
    .executeTakeFirst();
  const answered = payment
    ? await db.selectFrom('payment_queries').select('id').where('payment_id', '=', payment.id).executeTakeFirst()
    : undefined;
  if (payment && !answered) {
    const raw = {
      vnp_ResponseId: `Q${payment.id}`,
      vnp_Command: 'querydr',
      vnp_ResponseCode: '00',
      vnp_TxnRef: payment.request_id,
      vnp_Amount: String(payment.amount * 100),
      vnp_TransactionNo: payment.gateway_txn_id ?? '',
      vnp_TransactionStatus: '00',
      vnp_SecureHash: 'demo-secure-hash-hidden-in-the-studio',
    };
    const row = {
      paymentId: payment.id,
      gateway: 'vnpay',
      status: 'paid',
      resultCode: null,
      payload: JSON.stringify(raw),
    };
    await insertQueryAnswer(db, row, new Date().toISOString());
  }
}
