/**
 * The studio's quiz editing (the quizzes module owns the quiz tables): a quiz lesson's settings,
 * questions and answer keys, read with the correct answers and saved in one transaction. The
 * caller (the course editor) checks first that the lesson is a quiz lesson of its course.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import * as admin from './quizzes.admin.repository.ts';
import * as repo from './quizzes.repository.ts';

export interface QuizInput {
  pass_percent: number;
  max_attempts: number | null;
  time_limit_seconds: number | null;
  shuffle: boolean;
  questions: {
    id?: number | undefined;
    kind: 'single' | 'multiple';
    prompt: string;
    explanation: string | null;
    options: { id?: number | undefined; label: string; is_correct: boolean }[];
  }[];
}

/** Field errors for the answer keys: every question needs a correct answer, exactly one when single choice. */
function checkAnswers(input: QuizInput) {
  const fields: Record<string, string> = {};
  input.questions.forEach((q, index) => {
    const correct = q.options.filter((o) => o.is_correct).length;
    if (correct === 0) fields[`questions.${index}.options`] = 'Hãy đánh dấu ít nhất một đáp án đúng.';
    else if (q.kind === 'single' && correct > 1)
      fields[`questions.${index}.options`] = 'Câu một lựa chọn chỉ có đúng một đáp án đúng.';
  });
  const first = Object.entries(fields)[0];
  if (first) {
    const number = Number(first[0].split('.')[1]) + 1;
    throw new AppError('VALIDATION_FAILED', `Câu ${number}: ${first[1]}`, fields);
  }
}

export type QuizzesAdmin = ReturnType<typeof createQuizzesAdmin>;

export function createQuizzesAdmin(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  /** The quiz of a lesson with its answer keys (the default settings before its first save). */
  async function quiz(lessonId: number) {
    const settings = await repo.findQuiz(db, lessonId);
    const questions = await repo.listQuestions(db, lessonId);
    const options = await repo.listOptions(
      db,
      questions.map((q) => q.id),
    );
    return {
      lesson_id: lessonId,
      pass_percent: settings ? Number(settings.pass_percent) : 80,
      max_attempts: settings?.max_attempts ?? null,
      time_limit_seconds: settings?.time_limit_seconds ?? null,
      shuffle: Boolean(settings?.shuffle),
      questions: questions.map((q) => ({
        id: q.id,
        kind: q.kind,
        prompt: q.prompt,
        explanation: q.explanation,
        options: options
          .filter((o) => o.question_id === q.id)
          .map((o) => ({ id: o.id, label: o.label, is_correct: Boolean(o.is_correct) })),
      })),
    };
  }

  /**
   * Saves a quiz's settings and questions. Questions and answers sent with their id keep it (past
   * attempts still review against them); those left out are removed; new ones are added.
   */
  async function save(lessonId: number, input: QuizInput) {
    checkAnswers(input);
    const foreign = new AppError('VALIDATION_FAILED', 'Câu hỏi hoặc đáp án không thuộc bài kiểm tra này.');
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      await admin.saveSettings(
        trx,
        lessonId,
        {
          pass_percent: input.pass_percent,
          max_attempts: input.max_attempts,
          time_limit_seconds: input.time_limit_seconds,
          shuffle: input.shuffle ? 1 : 0,
          updated_at: now,
        },
        now,
      );

      const oldQuestions = await admin.questionIds(trx, lessonId);
      const kept = input.questions.flatMap((q) => (q.id === undefined ? [] : [q.id]));
      if (kept.some((id) => !oldQuestions.includes(id)) || new Set(kept).size !== kept.length) throw foreign;
      const removed = oldQuestions.filter((id) => !kept.includes(id));
      if (removed.length > 0) await admin.deleteQuestions(trx, removed);
      for (const [position, question] of input.questions.entries()) {
        const values = { kind: question.kind, prompt: question.prompt, explanation: question.explanation, position };
        let questionId = question.id;
        if (questionId === undefined) questionId = await admin.insertQuestion(trx, { lesson_id: lessonId, ...values });
        else await admin.updateQuestion(trx, questionId, values);
        const oldOptions = await admin.optionIds(trx, questionId);
        const keptOptions = question.options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
        if (keptOptions.some((id) => !oldOptions.includes(id))) throw foreign;
        const gone = oldOptions.filter((id) => !keptOptions.includes(id));
        if (gone.length > 0) await admin.deleteOptions(trx, gone);
        for (const [index, option] of question.options.entries()) {
          const row = { label: option.label, is_correct: option.is_correct ? 1 : 0, position: index };
          if (option.id === undefined) await admin.insertOption(trx, { question_id: questionId, ...row });
          else await admin.updateOption(trx, option.id, row);
        }
      }
    });
    return quiz(lessonId);
  }

  return { quiz, save };
}
