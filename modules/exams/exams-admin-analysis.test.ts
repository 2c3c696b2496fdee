/**
 * Item analysis on a hand-computed fixture, and a key correction: re-graded scores, changed ranks,
 * an audit row and a notification to each candidate whose score changed (and to no one else).
 *
 * Five questions worth 1 point (Q4 a true/false group, key Đúng Sai Đúng Sai, on the THPT ladder):
 *
 *   candidate  Q1  Q2  Q3  Q4            Q5   total
 *   C1         A   B   D   Đ S Đ S (1)   A    4
 *   C2         A   B   D   Đ S Đ Đ (0.5) A    3.5
 *   C3         B   –   C   S Đ S Đ (0)   A    2
 *   C4         A   C   –   Đ – – – (0.1) –    1.1
 *
 * N = 4, so each group holds round(0.27 × 4) = 1 candidate: upper C1, lower C4.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper, type Shopper } from '../../tests/helpers/commerce.ts';
import { contestHelpers, type Session } from '../../tests/helpers/exam-contests.ts';
import { examHelpers } from '../../tests/helpers/exams.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { analyseItems, flagOf, groupSize } from './exams.analysis.ts';

let t: TestContext;
let editor: Session;
let examId: number;
let contest: { id: number; slug: string };
let candidates: Shopper[];
let attempts: number[];
const question = new Map<number, number>();

const { staff, call, createSmallExam, contestBody, schedule } = contestHelpers(() => t);
const { room, save } = examHelpers(() => t);

const SHEETS: Record<number, unknown>[] = [
  { 1: 'A', 2: 'B', 3: 'D', 4: [true, false, true, false], 5: 'A' },
  { 1: 'A', 2: 'B', 3: 'D', 4: [true, false, true, true], 5: 'A' },
  { 1: 'B', 3: 'C', 4: [false, true, false, true], 5: 'A' },
  { 1: 'A', 2: 'C', 4: [true, null, null, null] },
];

beforeAll(async () => {
  t = await createTestContext();
  editor = await staff('editor');
  examId = await createSmallExam('kiem-tra-phan-tich');
  for (const row of await t.db
    .selectFrom('exam_questions')
    .select(['id', 'position'])
    .where('exam_id', '=', examId)
    .execute())
    question.set(row.position, row.id);
  contest = await schedule(editor, contestBody(examId, { title: 'Kiểm tra để phân tích câu hỏi' }));
  candidates = [];
  attempts = [];
  for (const sheet of SHEETS) {
    const candidate = await createShopper(t);
    const paper = await room(candidate, contest.slug);
    let seq = 0;
    for (const [position, answer] of Object.entries(sheet))
      await save(candidate, paper.attempt_id, question.get(Number(position))!, answer, (seq += 1));
    const submitted = await candidate.call('POST', '/api/user/exam/submit.json', { attempt_id: paper.attempt_id });
    expect(submitted.statusCode, submitted.body).toBe(200);
    candidates.push(candidate);
    attempts.push(paper.attempt_id);
  }
});
afterAll(async () => {
  await t.close();
});

const analysis = async () => {
  const response = await call(editor, 'GET', `/api/admin/exam-contests/${contest.id}/analysis.json`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    candidates: number;
    group_size: number;
    items: {
      number: number;
      correct_share: number;
      unanswered_share: number;
      discrimination: number | null;
      flag: string | null;
      statements: { label: string; correct_share: number }[] | null;
      choices: { label: string; share: number }[] | null;
    }[];
  };
};

const ranking = async () =>
  (
    (await call(editor, 'GET', `/api/admin/exam-contests/${contest.id}/results.json`)).json().data as {
      attempt_id: number;
      rank: number;
      score: number;
    }[]
  ).map((row) => [attempts.indexOf(row.attempt_id) + 1, row.rank, row.score]);

describe('item analysis', () => {
  it('gives the hand-computed shares and discrimination indexes', async () => {
    expect(await ranking()).toEqual([
      [1, 1, 4],
      [2, 2, 3.5],
      [3, 3, 2],
      [4, 4, 1.1],
    ]);
    const data = await analysis();
    expect(data).toMatchObject({ candidates: 4, group_size: 1 });
    const item = (number: number) => data.items.find((row) => row.number === number)!;
    // Q1: right for C1, C2, C4; the upper (C1) and lower (C4) are both right: D = 0, low.
    expect(item(1)).toMatchObject({ correct_share: 0.75, unanswered_share: 0, discrimination: 0, flag: 'low' });
    expect(item(1).choices).toEqual([
      { label: 'A', share: 0.75 },
      { label: 'B', share: 0.25 },
      { label: 'C', share: 0 },
      { label: 'D', share: 0 },
    ]);
    // Q2: right for C1, C2; C3 left it blank; D = 1 − 0.
    expect(item(2)).toMatchObject({ correct_share: 0.5, unanswered_share: 0.25, discrimination: 1, flag: null });
    // Q3 (key C): only C3 right; C1 and C2 chose D; the upper and lower are both wrong: D = 0.
    expect(item(3)).toMatchObject({ correct_share: 0.25, unanswered_share: 0.25, discrimination: 0, flag: 'low' });
    // Q4: all four right only for C1; per statement a 3/4, b 2/4, c 2/4, d 1/4; D = 1 − 0.1 = 0.9.
    expect(item(4)).toMatchObject({ correct_share: 0.25, unanswered_share: 0, discrimination: 0.9, choices: null });
    expect(item(4).statements).toEqual([
      { label: 'a', correct_share: 0.75 },
      { label: 'b', correct_share: 0.5 },
      { label: 'c', correct_share: 0.5 },
      { label: 'd', correct_share: 0.25 },
    ]);
    // Q5: C4 left it blank: D = 1 − 0.
    expect(item(5)).toMatchObject({ correct_share: 0.75, unanswered_share: 0.25, discrimination: 1 });
  });

  it('flags negative discrimination and sizes the groups at 27 %', () => {
    expect([groupSize(1), groupSize(4), groupSize(10), groupSize(100)]).toEqual([1, 1, 3, 27]);
    expect([flagOf(-0.3), flagOf(0.1), flagOf(0.2), flagOf(null)]).toEqual(['negative', 'low', null, null]);
    const part = {
      id: 1,
      exam_id: 1,
      position: 1,
      title: 'Phần I',
      question_type: 'single',
      scoring: 'all_or_nothing',
      points: 1000,
      answer_boxes: null,
    } as const;
    const q = {
      id: 7,
      exam_id: 1,
      part_id: 1,
      passage_id: null,
      position: 1,
      type: 'single',
      prompt: '',
      image_url: null,
      options: '[]',
      answer_key: '"A"',
      explanation: '',
      topic: 'Hàm số',
      difficulty: 'easy',
      points: 1000,
      rendered: '{"prompt":"","options":[],"explanation":""}',
      created_at: '',
      updated_at: '',
    } as const;
    const result = analyseItems({
      parts: [part],
      questions: [q],
      attempts: [
        { id: 1, score: 9000 },
        { id: 2, score: 2000 },
      ],
      answers: [
        { attempt_id: 1, question_id: 7, answer: '"B"' },
        { attempt_id: 2, question_id: 7, answer: '"A"' },
      ],
    });
    expect(result.items[0]).toMatchObject({ discrimination: -1, flag: 'negative', correct_share: 0.5 });
    expect(result.reliable).toBe(false);
  });
});

describe('correcting a key', () => {
  it('re-grades, re-ranks, audits and notifies exactly the candidates whose score changed', async () => {
    const url = `/api/admin/exam-contests/${contest.id}/key.json`;
    const same = await call(editor, 'POST', url, { question_id: question.get(3), key: 'C' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe('Câu 3: đáp án mới trùng đáp án hiện tại.');
    const bad = await call(editor, 'POST', url, { question_id: question.get(3), key: 'E' });
    expect(bad.json().error.message).toBe('Câu 3: đáp án phải là một chữ A–D.');
    const other = await createSmallExam('de-khac-de-kiem-tra');
    const foreign = (
      await t.db.selectFrom('exam_questions').select('id').where('exam_id', '=', other).executeTakeFirstOrThrow()
    ).id;
    expect((await call(editor, 'POST', url, { question_id: foreign, key: 'B' })).statusCode).toBe(404);

    const corrected = await call(editor, 'POST', url, { question_id: question.get(3), key: 'D' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data).toEqual({ question_id: question.get(3), regraded: 4, changed: 3, notified: 3 });
    // C1 and C2 gain a point, C3 loses one and falls below C4.
    expect(await ranking()).toEqual([
      [1, 1, 5],
      [2, 2, 4.5],
      [4, 3, 1.1],
      [3, 4, 1],
    ]);
    const item3 = (await analysis()).items.find((row) => row.number === 3)!;
    expect(item3).toMatchObject({ correct_share: 0.5, discrimination: 1, flag: null });

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'exam.key_correct')
      .executeTakeFirstOrThrow();
    expect(audit.target_id).toBe(String(question.get(3)));
    expect(typeof audit.summary === 'string' ? JSON.parse(audit.summary) : audit.summary).toMatchObject({
      key: { from: 'C', to: 'D' },
      changed: 3,
    });

    const notices = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('kind', '=', 'exam_regrade')
      .orderBy('user_id')
      .execute();
    expect(notices.map((n) => n.user_id)).toEqual(
      [candidates[0]!, candidates[1]!, candidates[2]!].map((c) => c.user.id),
    );
    const third = notices.find((n) => n.user_id === candidates[2]!.user.id)!;
    expect(third.body).toBe(
      'Đáp án câu 3 của "Kiểm tra để phân tích câu hỏi" đã được sửa và bài làm được chấm lại: điểm của bạn đổi từ 4 thành 2.',
    );
    expect(third.link).toBe(`/cong-thi/${contest.slug}/ket-qua/${attempts[2]}`);
    const first = notices.find((n) => n.user_id === candidates[0]!.user.id)!;
    expect(first.body).toContain('đổi từ 8 thành 10.');
  });
});
