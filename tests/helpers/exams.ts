/** Taking exams through the API in integration tests (modules/exams). */
import { expect } from 'vitest';
import { renderRichText } from '../../modules/exams/exams.render.ts';
import type { Shopper } from './commerce.ts';
import type { TestContext } from './test-app.ts';

export type RoomQuestion = {
  id: number;
  type: string;
  part: number;
  passage_id: number | null;
  options: { label: string; html: string }[];
  prompt_html: string;
};
export type Room = {
  attempt_id: number;
  deadline: string;
  questions: RoomQuestion[];
  answers: unknown[];
  last_seq: number;
};

/** The helpers, bound to the file's test context (read lazily: it is created in beforeAll). */
export function examHelpers(context: () => TestContext) {
  function start(learner: Shopper, slug: string, code?: string) {
    return learner.call('POST', '/api/user/exam/start.json', { slug, ...(code ? { code } : {}) });
  }

  async function room(learner: Shopper, slug: string): Promise<Room> {
    const response = await start(learner, slug);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Room;
  }

  function save(learner: Shopper, attemptId: number, questionId: number, answer: unknown, seq: number) {
    return learner.call('PATCH', '/api/user/exam/answer.json', {
      attempt_id: attemptId,
      question_id: questionId,
      answer,
      seq,
    });
  }

  async function keyOf(questionId: number): Promise<unknown> {
    const row = await context()
      .db.selectFrom('exam_questions')
      .select('answer_key')
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.answer_key);
  }

  /** The letter this candidate sees for the key of a choice question (found by the option's rendering). */
  async function shownKey(question: RoomQuestion): Promise<string> {
    const row = await context()
      .db.selectFrom('exam_questions')
      .select('options')
      .where('id', '=', question.id)
      .executeTakeFirstOrThrow();
    const options = JSON.parse(row.options) as { text: string }[];
    const html = renderRichText(options['ABCD'.indexOf((await keyOf(question.id)) as string)]!.text);
    return question.options.find((option) => option.html === html)!.label;
  }

  /** Moves an attempt back in time: it started a full duration before a deadline a minute ago. */
  async function expireAttempt(attemptId: number, durationSeconds = 5400) {
    const deadline = Date.now() - 60_000;
    await context()
      .db.updateTable('exam_attempts')
      .set({
        started_at: new Date(deadline - durationSeconds * 1000).toISOString(),
        deadline_at: new Date(deadline).toISOString(),
      })
      .where('id', '=', attemptId)
      .execute();
  }

  return { start, room, save, keyOf, shownKey, expireAttempt };
}
