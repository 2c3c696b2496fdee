/**
 * Carrier billing in the demo: an SMS code for every SMS package, the hotline told before buying,
 * and one running subscription of the demo learner (the 30-day package of "Toán thông minh trên
 * ứng dụng", started 10 days ago) for the "Gói cước" page.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { setSetting } from '../../tests/factories/site.ts';
import { assignSmsCodes, createActiveSubscription } from '../../tests/factories/subscriptions.ts';

const DAY = 86_400_000;

export async function seedSubscriptions(db: Kysely<Database>, learnerId: number): Promise<void> {
  await setSetting(db, 'HOTLINE', '1800 1090');
  await assignSmsCodes(db);
  const pod = await db
    .selectFrom('course_pods')
    .innerJoin('courses', 'courses.id', 'course_pods.course_id')
    .select('course_pods.id')
    .where('courses.title', '=', 'Toán thông minh trên ứng dụng')
    .where('course_pods.cycle', '=', 7)
    .executeTakeFirst();
  if (!pod) return;
  await createActiveSubscription(db, {
    userId: learnerId,
    msisdn: '84912345678',
    podId: pod.id,
    startedAt: new Date(Date.now() - 10 * DAY),
  });
}
