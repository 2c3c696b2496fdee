/**
 * Contest reminders ("Nhắc tôi") and contest certificates, on the runner's tick with a moving
 * clock: a reminder goes out once, only in the 15 minutes before opening, in-app and by Web Push,
 * even with two runners at once; a certificate is issued once, only to eligible candidates, only
 * when the results are final, and is verifiable by its code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_CONTESTS, seedExams } from '../../db/seed/exams.ts';
import { createShopper, type Shopper } from '../../tests/helpers/commerce.ts';
import { examHelpers } from '../../tests/helpers/exams.ts';
import { startPushEndpoint } from '../../tests/helpers/push-endpoint.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createExamsService } from './index.ts';

let t: TestContext;
let pushService: Awaited<ReturnType<typeof startPushEndpoint>>;
let examId: number;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestContext();
  pushService = await startPushEndpoint();
  await seedExams(t.db);
  examId = (await t.db.selectFrom('exams').select('id').where('subject', '=', 'toan').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

const { room, save, shownKey } = examHelpers(() => t);

/** The exams service on a clock the test moves (the runner of one instance). */
function runnerAt(clock: () => number, notify?: Parameters<typeof createExamsService>[0]['notify']) {
  return createExamsService({
    db: t.db,
    ownsCourse: async () => false,
    notify: notify ?? ((userId, notice, within) => t.services.notifications.notify(userId, notice, within)),
    certifier: t.services.certificates,
    now: () => new Date(clock()),
  });
}

let counter = 0;
async function contest(opensInMs: number, extra: { closes_in_ms?: number; certificate_min_score?: number } = {}) {
  counter += 1;
  const slug = `thi-thu-nhac-${counter}`;
  await t.services.exams.createContest({
    slug,
    exam_id: examId,
    title: `Thi thử Toán đợt nhắc ${counter}`,
    kind: 'contest',
    opens_at: new Date(Date.now() + opensInMs),
    closes_at: new Date(Date.now() + (extra.closes_in_ms ?? opensInMs + 3 * 3_600_000)),
    ...(extra.certificate_min_score === undefined ? {} : { certificate_min_score: extra.certificate_min_score }),
  });
  return slug;
}

async function remindersOf(userId: number) {
  return t.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'exam_reminder')
    .execute();
}

describe('Nhắc tôi', () => {
  it('is refused to anonymous visitors and for contests already open, and toggles on and off', async () => {
    const slug = await contest(60 * MINUTE);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/user/exam/remind.json', payload: { slug } });
    expect(anonymous.statusCode).toBe(401);
    const learner = await createShopper(t);
    const on = await learner.call('POST', '/api/user/exam/remind.json', { slug });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ slug, reminding: true });
    expect(Date.parse(on.json().data.remind_at)).toBeGreaterThan(Date.now() + 44 * MINUTE);
    expect((await learner.call('POST', '/api/user/exam/remind.json', { slug })).statusCode).toBe(200);
    const details = await learner.call('GET', `/api/user/exam/details.json?slug=${slug}`);
    expect(details.json().data.viewer.reminding).toBe(true);
    const off = await learner.call('DELETE', '/api/user/exam/remind.json', { slug });
    expect(off.json().data).toMatchObject({ reminding: false });
    expect((await learner.call('GET', `/api/user/exam/details.json?slug=${slug}`)).json().data.viewer.reminding).toBe(
      false,
    );
    const open = await learner.call('POST', '/api/user/exam/remind.json', { slug: SEEDED_CONTESTS.open });
    expect(open.statusCode).toBe(422);
    expect(open.json().error.message).toBe('Chỉ đặt lời nhắc được cho kỳ thi chưa mở.');
    expect((await learner.call('POST', '/api/user/exam/remind.json', { slug: 'khong-co' })).statusCode).toBe(404);
  });

  it('goes out once, only in the 15 minutes before opening, in-app and by Web Push; turned off, never', async () => {
    const slug = await contest(60 * MINUTE);
    const [keen, changedMind] = [await createShopper(t), await createShopper(t)];
    const subscription = pushService.newSubscription();
    await keen.call('POST', '/api/user/push_subscription.json', subscription);
    for (const learner of [keen, changedMind]) await learner.call('POST', '/api/user/exam/remind.json', { slug });
    await changedMind.call('DELETE', '/api/user/exam/remind.json', { slug });

    const start = Date.now();
    let offset = 44 * MINUTE;
    const runner = runnerAt(() => start + offset);
    expect((await runner.tick()).reminded).toBe(0);
    expect(await remindersOf(keen.user.id)).toHaveLength(0);

    offset = 46 * MINUTE;
    expect((await runner.tick()).reminded).toBe(1);
    offset = 50 * MINUTE;
    expect((await runner.tick()).reminded).toBe(0);
    const sent = await remindersOf(keen.user.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ link: `/cong-thi/${slug}` });
    expect(sent[0]!.title).toContain('Sắp đến giờ thi');
    expect(sent[0]!.body).toMatch(/còn 1[45] phút/);
    expect(await remindersOf(changedMind.user.id)).toHaveLength(0);

    await t.services.push.idle();
    const pushed = pushService.received.filter((push) => push.path === new URL(subscription.endpoint).pathname);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.payload).toMatchObject({ title: sent[0]!.title, url: `/cong-thi/${slug}` });
  });

  it('is delivered once when two runners tick at the same time', async () => {
    const slug = await contest(10 * MINUTE);
    const learners = await Promise.all(Array.from({ length: 6 }, () => createShopper(t)));
    for (const learner of learners) await learner.call('POST', '/api/user/exam/remind.json', { slug });
    const [a, b] = [runnerAt(() => Date.now()), runnerAt(() => Date.now())];
    const reports = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(reports.reduce((sum, report) => sum + report.reminded, 0)).toBe(6);
    for (const learner of learners) expect(await remindersOf(learner.user.id)).toHaveLength(1);
  });

  it('is tried again at the next tick when its notice could not be written, then sent once', async () => {
    const slug = await contest(10 * MINUTE);
    const learner = await createShopper(t);
    await learner.call('POST', '/api/user/exam/remind.json', { slug });
    const failing = runnerAt(
      () => Date.now(),
      async (userId, notice, within) => {
        // The notice is written in the claim's transaction, then the notifier fails: both roll back.
        await t.services.notifications.notify(userId, notice, within);
        throw new Error('máy chủ thông báo không phản hồi');
      },
    );
    expect((await failing.tick()).reminded).toBe(0);
    expect(await remindersOf(learner.user.id)).toHaveLength(0);
    const claimed = await t.db
      .selectFrom('exam_reminders')
      .select('reminded_at')
      .where('user_id', '=', learner.user.id)
      .executeTakeFirstOrThrow();
    expect(claimed.reminded_at).toBeNull();

    const runner = runnerAt(() => Date.now());
    expect((await runner.tick()).reminded).toBe(1);
    expect((await runner.tick()).reminded).toBe(0);
    expect(await remindersOf(learner.user.id)).toHaveLength(1);
  });

  it('is not sent once the contest has opened', async () => {
    const slug = await contest(5 * MINUTE);
    const learner = await createShopper(t);
    await learner.call('POST', '/api/user/exam/remind.json', { slug });
    const late = runnerAt(() => Date.now() + 6 * MINUTE);
    expect((await late.tick()).reminded).toBe(0);
    expect(await remindersOf(learner.user.id)).toHaveLength(0);
  });
});

