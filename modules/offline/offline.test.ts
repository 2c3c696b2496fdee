/**
 * Offline study (issue 21, parts 4 and 5) on both engines: the licence of a downloaded lesson
 * (enrolled learners only, bound to learner, lesson and device, cut at the enrolment's end; wrong
 * learner, wrong device, tampered, expired and revoked licences) and the sync of offline work
 * (ordered by the device's queue, applied once per op id, replays answered with the first answer,
 * two devices, concurrent syncs, timed quizzes and lost enrolments refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLesson } from '../../tests/factories/catalog.ts';
import { createEnrolment, createQuiz } from '../../tests/factories/learning.ts';
import { createShopper, type Shopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
const DAY = 86_400_000;
const DEVICE = 'phone-a-0001';

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function course(options: { timedQuiz?: boolean } = {}) {
  const created = await createCourse(t.db, { price_new: 0 });
  const video = await createLesson(t.db, {
    course_id: created.id,
    content_type: 'video',
    title: 'Phân số và số thập phân',
  });
  const quiz = await createLesson(t.db, { course_id: created.id, content_type: 'exam', title: 'Kiểm tra chương 1' });
  await createQuiz(t.db, quiz.id, options.timedQuiz ? { time_limit_seconds: 600 } : {});
  return { id: created.id, video: video.id, quiz: quiz.id };
}

async function learnerOf(courseId: number, endsAt: string | null = null) {
  const learner = await createShopper(t);
  await createEnrolment(t.db, { userId: learner.user.id, courseId, endsAt });
  return learner;
}

const grant = (learner: Shopper, lessonId: number, deviceId = DEVICE) =>
  learner.call('POST', '/api/user/offline/licence.json', { lesson_id: lessonId, device_id: deviceId });
const check = (learner: Shopper, licences: string[], deviceId = DEVICE) =>
  learner.call('POST', '/api/user/offline/licences/check.json', { device_id: deviceId, licences });
const sync = (learner: Shopper, ops: object[], deviceId = DEVICE) =>
  learner.call('POST', '/api/user/offline/sync.json', { device_id: deviceId, ops });
const states = async (response: Awaited<ReturnType<typeof check>>) =>
  response.json().data.licences.map((item: { state: string }) => item.state);

describe('offline licences', () => {
  it('grants an enrolled learner a licence for the set days, cut at the enrolment end', async () => {
    const c = await course();
    const learner = await learnerOf(c.id);
    const before = Date.now();
    const granted = await grant(learner, c.video);
    expect(granted.statusCode).toBe(200);
    const data = granted.json().data;
    expect(data).toMatchObject({ lesson_id: c.video, course_id: c.id });
    expect(Date.parse(data.expires_at) - before).toBeGreaterThanOrEqual(30 * DAY - 5_000);
    expect(Date.parse(data.expires_at) - before).toBeLessThanOrEqual(30 * DAY + 5_000);

    const ending = new Date(Date.now() + 5 * DAY).toISOString();
    const shortLearner = await learnerOf(c.id, ending);
    const cut = (await grant(shortLearner, c.video)).json().data;
    expect(Date.parse(cut.expires_at)).toBe(Date.parse(ending));
  });

  it('refuses visitors, learners not enrolled, and malformed devices with a Vietnamese message', async () => {
    const c = await course();
    const stranger = await createShopper(t);
    const refused = await grant(stranger, c.video);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('chưa đăng ký khóa học');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/user/offline/licence.json',
      payload: { lesson_id: c.video, device_id: DEVICE },
    });
    expect(anonymous.statusCode).toBe(401);
    const learner = await learnerOf(c.id);
    for (const deviceId of ['', 'short', 'có dấu-thiết-bị', "x'; drop table users;--", 'a'.repeat(65)]) {
      const bad = await grant(learner, c.video, deviceId);
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json().error)).toContain('Mã thiết bị không hợp lệ.');
    }
  });

  it("answers valid (renewed) only for the learner's own licence on its device; wrong learner, device or signature is invalid", async () => {
    const c = await course();
    const owner = await learnerOf(c.id);
    const licence = (await grant(owner, c.video)).json().data.licence as string;
    const valid = await check(owner, [licence]);
    expect(valid.statusCode).toBe(200);
    expect(valid.json().data.licences[0]).toMatchObject({ state: 'valid', lesson_id: c.video });
    expect(typeof valid.json().data.licences[0].licence).toBe('string');

    // The answer names the signed-in learner: a shared phone keeps another learner's downloads for them.
    expect(valid.json().data.learner_id).toBe(owner.user.id);

    const classmate = await learnerOf(c.id);
    const other = await check(classmate, [licence]);
    expect(await states(other)).toEqual(['invalid']);
    expect(other.json().data.learner_id).toBe(classmate.user.id);
    expect(await states(await check(owner, [licence], 'phone-b-0002'))).toEqual(['invalid']);
    // Another lesson in the claims breaks the signature; so does any other change or garbage.
    const [version, body, signature] = licence.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const otherLesson = Buffer.from(JSON.stringify({ ...claims, s: c.quiz })).toString('base64url');
    const forged = [`${version}.${otherLesson}.${signature}`, `${licence}x`, 'v1..', 'garbage', ''];
    expect(await states(await check(owner, forged))).toEqual(forged.map(() => 'invalid'));
  });

  it('answers expired past the expiry and revoked once the enrolment is refunded or revoked', async () => {
    const c = await course();
    const learner = await learnerOf(c.id);
    const video = (await grant(learner, c.video)).json().data.licence as string;
    const quiz = (await grant(learner, c.quiz)).json().data.licence as string;
    await t.db
      .updateTable('offline_licences')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', learner.user.id)
      .where('lesson_id', '=', c.quiz)
      .execute();
    expect(await states(await check(learner, [video, quiz]))).toEqual(['valid', 'expired']);

    // A refund revokes the order's enrolments; the next connection removes the download.
    await t.db
      .updateTable('enrolments')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', learner.user.id)
      .execute();
    expect(await states(await check(learner, [video]))).toEqual(['revoked']);
    const row = await t.db
      .selectFrom('offline_licences')
      .select('revoked_at')
      .where('user_id', '=', learner.user.id)
      .where('lesson_id', '=', c.video)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect((await grant(learner, c.video)).statusCode).toBe(403);
  });
});

type Outcome = { op_id: string; status: string; result?: Record<string, unknown>; message?: string };
const outcomes = async (response: Awaited<ReturnType<typeof sync>>) => {
  expect(response.statusCode).toBe(200);
  return response.json().data.results as Outcome[];
};
const progressOf = (userId: number, lessonId: number) =>
  t.db
    .selectFrom('lesson_progress')
    .select(['position_seconds', 'resume_seconds', 'completed_at'])
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
const countOf = async (table: 'lesson_notes' | 'quiz_attempts', userId: number) =>
  (await t.db.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;

async function rightAnswers(learner: Shopper, lessonId: number) {
  const quiz = (await learner.call('GET', `/api/user/lesson/quiz.json?lesson_id=${lessonId}`)).json().data;
  const correct: Record<string, string[]> = {
    'Thủ đô của Việt Nam là thành phố nào?': ['Hà Nội'],
    'Những số nào dưới đây là số nguyên tố?': ['2', '3', '7'],
    'Kết quả của 12 × 12 là bao nhiêu?': ['144'],
  };
  return (quiz.questions as { id: number; prompt: string; options: { id: number; label: string }[] }[]).map((q) => ({
    question_id: q.id,
    option_ids: q.options.filter((o) => correct[q.prompt]!.includes(o.label)).map((o) => o.id),
  }));
}

describe('offline sync', () => {
  it('applies ops in queue order, once each: a replay gets the first answers and changes nothing', async () => {
    const c = await course();
    const learner = await learnerOf(c.id);
    const now = Date.now();
    const answers = await rightAnswers(learner, c.quiz);
    const ops = [
      { op_id: 'op-000003', seq: 3, kind: 'quiz', lesson_id: c.quiz, client_time: now - 1_000, answers },
      {
        op_id: 'op-000002',
        seq: 2,
        kind: 'note',
        lesson_id: c.video,
        client_time: now - 2_000,
        content: 'Ôn lại phần quy đồng mẫu số',
        position: 95,
      },
      {
        op_id: 'op-000001',
        seq: 1,
        kind: 'progress',
        lesson_id: c.video,
        client_time: now - 3_000,
        position: 120,
        watched_seconds: 120,
      },
    ];
    const first = await outcomes(await sync(learner, ops));
    expect(first.map((o) => [o.op_id, o.status])).toEqual([
      ['op-000001', 'applied'],
      ['op-000002', 'applied'],
      ['op-000003', 'applied'],
    ]);
    expect(first[2]!.result).toMatchObject({ score_percent: 100, passed: true });
    expect(await progressOf(learner.user.id, c.video)).toMatchObject({ position_seconds: 120 });

    const replay = await outcomes(await sync(learner, ops));
    expect(replay.map((o) => o.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(replay.map((o) => o.result)).toEqual(first.map((o) => o.result));
    expect(await countOf('lesson_notes', learner.user.id)).toBe(1);
    expect(await countOf('quiz_attempts', learner.user.id)).toBe(1);
  });

  it('keeps the furthest position and the latest resume point whatever order positions arrive in, from two devices', async () => {
    const c = await course();
    const learner = await learnerOf(c.id);
    const now = Date.now();
    const at = (seconds: number, clientTime: number, op: string, seq: number) => ({
      op_id: op,
      seq,
      kind: 'progress',
      lesson_id: c.video,
      client_time: clientTime,
      position: seconds,
    });
    // The tablet was further but earlier; the phone later, a little back.
    await outcomes(await sync(learner, [at(300, now - 60_000, 'tablet-op-1', 1)], 'tablet-0001'));
    await outcomes(
      await sync(learner, [at(240, now - 10_000, 'phone-op-2', 2), at(90, now - 90_000, 'phone-op-1', 1)]),
    );
    expect(await progressOf(learner.user.id, c.video)).toMatchObject({ position_seconds: 300, resume_seconds: 240 });
    // The same op id on another device is another op.
    const note = {
      op_id: 'same-op-id',
      seq: 1,
      kind: 'note',
      lesson_id: c.video,
      client_time: now,
      content: 'Ghi chú trên máy tính bảng',
    };
    expect((await outcomes(await sync(learner, [note], 'tablet-0001')))[0]!.status).toBe('applied');
    expect((await outcomes(await sync(learner, [note])))[0]!.status).toBe('applied');
    expect(await countOf('lesson_notes', learner.user.id)).toBe(2);
  });

  it('applies an op sent by two concurrent syncs exactly once', async () => {
    const c = await course();
    const learner = await learnerOf(c.id);
    const answers = await rightAnswers(learner, c.quiz);
    const ops = [
      {
        op_id: 'race-note-1',
        seq: 1,
        kind: 'note',
        lesson_id: c.video,
        client_time: Date.now(),
        content: 'Một lần thôi',
      },
      { op_id: 'race-quiz-1', seq: 2, kind: 'quiz', lesson_id: c.quiz, client_time: Date.now(), answers },
    ];
    const both = await Promise.all([sync(learner, ops), sync(learner, ops), sync(learner, ops)]);
    const statuses = (await Promise.all(both.map(outcomes))).flat().map((o) => o.status);
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(2);
    expect(await countOf('lesson_notes', learner.user.id)).toBe(1);
    expect(await countOf('quiz_attempts', learner.user.id)).toBe(1);
  });

  it('rejects for good what the rules refuse: a timed quiz, a lesson no longer owned, bad input', async () => {
    const timed = await course({ timedQuiz: true });
    const learner = await learnerOf(timed.id);
    const quiz = {
      op_id: 'timed-quiz-1',
      seq: 1,
      kind: 'quiz',
      lesson_id: timed.quiz,
      client_time: Date.now(),
      answers: [],
    };
    const [refused] = await outcomes(await sync(learner, [quiz]));
    expect(refused).toMatchObject({
      status: 'rejected',
      message: 'Bài kiểm tra có giới hạn thời gian chỉ làm được khi có mạng.',
    });
    expect((await outcomes(await sync(learner, [quiz])))[0]!.status).toBe('rejected');
    expect(await countOf('quiz_attempts', learner.user.id)).toBe(0);

    await t.db
      .updateTable('enrolments')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', learner.user.id)
      .execute();
    const note = {
      op_id: 'after-refund',
      seq: 2,
      kind: 'note',
      lesson_id: timed.video,
      client_time: Date.now(),
      content: 'Sau khi hoàn tiền',
    };
    expect((await outcomes(await sync(learner, [note])))[0]).toMatchObject({ status: 'rejected' });
    expect(await countOf('lesson_notes', learner.user.id)).toBe(0);

    const bad = await sync(learner, [{ ...note, op_id: 'x' }]);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('Mã thao tác không hợp lệ.');
    const empty = await sync(learner, [{ ...note, op_id: 'blank-note-1', content: '   ' }]);
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().error)).toContain('Vui lòng nhập nội dung ghi chú.');
  });
});
