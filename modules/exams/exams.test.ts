import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_CONTESTS, seedExams } from '../../db/seed/exams.ts';
import { createCourse } from '../../tests/factories/catalog.ts';
import { createEnrolment } from '../../tests/factories/learning.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { examHelpers, type Room, type RoomQuestion } from '../../tests/helpers/exams.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { renderRichText } from './exams.render.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  await seedExams(t.db);
});
afterAll(async () => {
  await t.close();
});

const { start, room, save, shownKey, expireAttempt } = examHelpers(() => t);

describe('the exam list and details', () => {
  it('lists contests by state and subject, with practice rooms always open', async () => {
    const all = (await t.app.inject({ url: '/api/user/exam.json' })).json().data as {
      slug: string;
      state: string;
      kind: string;
    }[];
    expect(all.find((c) => c.slug === SEEDED_CONTESTS.open)?.state).toBe('open');
    expect(all.find((c) => c.slug === SEEDED_CONTESTS.upcoming)?.state).toBe('upcoming');
    expect(all.find((c) => c.slug === SEEDED_CONTESTS.finished)?.state).toBe('closed');
    expect(all.filter((c) => c.kind === 'practice').map((c) => c.state)).toEqual(['open', 'open', 'open']);
    const upcoming = (await t.app.inject({ url: '/api/user/exam.json?state=upcoming' })).json().data as {
      slug: string;
    }[];
    expect(upcoming.map((c) => c.slug)).toEqual([SEEDED_CONTESTS.upcoming]);
    const english = (await t.app.inject({ url: '/api/user/exam.json?subject=tieng-anh' })).json().data as {
      exam: { subject: string };
    }[];
    expect(english.length).toBe(2);
    expect(english.every((c) => c.exam.subject === 'tieng-anh')).toBe(true);
  });

  it('details give the structure and the rules, never a question', async () => {
    const response = await t.app.inject({ url: `/api/user/exam/details.json?slug=${SEEDED_CONTESTS.open}` });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      question_count: 22,
      max_score: 10,
      duration_seconds: 5400,
      max_attempts: 1,
      is_ranked: true,
    });
    expect(data.parts.map((p: { count: number; points: number }) => [p.count, p.points])).toEqual([
      [12, 0.25],
      [4, 1],
      [6, 0.5],
    ]);
    expect(response.body).not.toMatch(/answer_key|explanation|Cô-si/);
    expect((await t.app.inject({ url: '/api/user/exam/details.json?slug=khong-co' })).statusCode).toBe(404);
  });
});

it('the exam API is in the OpenAPI document', async () => {
  const response = await t.app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const paths = response.json().paths as Record<string, Record<string, unknown>>;
  expect(Object.keys(paths)).toEqual(
    expect.arrayContaining([
      '/api/user/exam.json',
      '/api/user/exam/details.json',
      '/api/user/exam/start.json',
      '/api/user/exam/answer.json',
      '/api/user/exam/submit.json',
      '/api/user/exam/result.json',
      '/api/user/exam/ranking.json',
      '/api/user/exam/remind.json',
    ]),
  );
  expect(paths['/api/user/exam/answer.json']!.patch).toBeDefined();
});