describe('contest certificates', () => {
  /** Answers every Part I question: right ones for the first `right` of them. */
  async function sit(learner: Shopper, slug: string, right: number) {
    const paper = await room(learner, slug);
    let seq = 0;
    for (const [index, question] of paper.questions.filter((q) => q.type === 'single').entries()) {
      const key = await shownKey(question);
      const answer = index < right ? key : ['A', 'B', 'C', 'D'].find((letter) => letter !== key)!;
      await save(learner, paper.attempt_id, question.id, answer, (seq += 1));
    }
    const submitted = await learner.call('POST', '/api/user/exam/submit.json', { attempt_id: paper.attempt_id });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return paper.attempt_id;
  }

  it('are issued once the results are final, only to candidates reaching the minimum, once', async () => {
    const slug = await contest(-MINUTE, { closes_in_ms: 2 * 3_600_000, certificate_min_score: 2 });
    const [best, enough, short] = [
      await createShopper(t, { full_name: 'Ngô Bảo Châu Anh' }),
      await createShopper(t),
      await createShopper(t),
    ];
    const bestAttempt = await sit(best, slug, 12); // 3 points
    await sit(enough, slug, 8); // 2 points
    await sit(short, slug, 7); // 1.75 points
    const contestRow = await t.db
      .selectFrom('exam_contests')
      .select(['id', 'closes_at'])
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();

    // Still open: nothing yet.
    expect((await runnerAt(() => Date.now()).tick()).certified).toBe(0);
    const before = await best.call('GET', `/api/user/exam/result.json?attempt_id=${bestAttempt}`);
    expect(before.json().data.certificate).toBeNull();

    const afterClose = Date.now() + 2 * 3_600_000 + MINUTE;
    const [a, b] = [runnerAt(() => afterClose), runnerAt(() => afterClose)];
    const reports = await Promise.all([a.tick(), b.tick()]);
    expect(reports.reduce((sum, report) => sum + report.certified, 0)).toBeGreaterThanOrEqual(2);
    expect((await a.tick()).certified).toBe(0);
    const rows = await t.db
      .selectFrom('certificates')
      .selectAll()
      .where('exam_contest_id', '=', contestRow.id)
      .execute();
    expect(rows.map((row) => row.user_id).sort((x, y) => x - y)).toEqual([best.user.id, enough.user.id]);
    expect(rows.find((row) => row.user_id === best.user.id)).toMatchObject({
      score: 3000,
      max_score: 10_000,
      rank: 1,
      candidates: 3,
      course_id: null,
      learner_name: 'Ngô Bảo Châu Anh',
    });

    const result = (await best.call('GET', `/api/user/exam/result.json?attempt_id=${bestAttempt}`)).json().data;
    expect(result.certificate.code).toMatch(/^KT-/);
    expect(result.certificate.url).toBe(`/chung-chi/${result.certificate.code}`);
    const pdf = await t.app.inject({ url: `/chung-chi/${result.certificate.code}.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const verified = await t.app.inject({ url: `/api/user/certificate/verify.json?code=${result.certificate.code}` });
    expect(verified.json().data).toMatchObject({
      valid: true,
      certificate: {
        kind: 'exam_contest',
        course_title: `Thi thử Toán đợt nhắc ${counter}`,
        contest: { slug, score: 3, max_score: 10, rank: 1, candidates: 3 },
      },
    });
  });

  it('follow a key correction after they were issued: revised, revoked below the minimum, issued above it', async () => {
    const slug = await contest(-MINUTE, { closes_in_ms: 2 * 3_600_000, certificate_min_score: 2 });
    const [falls, rises, stays] = [await createShopper(t), await createShopper(t), await createShopper(t)];
    const fallsAttempt = await sit(falls, slug, 8); // 2 points: certified
    const risesAttempt = await sit(rises, slug, 7); // 1.75 points: not certified
    await sit(stays, slug, 12); // 3 points
    const contestId = (
      await t.db.selectFrom('exam_contests').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()
    ).id;
    await runnerAt(() => Date.now() + 2 * 3_600_000 + MINUTE).tick();
    const certificateOf = (userId: number) =>
      t.db
        .selectFrom('certificates')
        .selectAll()
        .where('exam_contest_id', '=', contestId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    const revokedCode = (await certificateOf(falls.user.id))!.code;
    expect(await certificateOf(rises.user.id)).toBeUndefined();

    // A question the first candidate got right and the second wrong: its key becomes the second's answer.
    const answers = (attemptId: number) =>
      t.db.selectFrom('exam_answers').selectAll().where('attempt_id', '=', attemptId).execute();
    const [fallsAnswers, risesAnswers] = [await answers(fallsAttempt), await answers(risesAttempt)];
    const turned = risesAnswers.find(
      (answer) =>
        answer.points_awarded === 0 &&
        fallsAnswers.some((mine) => mine.question_id === answer.question_id && (mine.points_awarded ?? 0) > 0),
    )!;
    await t.services.exams.correctKey(turned.question_id, JSON.parse(turned.answer));

    const revoked = await t.app.inject({ url: `/api/user/certificate/verify.json?code=${revokedCode}` });
    expect(revoked.json().data).toMatchObject({
      valid: false,
      certificate: {
        code: revokedCode,
        // What it certified stays as issued; the reason gives the new score.
        contest: { score: 2 },
        revoked: { reason: 'Sau khi sửa đáp án và chấm lại, điểm 1,75 thấp hơn mức cấp chứng nhận 2.' },
      },
    });
    expect((await t.app.inject({ url: `/chung-chi/${revokedCode}.pdf` })).statusCode).toBe(422);
    const fallsResult = await falls.call('GET', `/api/user/exam/result.json?attempt_id=${fallsAttempt}`);
    expect(fallsResult.json().data.certificate).toBeNull();

    const issued = (await certificateOf(rises.user.id))!;
    expect(issued).toMatchObject({ score: 2000, revoked_at: null });
    const risesResult = await rises.call('GET', `/api/user/exam/result.json?attempt_id=${risesAttempt}`);
    expect(risesResult.json().data.certificate.code).toBe(issued.code);
    // The best candidate also lost the question: the certificate states the new score.
    expect(await certificateOf(stays.user.id)).toMatchObject({ score: 2750, revoked_at: null });
    // Repeated, the revision changes nothing more.
    await t.services.exams.correctKey(turned.question_id, JSON.parse(turned.answer));
    expect((await certificateOf(falls.user.id))!.revoked_at).not.toBeNull();
    expect(
      await t.db.selectFrom('certificates').select('id').where('exam_contest_id', '=', contestId).execute(),
    ).toHaveLength(3);
  });

  it('are not issued by a contest without a minimum score', async () => {
    const slug = await contest(-MINUTE, { closes_in_ms: 3_600_000 });
    const learner = await createShopper(t);
    await sit(learner, slug, 12);
    const id = (await t.db.selectFrom('exam_contests').select('id').where('slug', '=', slug).executeTakeFirstOrThrow())
      .id;
    await runnerAt(() => Date.now() + 2 * 3_600_000).tick();
    expect(await t.db.selectFrom('certificates').select('id').where('exam_contest_id', '=', id).execute()).toHaveLength(
      0,
    );
  });
});
