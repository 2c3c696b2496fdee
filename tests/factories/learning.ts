/**
 * Factories for the learning extras: enrolments, quizzes, discussion, notes, finished courses and
 * certificates. Shared by the tests and the demo seed.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { insertEnrolments } from '../../modules/enrolments/enrolments.repository.ts';
import { insertQuiz } from '../../modules/quizzes/quizzes.repository.ts';
import { insertComment, insertNote } from '../../modules/discussion/discussion.repository.ts';

export interface QuizQuestionInput {
  kind: 'single' | 'multiple';
  prompt: string;
  explanation?: string | null;
  options: { label: string; correct?: boolean }[];
}

/** Three Vietnamese questions: two single choice, one multiple choice. */
export const DEMO_QUIZ_QUESTIONS: QuizQuestionInput[] = [
  {
    kind: 'single',
    prompt: 'Thủ đô của Việt Nam là thành phố nào?',
    explanation: 'Hà Nội là thủ đô của nước Cộng hòa xã hội chủ nghĩa Việt Nam.',
    options: [{ label: 'Hà Nội', correct: true }, { label: 'Huế' }, { label: 'Thành phố Hồ Chí Minh' }],
  },
  {
    kind: 'multiple',
    prompt: 'Những số nào dưới đây là số nguyên tố?',
    explanation: 'Số nguyên tố chỉ chia hết cho 1 và chính nó: 2, 3 và 7; còn 9 = 3 × 3.',
    options: [
      { label: '2', correct: true },
      { label: '3', correct: true },
      { label: '9' },
      { label: '7', correct: true },
    ],
  },
  {
    kind: 'single',
    prompt: 'Kết quả của 12 × 12 là bao nhiêu?',
    explanation: '12 × 12 = 144.',
    options: [{ label: '124' }, { label: '144', correct: true }, { label: '154' }],
  },
];

export async function createQuiz(
  db: Kysely<Database>,
  lessonId: number,
  overrides: {
    pass_percent?: number;
    max_attempts?: number | null;
    time_limit_seconds?: number | null;
    shuffle?: boolean;
    questions?: QuizQuestionInput[];
  } = {},
) {
  const questions = overrides.questions ?? DEMO_QUIZ_QUESTIONS;
  const questionIds = await insertQuiz(
    db,
    {
      lessonId,
      passPercent: overrides.pass_percent ?? 60,
      maxAttempts: overrides.max_attempts === undefined ? 3 : overrides.max_attempts,
      timeLimitSeconds: overrides.time_limit_seconds ?? null,
      shuffle: overrides.shuffle ?? false,
    },
    questions.map((question) => ({
      kind: question.kind,
      prompt: question.prompt,
      explanation: question.explanation ?? null,
      options: question.options.map((option) => ({ label: option.label, correct: option.correct === true })),
    })),
    nowIso(),
  );
  return { lessonId, questionIds };
}

/** An enrolment granted now (null end = unlimited). */
export async function createEnrolment(
  db: Kysely<Database>,
  userId: number,
  courseId: number,
  window: { startsAt?: string; endsAt?: string | null } = {},
) {
  const now = nowIso();
  await insertEnrolments(
    db,
    [{ userId, courseId, source: 'free', startsAt: window.startsAt ?? now, endsAt: window.endsAt ?? null }],
    now,
  );
}

export async function createNote(
  db: Kysely<Database>,
  note: { userId: number; lessonId: number; content: string; position?: number | null },
) {
  return insertNote(db, { ...note, position: note.position ?? null, now: nowIso() });
}

export async function createComment(
  db: Kysely<Database>,
  comment: { userId: number; lessonId: number; content: string; parentId?: number | null; at?: string },
) {
  return insertComment(db, { ...comment, parentId: comment.parentId ?? null, now: comment.at ?? nowIso() });
}

/** Every lesson done and the course completed, as the progress service leaves them. */
export async function completeCourse(db: Kysely<Database>, userId: number, courseId: number, completedAt = nowIso()) {
  const lessons = await db
    .selectFrom('lessons')
    .select(['id', 'duration_seconds'])
    .where('course_id', '=', courseId)
    .where('type', '=', 'content')
    .execute();
  if (lessons.length > 0) {
    await db
      .insertInto('lesson_progress')
      .values(
        lessons.map((lesson) => ({
          user_id: userId,
          lesson_id: lesson.id,
          course_id: courseId,
          position_seconds: lesson.duration_seconds,
          watched_seconds: lesson.duration_seconds,
          completed_at: completedAt,
          created_at: completedAt,
          updated_at: completedAt,
        })),
      )
      .execute();
  }
  await db
    .insertInto('course_progress')
    .values({
      user_id: userId,
      course_id: courseId,
      last_lesson_id: lessons.at(-1)?.id ?? null,
      completed_lessons: lessons.length,
      total_lessons: lessons.length,
      percent: 100,
      completed_at: completedAt,
      last_seen_at: completedAt,
      created_at: completedAt,
      updated_at: completedAt,
    })
    .execute();
}
