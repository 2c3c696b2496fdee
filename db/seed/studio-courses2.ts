/**
 * Studio courses, part 2: the demo teacher account (giangvien@khaitri.vn) linked to the seeded
 * teacher with the most courses, a learner's question on one of them for the "Câu hỏi" page, and a
 * draft scheduled to publish tomorrow. Does nothing when the teacher account already exists.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../connect.ts';
import type { Database } from '../schema.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { createComment } from '../../tests/factories/learning.ts';

export const DEMO_TEACHER_EMAIL = 'giangvien@khaitri.vn';

export async function seedStudioCourses2(db: Kysely<Database>, learnerId: number): Promise<void> {
  if (await db.selectFrom('users').select('id').where('email', '=', DEMO_TEACHER_EMAIL).executeTakeFirst()) return;
  const busiest = await db
    .selectFrom('courses')
    .innerJoin('teachers', 'teachers.id', 'courses.teacher_id')
    .select((eb) => ['teachers.id', 'teachers.full_name', eb.fn.countAll<number>().as('n')])
    .groupBy(['teachers.id', 'teachers.full_name'])
    .orderBy('n', 'desc')
    .orderBy('teachers.id')
    .executeTakeFirst();
  if (!busiest) return;
  const user = await createUser(db, { email: DEMO_TEACHER_EMAIL, full_name: busiest.full_name, role: 'teacher' });
  await db.updateTable('teachers').set({ user_id: user.id }).where('id', '=', busiest.id).execute();

  const lesson = await db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select('lessons.id')
    .where('courses.teacher_id', '=', busiest.id)
    .where('lessons.type', '=', 'content')
    .orderBy('lessons.id')
    .executeTakeFirst();
  if (lesson)
    await createComment(db, {
      userId: learnerId,
      lessonId: lesson.id,
      content: 'Thầy/cô ơi, phần này em chưa hiểu ví dụ thứ hai, thầy/cô giải thích thêm giúp em được không ạ?',
    });

  // The editors' draft from the studio-courses seed, scheduled for tomorrow 8:00 (Vietnam time).
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  const at = `${tomorrow.toISOString().slice(0, 10)}T01:00:00.000Z`;
  await db
    .updateTable('courses')
    .set({ publish_at: at, updated_at: nowIso() })
    .where('slug', '=', 'vat-ly-11-dao-dong-co')
    .where('is_published', '=', 0)
    .execute();
}
