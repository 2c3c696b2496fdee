/**
 * Answer saves check the session inside their own statement (exams.saves.ts): a session that stops
 * checking out — signed out, revoked from another device, its account locked — saves nothing, on
 * the very next save, whichever path that save takes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEEDED_CONTESTS, seedExams } from '../../db/seed/exams.ts';
import { DEMO_PASSWORD } from '../../tests/factories/accounts.ts';
import { nextClientAddress, SAME_ORIGIN, signIn } from '../../tests/helpers/auth.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { examHelpers } from '../../tests/helpers/exams.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  await seedExams(t.db);
});
afterAll(async () => {
  await t.close();
});

const { room, save } = examHelpers(() => t);

it('a session signed out, revoked from another device or of a locked account cannot save, even right after a save', async () => {
  const learner = await createShopper(t);
  const paper = await room(learner, SEEDED_CONTESTS.open);
  const single = paper.questions.find((q) => q.type === 'single')!;
  const storedSeq = async () =>
    (
      await t.db
        .selectFrom('exam_answers')
        .select('seq')
        .where('attempt_id', '=', paper.attempt_id)
        .where('question_id', '=', single.id)
        .executeTakeFirstOrThrow()
    ).seq;
  const saveWith = (headers: Record<string, string>, seq: number) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/user/exam/answer.json',
      headers,
      remoteAddress: nextClientAddress(),
      payload: { attempt_id: paper.attempt_id, question_id: single.id, answer: 'B', seq },
    });
  // Two saves on the first device: the second one takes the one-statement path.
  expect((await save(learner, paper.attempt_id, single.id, 'A', 1)).statusCode).toBe(200);
  expect((await save(learner, paper.attempt_id, single.id, 'A', 2)).statusCode).toBe(200);

  // A second device signs the first out ("Đăng xuất khỏi các thiết bị khác").
  const phone = await signIn(t, learner.user.phone!, DEMO_PASSWORD);
  const revoked = await t.app.inject({
    method: 'POST',
    url: '/api/user/sessions/revoke_others.json',
    headers: phone.bearer,
    remoteAddress: nextClientAddress(),
  });
  expect(revoked.json().data.revoked).toBeGreaterThanOrEqual(1);
  const refused = await save(learner, paper.attempt_id, single.id, 'C', 3);
  expect(refused.statusCode).toBe(401);
  expect(await storedSeq()).toBe(2);
  expect((await saveWith(phone.bearer, 4)).statusCode).toBe(200);
  expect((await saveWith(phone.bearer, 5)).json().data).toMatchObject({ seq: 5, applied: true, answer: 'B' });

  // The web's cookie session: from our own pages only; once signed out, refused.
  const web = await signIn(t, learner.user.phone!, DEMO_PASSWORD);
  expect((await saveWith(web.cookie, 6)).statusCode).toBe(403);
  expect((await saveWith({ ...web.cookie, ...SAME_ORIGIN }, 6)).statusCode).toBe(200);
  expect((await saveWith({ ...web.cookie, ...SAME_ORIGIN }, 7)).statusCode).toBe(200);
  const logout = await t.app.inject({
    method: 'POST',
    url: '/api/user/logout.json',
    headers: { ...web.cookie, ...SAME_ORIGIN },
    remoteAddress: nextClientAddress(),
  });
  expect(logout.statusCode).toBe(200);
  expect((await saveWith({ ...web.cookie, ...SAME_ORIGIN }, 8)).statusCode).toBe(401);
  expect(await storedSeq()).toBe(7);

  // A locked account: its other sessions stop saving at once too.
  await t.db.updateTable('users').set({ status: 'locked' }).where('id', '=', learner.user.id).execute();
  expect((await saveWith(phone.bearer, 9)).statusCode).toBe(401);
  expect(await storedSeq()).toBe(7);
});

it('a layout fact changed under a remembered attempt sends the save to the checked path: the answer is mapped anew', async () => {
  const learner = await createShopper(t);
  const paper = await room(learner, SEEDED_CONTESTS.open);
  const single = paper.questions.find((q) => q.type === 'single')!;
  expect((await save(learner, paper.attempt_id, single.id, 'A', 1)).statusCode).toBe(200);
  const stored = async () =>
    (
      await t.db
        .selectFrom('exam_answers')
        .select('answer')
        .where('attempt_id', '=', paper.attempt_id)
        .where('question_id', '=', single.id)
        .executeTakeFirstOrThrow()
    ).answer;
  const attempt = await t.db
    .selectFrom('exam_attempts')
    .select('contest_id')
    .where('id', '=', paper.attempt_id)
    .executeTakeFirstOrThrow();
  // Staff switch shuffling off: letters are now the exam's own, and the save must store 'D' as 'D'.
  await t.db.updateTable('exam_contests').set({ shuffle: 0 }).where('id', '=', attempt.contest_id).execute();
  const saved = await save(learner, paper.attempt_id, single.id, 'D', 2);
  expect(saved.json().data).toMatchObject({ seq: 2, applied: true, answer: 'D' });
  expect(JSON.parse(await stored())).toBe('D');
  await t.db.updateTable('exam_contests').set({ shuffle: 1 }).where('id', '=', attempt.contest_id).execute();
});