describe('starting', () => {
  it('needs a signed-in candidate, an open window and attempts left', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/user/exam/start.json',
      payload: { slug: SEEDED_CONTESTS.open },
    });
    expect(anonymous.statusCode).toBe(401);
    const learner = await createShopper(t);
    const early = await start(learner, SEEDED_CONTESTS.upcoming);
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe('Kỳ thi chưa mở: hãy quay lại khi đến giờ thi.');
    const late = await start(learner, SEEDED_CONTESTS.finished);
    expect(late.statusCode).toBe(422);
    expect(late.json().error.message).toContain('Kỳ thi đã kết thúc');
  });

  it('sends no key nor explanation; starting twice (even at once) gives the same open attempt', async () => {
    const learner = await createShopper(t);
    const [first, second] = await Promise.all([
      start(learner, SEEDED_CONTESTS.open),
      start(learner, SEEDED_CONTESTS.open),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.attempt_id).toBe(first.json().data.attempt_id);
    expect(first.body).not.toMatch(/answer_key|explanation|correct|Cô-si|Đúng: /);
    const data = first.json().data as Room;
    expect(data.questions).toHaveLength(22);
    expect(Object.keys(data.questions[0]!).sort()).toEqual(
      [
        'answer_boxes',
        'id',
        'image_url',
        'number',
        'options',
        'part',
        'passage_id',
        'points',
        'prompt_html',
        'type',
      ].sort(),
    );
    // Formulas arrive rendered: MathML and KaTeX's HTML, no raw dollar delimiters.
    const rendered = data.questions.map((q) => q.prompt_html).join('');
    expect(rendered).toContain('<math');
    expect(rendered).toContain('class="katex"');
    expect(rendered).not.toMatch(/\$[^$]+\$/);
    const count = await t.db
      .selectFrom('exam_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', learner.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('a contest for code holders asks for the code', async () => {
    const examId = (
      await t.db
        .selectFrom('exams')
        .select('id')
        .where('slug', '=', 'de-mau-vat-ly-thpt-2025')
        .executeTakeFirstOrThrow()
    ).id;
    await t.services.exams.createContest({
      slug: 'thi-theo-ma',
      exam_id: examId,
      title: 'Thi theo mã',
      kind: 'contest',
      entry_rule: 'code',
      entry_code: 'LOP12A',
    });
    const learner = await createShopper(t);
    expect((await start(learner, 'thi-theo-ma')).statusCode).toBe(403);
    expect((await start(learner, 'thi-theo-ma', 'SAI')).json().error.message).toBe('Mã dự thi không đúng.');
    expect((await start(learner, 'thi-theo-ma', ' lop12a ')).statusCode).toBe(200);
  });
});

describe('entry rules and windows', () => {
  it('a contest for a course’s buyers admits them only, and its deadline never passes its close', async () => {
    const examId = (
      await t.db.selectFrom('exams').select('id').where('slug', '=', 'de-mau-toan-thpt-2025').executeTakeFirstOrThrow()
    ).id;
    const course = await createCourse(t.db, { price_new: 500_000 });
    const closes = new Date(Date.now() + 10 * 60_000);
    await t.services.exams.createContest({
      slug: 'thi-cho-hoc-vien',
      exam_id: examId,
      title: 'Thi cho học viên',
      kind: 'contest',
      opens_at: new Date(Date.now() - 60_000),
      closes_at: closes,
      entry_rule: 'course',
      entry_course_id: course.id,
    });
    const outsider = await createShopper(t);
    const refused = await start(outsider, 'thi-cho-hoc-vien');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Kỳ thi này dành cho học viên đã mua khoá học đi kèm.');
    const buyer = await createShopper(t);
    await createEnrolment(t.db, { userId: buyer.user.id, courseId: course.id });
    const paper = await room(buyer, 'thi-cho-hoc-vien');
    // 90 minutes of Toán, but the contest closes in 10: the deadline is the close.
    expect(paper.deadline).toBe(closes.toISOString());
  });
});

describe('saving answers', () => {
  it('is idempotent and order-proof by seq; another candidate’s attempt is not found', async () => {
    const learner = await createShopper(t);
    const paper = await room(learner, SEEDED_CONTESTS.open);
    const single = paper.questions.find((q) => q.type === 'single')!;
    const later = await save(learner, paper.attempt_id, single.id, 'C', 5);
    expect(later.json().data).toMatchObject({ seq: 5, applied: true, answer: 'C' });
    const stale = await save(learner, paper.attempt_id, single.id, 'A', 3);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toMatchObject({ seq: 5, applied: false, answer: 'C' });
    const again = await save(learner, paper.attempt_id, single.id, 'C', 5);
    expect(again.json().data).toMatchObject({ seq: 5, applied: true, answer: 'C' });
    // Another question with a lower seq than the last save of the first is still applied (seq is compared per question).
    const short = paper.questions.find((q) => q.type === 'short')!;
    expect((await save(learner, paper.attempt_id, short.id, '−1.50', 4)).json().data).toMatchObject({
      applied: true,
      answer: '-1,5',
    });
    const resumed = await room(learner, SEEDED_CONTESTS.open);
    expect(resumed.last_seq).toBe(5);
    expect(resumed.answers).toEqual(
      expect.arrayContaining([
        { question_id: single.id, answer: 'C', seq: 5 },
        { question_id: short.id, answer: '-1,5', seq: 4 },
      ]),
    );
    const other = await createShopper(t);
    const foreign = await save(other, paper.attempt_id, single.id, 'A', 9);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Không tìm thấy lượt làm bài.');
    expect((await save(learner, 999_999, single.id, 'A', 9)).statusCode).toBe(404);
  });

  it('saves racing the submission are stored and graded, or refused: none is stored after the grading', async () => {
    const learner = await createShopper(t);
    const paper = await room(learner, SEEDED_CONTESTS.open);
    const singles = paper.questions.filter((q) => q.type === 'single');
    const [submitted, ...saves] = await Promise.all([
      learner.call('POST', '/api/user/exam/submit.json', { attempt_id: paper.attempt_id }),
      ...singles.map((question, index) => save(learner, paper.attempt_id, question.id, 'B', index + 1)),
    ]);
    expect(submitted!.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('exam_answers')
      .select(['question_id', 'points_awarded'])
      .where('attempt_id', '=', paper.attempt_id)
      .execute();
    const accepted = singles.filter((_, index) => saves[index]!.statusCode === 200).map((question) => question.id);
    expect(saves.every((response) => [200, 422].includes(response.statusCode))).toBe(true);
    expect(stored.map((row) => row.question_id).sort()).toEqual(accepted.sort());
    expect(stored.every((row) => row.points_awarded !== null)).toBe(true);
  });

  it('a question of another exam is not found in this attempt', async () => {
    const learner = await createShopper(t);
    const paper = await room(learner, SEEDED_CONTESTS.open);
    const foreign = await t.db
      .selectFrom('exam_questions')
      .select('id')
      .where(
        'id',
        'not in',
        paper.questions.map((q) => q.id),
      )
      .executeTakeFirstOrThrow();
    const response = await save(learner, paper.attempt_id, foreign.id, 'A', 1);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Câu hỏi không thuộc đề thi này.');
  });

  it('refuses what the answer sheet cannot hold, with a message', async () => {
    const learner = await createShopper(t);
    const paper = await room(learner, SEEDED_CONTESTS.open);
    const short = paper.questions.find((q) => q.type === 'short')!;
    const letters = await save(learner, paper.attempt_id, short.id, '1/2', 1);
    expect(letters.statusCode).toBe(400);
    expect(letters.json().error.message).toBe('Câu trả lời ngắn chỉ gồm chữ số, dấu trừ (-) và dấu phẩy (,).');
    const long = await save(learner, paper.attempt_id, short.id, '0,125', 2);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('Phiếu trả lời chỉ có 4 ô');
    const group = paper.questions.find((q) => q.type === 'true_false')!;
    expect((await save(learner, paper.attempt_id, group.id, 'A', 3)).statusCode).toBe(400);
    expect((await save(learner, paper.attempt_id, group.id, [true, null, false, null], 4)).statusCode).toBe(200);
  });
});

describe('the deadline', () => {
  it('answers after the deadline are refused and the server closes the attempt', async () => {
    const learner = await createShopper(t);
    const paper = await room(learner, SEEDED_CONTESTS.open);
    const question = paper.questions[0]!;
    expect((await save(learner, paper.attempt_id, question.id, 'A', 1)).statusCode).toBe(200);
    const before = await t.db
      .selectFrom('exam_answers')
      .select(['answer', 'seq'])
      .where('attempt_id', '=', paper.attempt_id)
      .executeTakeFirstOrThrow();
    await expireAttempt(paper.attempt_id);
    const late = await save(learner, paper.attempt_id, question.id, 'B', 2);
    expect(late.statusCode).toBe(422);
    expect(late.json().error.message).toBe('Đã hết giờ làm bài: câu trả lời gửi sau giờ nộp bài không được ghi nhận.');
    const attempt = await t.db
      .selectFrom('exam_attempts')
      .selectAll()
      .where('id', '=', paper.attempt_id)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ status: 'submitted', submitted_by: 'deadline' });
    const answer = await t.db
      .selectFrom('exam_answers')
      .select(['answer', 'seq'])
      .where('attempt_id', '=', paper.attempt_id)
      .executeTakeFirstOrThrow();
    expect(answer).toEqual(before);
  });

  it('the server submits at the deadline when the browser is gone (the runner, no request)', async () => {
    const learner = await createShopper(t);
    const paper = await room(learner, SEEDED_CONTESTS.open);
    const singles = paper.questions.filter((q) => q.type === 'single').slice(0, 4);
    for (const [index, question] of singles.entries())
      await save(learner, paper.attempt_id, question.id, await shownKey(question), index + 1);
    await expireAttempt(paper.attempt_id);
    expect(await t.services.exams.closeDue()).toBeGreaterThanOrEqual(1);
    const attempt = await t.db
      .selectFrom('exam_attempts')
      .selectAll()
      .where('id', '=', paper.attempt_id)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ status: 'submitted', submitted_by: 'deadline', score: 1000 });
    const result = (await learner.call('GET', `/api/user/exam/result.json?attempt_id=${paper.attempt_id}`)).json().data;
    expect(result).toMatchObject({ score: 1, max_score: 10, submitted_by: 'deadline', time_used_seconds: 5400 });
    // A second start of this one-attempt contest is refused, not a new attempt.
    expect((await start(learner, SEEDED_CONTESTS.open)).json().error.message).toBe(
      'Bạn đã dùng hết số lượt làm bài của kỳ thi này.',
    );
  });
});

