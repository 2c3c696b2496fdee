/** Demo promotions (CHAOBAN 30% among them) and a few orders of the demo learner, one completed with its enrolment. */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createPromotion } from '../../tests/factories/commerce.ts';
import { transition } from '../../modules/orders/orders.repository.ts';
import { insertEnrolments } from '../../modules/enrolments/enrolments.repository.ts';
import { computeAccessEnd } from '../../lib/format/price-periods.ts';
import { createGatewayOrder, insertPodOrder } from '../../tests/factories/payments.ts';

const DAY = 86_400_000;

export async function seedCommerce(db: Kysely<Database>, learnerId: number): Promise<void> {
  const yearEnd = new Date(Date.now() + 365 * DAY).toISOString();
  await createPromotion(db, {
    code: 'CHAOBAN',
    name: 'Chào bạn mới: giảm 30%',
    description: 'Giảm 30% cho một đơn hàng, tối đa 300.000đ; mỗi tài khoản dùng một lần.',
    type: 'percentage',
    value: 30,
    max_discount: 300_000,
    ends_at: yearEnd,
  });
  await createPromotion(db, {
    code: 'HOCHE2026',
    name: 'Học hè: giảm 100.000đ',
    description: 'Giảm 100.000đ cho đơn từ 500.000đ.',
    type: 'fixed_price',
    value: 100_000,
    min_order: 500_000,
    quantity: 500,
    ends_at: yearEnd,
  });
  await createPromotion(db, {
    code: 'DONGGIA99K',
    name: 'Đồng giá 99.000đ',
    description: 'Mọi khóa học trong giỏ chỉ 99.000đ, dành cho 100 học viên nhanh nhất.',
    type: 'same_price',
    value: 99_000,
    quantity: 100,
    ends_at: yearEnd,
  });

  const pods = await db
    .selectFrom('course_pods')
    .innerJoin('courses', 'courses.id', 'course_pods.course_id')
    .select([
      'course_pods.id as pod_id',
      'course_pods.cycle',
      'course_pods.price',
      'courses.id',
      'courses.slug',
      'courses.title',
      'courses.type',
    ])
    .where('course_pods.price', '>', 0)
    .where('courses.type', '=', 'retail')
    .orderBy('courses.id')
    .limit(2)
    .execute();
  for (const [index, pod] of pods.entries()) {
    const created = new Date(Date.now() - (10 - index * 5) * DAY);
    const now = created.toISOString();
    const { orderId } = await insertPodOrder(db, {
      userId: learnerId,
      pod: { ...pod, podId: pod.pod_id, courseId: pod.id },
      method: index === 0 ? 'momo' : 'vnpay',
      at: created,
    });
    if (index === 0) {
      await transition(db, orderId, ['pending'], 'completed', { paid_at: now, completed_at: now }, now);
      await insertEnrolments(
        db,
        [
          {
            userId: learnerId,
            courseId: pod.id,
            source: 'order',
            orderId,
            startsAt: now,
            endsAt: computeAccessEnd(created, pod.cycle)?.toISOString() ?? null,
          },
        ],
        now,
      );
    } else {
      await transition(
        db,
        orderId,
        ['pending'],
        'cancelled',
        { closed_at: now, failure_reason: 'Học viên hủy đơn' },
        now,
      );
    }
  }
  // A VNPay order refunded two days ago: the order page shows the refunded state, access has ended.
  const refunded = pods[1];
  if (refunded) {
    await createGatewayOrder(db, {
      userId: learnerId,
      pod: { ...refunded, podId: refunded.pod_id, courseId: refunded.id },
      method: 'vnpay',
      paidAt: new Date(Date.now() - 3 * DAY),
      refund: { amount: refunded.price, reason: 'Học viên đăng ký nhầm khóa học', at: new Date(Date.now() - 2 * DAY) },
    });
  }
}
