/**
 * Demo activation codes for the demo learner to try (printed in the README) and the campaign of the
 * /m/uu-dai-khai-giang landing page.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createActivationCode, createCampaign } from '../../tests/factories/activation.ts';

const DAY = 86_400_000;

export const DEMO_ACTIVATION_CODES = {
  /** Single-use, a retail course, 365 days of access. */
  single: 'KTTHU2345678',
  /** 50 uses, a combo course (its child courses too), the combo package's cycle. */
  combo: 'KTCMB9876543',
  /** 100 uses, a monthly package of a partner course: 30 days. */
  monthly: 'KTGTHANG3456',
  /** Expired: shows the "hết hạn" message. */
  expired: 'KTHETHAN9999',
} as const;

async function firstCourse(db: Kysely<Database>, type: 'retail' | 'combo' | 'api', offset = 0, cycle?: number) {
  let query = db
    .selectFrom('courses')
    .innerJoin('course_pods', 'course_pods.course_id', 'courses.id')
    .select(['courses.id', 'course_pods.id as pod_id'])
    .where('courses.type', '=', type)
    .where('courses.is_published', '=', 1)
    .where('course_pods.price', '>', 0);
  if (cycle !== undefined) query = query.where('course_pods.cycle', '=', cycle);
  return query.orderBy('courses.id').orderBy('course_pods.id').offset(offset).limit(1).executeTakeFirst();
}

export async function seedActivation(db: Kysely<Database>): Promise<void> {
  const yearEnd = new Date(Date.now() + 365 * DAY).toISOString();
  // The first two paid retail courses carry the demo learner's orders; the third is not owned yet.
  const retail = await firstCourse(db, 'retail', 2);
  const combo = await firstCourse(db, 'combo');
  const monthly = await firstCourse(db, 'api', 0, 3);
  if (retail) {
    await createActivationCode(db, retail.id, {
      code: DEMO_ACTIVATION_CODES.single,
      batch: 'demo',
      access_days: 365,
      ends_at: yearEnd,
    });
    await createActivationCode(db, retail.id, {
      code: DEMO_ACTIVATION_CODES.expired,
      batch: 'demo',
      starts_at: new Date(Date.now() - 60 * DAY).toISOString(),
      ends_at: new Date(Date.now() - DAY).toISOString(),
    });
  }
  if (combo) {
    await createActivationCode(db, combo.id, {
      code: DEMO_ACTIVATION_CODES.combo,
      batch: 'demo',
      pod_id: combo.pod_id,
      max_uses: 50,
      ends_at: yearEnd,
    });
  }
  if (monthly) {
    await createActivationCode(db, monthly.id, {
      code: DEMO_ACTIVATION_CODES.monthly,
      batch: 'demo',
      pod_id: monthly.pod_id,
      max_uses: 100,
      ends_at: yearEnd,
    });
  }

  const courses = await db
    .selectFrom('courses')
    .select('id')
    .where('is_published', '=', 1)
    .where('type', 'in', ['retail', 'combo'])
    .orderBy('enrolment_count', 'desc')
    .orderBy('id')
    .limit(6)
    .execute();
  const promotions = await db
    .selectFrom('promotions')
    .select('id')
    .where('code', 'in', ['CHAOBAN', 'HOCHE2026'])
    .orderBy('id')
    .execute();
  await createCampaign(
    db,
    {
      slug: 'uu-dai-khai-giang',
      name: 'Ưu đãi khai giảng',
      description:
        'Giảm đến 30% cho học viên mới và 100.000đ cho đơn từ 500.000đ, cùng các khóa học được yêu thích nhất.',
      ends_at: yearEnd,
    },
    [
      ...promotions.map((row) => ({ kind: 'promotion' as const, target_id: row.id })),
      ...courses.map((row) => ({ kind: 'course' as const, target_id: row.id })),
    ],
  );
}