describe('shuffling', () => {
  it('is stable for a candidate, differs between candidates, and keeps true/false statements together', async () => {
    const orders: number[][] = [];
    for (let i = 0; i < 3; i += 1) {
      const learner = await createShopper(t);
      const first = await room(learner, `luyen-tap-de-mau-toan-thpt-2025`);
      const again = await room(learner, `luyen-tap-de-mau-toan-thpt-2025`);
      expect(again.questions).toEqual(first.questions);
      orders.push(first.questions.map((q) => q.id));
      // Parts stay in order; a true/false group shows its four statements a–d in the written order.
      expect(first.questions.map((q) => q.part)).toEqual([
        ...Array(12).fill(1),
        ...Array(4).fill(2),
        ...Array(6).fill(3),
      ]);
      for (const group of first.questions.filter((q) => q.type === 'true_false')) {
        const row = await t.db
          .selectFrom('exam_questions')
          .select('options')
          .where('id', '=', group.id)
          .executeTakeFirstOrThrow();
        const written = (JSON.parse(row.options) as { text: string }[]).map((o) => renderRichText(o.text));
        expect(group.options.map((o) => o.html)).toEqual(written);
        expect(group.options.map((o) => o.label)).toEqual(['a', 'b', 'c', 'd']);
      }
    }
    expect(new Set(orders.map((order) => order.join(','))).size).toBeGreaterThan(1);
  });

  it('keeps a passage and its questions together', async () => {
    const learner = await createShopper(t);
    const paper = await room(learner, 'luyen-tap-de-mau-tieng-anh-thpt-2025');
    const withPassage = (paper.questions as RoomQuestion[]).map((q) => q.passage_id);
    const blocks = withPassage.filter((id, i) => id !== null && withPassage[i - 1] !== id);
    expect(new Set(blocks).size).toBe(blocks.length);
  });
});
