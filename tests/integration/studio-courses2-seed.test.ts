/** The demo teacher of the seed signs in, sees only the courses they teach and the questions on them. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_TEACHER_EMAIL } from '../../db/seed/studio-courses2.ts';
import { DEMO_PASSWORD } from '../factories/accounts.ts';
import { signIn } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

it('giangvien@khaitri.vn sees their own courses, a question, and a scheduled draft exists', async () => {
  const session = await signIn(t, DEMO_TEACHER_EMAIL, DEMO_PASSWORD);
  const teacher = await t.db
    .selectFrom('teachers')
    .innerJoin('users', 'users.id', 'teachers.user_id')
    .select('teachers.id')
    .where('users.email', '=', DEMO_TEACHER_EMAIL)
    .executeTakeFirstOrThrow();
  const courses = await t.app.inject({
    method: 'GET',
    url: '/api/admin/courses.json?limit=100',
    headers: session.bearer,
  });
  const ids = (courses.json().data as { id: number }[]).map((c) => c.id);
  expect(ids.length).toBeGreaterThan(0);
  const owners = await t.db.selectFrom('courses').select('teacher_id').where('id', 'in', ids).execute();
  expect(new Set(owners.map((o) => o.teacher_id))).toEqual(new Set([teacher.id]));
  const questions = await t.app.inject({ method: 'GET', url: '/api/admin/questions.json', headers: session.bearer });
  expect(questions.json().meta.total).toBeGreaterThan(0);
  const scheduled = await t.db
    .selectFrom('courses')
    .select('publish_at')
    .where('slug', '=', 'vat-ly-11-dao-dong-co')
    .executeTakeFirstOrThrow();
  expect(scheduled.publish_at).not.toBeNull();
});
