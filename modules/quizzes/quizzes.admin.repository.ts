/** The studio's writes to a quiz: its settings, its questions and their options (quizzes.admin.ts). */
import type { Insertable, Updateable } from 'kysely';
import type { QuizOptionsTable, QuizQuestionsTable, QuizzesTable } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

/** Updates the quiz's settings, or creates them on its first save. */
export async function saveSettings(
  db: Db,
  lessonId: number,
  settings: Omit<Insertable<QuizzesTable>, 'lesson_id' | 'created_at'>,
  now: string,
) {
  const existing = await db
    .selectFrom('quizzes')
    .select('lesson_id')
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  if (existing) await db.updateTable('quizzes').set(settings).where('lesson_id', '=', lessonId).execute();
  else
    await db
      .insertInto('quizzes')
      .values({ lesson_id: lessonId, created_at: now, ...settings })
      .execute();
}

export async function questionIds(db: Db, lessonId: number): Promise<number[]> {
  return (await db.selectFrom('quiz_questions').select('id').where('lesson_id', '=', lessonId).execute()).map(
    (q) => q.id,
  );
}

/** Removes questions with their options. */
export async function deleteQuestions(db: Db, ids: number[]) {
  await db.deleteFrom('quiz_options').where('question_id', 'in', ids).execute();
  await db.deleteFrom('quiz_questions').where('id', 'in', ids).execute();
}

export async function insertQuestion(db: Db, question: Insertable<QuizQuestionsTable>): Promise<number> {
  return (await db.insertInto('quiz_questions').values(question).returning('id').executeTakeFirstOrThrow()).id;
}

export function updateQuestion(db: Db, id: number, values: Updateable<QuizQuestionsTable>) {
  return db.updateTable('quiz_questions').set(values).where('id', '=', id).execute();
}

export async function optionIds(db: Db, questionId: number): Promise<number[]> {
  return (await db.selectFrom('quiz_options').select('id').where('question_id', '=', questionId).execute()).map(
    (o) => o.id,
  );
}

export function deleteOptions(db: Db, ids: number[]) {
  return db.deleteFrom('quiz_options').where('id', 'in', ids).execute();
}

export function insertOption(db: Db, option: Insertable<QuizOptionsTable>) {
  return db.insertInto('quiz_options').values(option).execute();
}

export function updateOption(db: Db, id: number, values: Updateable<QuizOptionsTable>) {
  return db.updateTable('quiz_options').set(values).where('id', '=', id).execute();
}
