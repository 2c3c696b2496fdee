/** Demo data for the studio dashboard: learners who signed up and bought over the last four weeks. */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { transition } from '../../modules/orders/orders.repository.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { completeCourse } from '../../tests/factories/learning.ts';
import { createGatewayOrder, insertPodOrder } from '../../tests/factories/payments.ts';

const DAY = 86_400_000;
const NAMES = ['Trần Minh Khoa', 'Lê Thu Hà', 'Phạm Quốc Bảo', 'Võ Ngọc Anh', 'Đặng Hữu Phước', 'Bùi Thanh Tâm'];
const METHODS = ['momo', 'vnpay', 'onepay_domestic', 'zalopay'] as const;

export async function seedDashboard(db: Kysely<Database>): Promise<void> {
  const pods = await db
    .selectFrom('course_pods')
    .innerJoin('courses', 'courses.id', 'course_pods.course_id')
    .select(['course_pods.id as podId', 'course_pods.cycle', 'course_pods.price', 'courses.id as courseId'])
    .select(['courses.slug', 'courses.title', 'courses.type'])
    .where('course_pods.price', '>', 0)
    .where('courses.type', '=', 'retail')
    .where('courses.is_published', '=', 1)
    .orderBy('courses.id')
    .limit(3)
    .execute();
  if (pods.length === 0) return;
  for (const [index, full_name] of NAMES.entries()) {
    const joined = new Date(Date.now() - (26 - index * 4) * DAY);
    const at = joined.toISOString();
    const user = await createUser(db, { full_name, created_at: at, updated_at: at });
    const pod = pods[index % pods.length]!;
    const paidAt = new Date(joined.getTime() + 2 * 3_600_000);
    await createGatewayOrder(db, { userId: user.id, pod, method: METHODS[index % METHODS.length]!, paidAt });
    if (index % 2 === 1) {
      // A card declined the next day: the failed-payment rate is not zero.
      const failedAt = new Date(joined.getTime() + DAY);
      const failed = await insertPodOrder(db, { userId: user.id, pod, method: 'onepay_domestic', at: failedAt });
      const closed = failedAt.toISOString();
      await transition(
        db,
        failed.orderId,
        ['pending'],
        'failed',
        { closed_at: closed, failure_reason: 'Thẻ bị từ chối' },
        closed,
      );
    }
    if (index < 2) await completeCourse(db, user.id, pod.courseId, new Date(joined.getTime() + 14 * DAY).toISOString());
  }
}
