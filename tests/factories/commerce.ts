/** Factories for promotions and a ready-to-buy course, shared by the tests and the demo seed. */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, NewPromotion } from '../../db/schema.ts';
import * as promotionsRepo from '../../modules/promotions/promotions.repository.ts';
import { insertEnrolments, type NewEnrolmentGrant } from '../../modules/enrolments/enrolments.repository.ts';
import { createCourse } from './catalog.ts';

let sequence = 0;

export async function createPromotion(
  db: Kysely<Database>,
  overrides: Partial<NewPromotion> = {},
  targets: { kind: 'category' | 'course'; target_id: number }[] = [],
) {
  sequence += 1;
  const now = nowIso();
  const promotion: NewPromotion = {
    code: `KM${String(sequence).padStart(4, '0')}${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
    name: `Ưu đãi ${sequence}`,
    description: null,
    type: 'percentage',
    value: 10,
    max_discount: null,
    min_order: 0,
    quantity: null,
    per_user: 1,
    customer_type: 'all_user',
    scope: 'all',
    starts_at: new Date(Date.now() - 86_400_000).toISOString(),
    ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    is_active: 1,
    is_public: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const { id } = await promotionsRepo.insertPromotion(db, promotion, targets);
  return { ...promotion, id };
}

/** A published course with one package (retail price = the package price); returns the pod id too. */
export async function createPaidCourse(
  db: Kysely<Database>,
  price = 500_000,
  options: { cycle?: number; type?: 'retail' | 'combo'; childIds?: number[]; category_id?: number | null } = {},
) {
  const course = await createCourse(
    db,
    { price_new: price, type: options.type ?? 'retail', category_id: options.category_id ?? null },
    { pods: [{ cycle: options.cycle ?? 5, price }], childIds: options.childIds ?? [] },
  );
  const pod = await db
    .selectFrom('course_pods')
    .select('id')
    .where('course_id', '=', course.id)
    .executeTakeFirstOrThrow();
  return { ...course, podId: pod.id };
}

/** An enrolment of a learner in a course: `free`, from now, unlimited unless told otherwise. */
export async function createEnrolment(
  db: Kysely<Database>,
  grant: Pick<NewEnrolmentGrant, 'userId' | 'courseId'> & Partial<NewEnrolmentGrant>,
) {
  const now = nowIso();
  await insertEnrolments(db, [{ source: 'free', startsAt: now, endsAt: null, ...grant }], now);
}
