/**
 * Factories for learning: enrolments, a course with one lesson of every type, and learning-log
 * rows. Shared by the tests and the seed (the demo learner's courses in progress).
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, EnrolmentSource, NewCourse } from '../../db/schema.ts';
import { insertEnrolments } from '../../modules/enrolments/enrolments.repository.ts';
import { insertQuiz } from '../../modules/quizzes/quizzes.repository.ts';
import { insertComment, insertNote } from '../../modules/discussion/discussion.repository.ts';
import * as learningRepo from '../../modules/learning/learning.repository.ts';
import { coursePercent } from '../../lib/learning/lesson-rules.ts';
import { createCourse, createLesson } from './catalog.ts';

const DAY = 86_400_000;

export async function createEnrolment(
  db: Kysely<Database>,
  grant: { userId: number; courseId: number; source?: EnrolmentSource; startsAt?: string; endsAt?: string | null },
) {
  const now = nowIso();
  await insertEnrolments(
    db,
    [
      {
        userId: grant.userId,
        courseId: grant.courseId,
        source: grant.source ?? 'free',
        startsAt: grant.startsAt ?? new Date(Date.now() - DAY).toISOString(),
        endsAt: grant.endsAt ?? null,
      },
    ],
    now,
  );
}

export interface StudyCourseOptions {
  course?: Partial<NewCourse>;
  /** The video lesson's file (an MP4 or an HLS playlist) and its length in seconds. */
  videoUrl?: string | null;
  videoSeconds?: number;
  documentUrl?: string | null;
  youtubeUrl?: string;
  /** Leave the exam lesson out (courses that must be completable without a quiz). */
  withExam?: boolean;
}

/**
 * A course with two chapters: a preview paragraph and a video in the first, a YouTube lesson, a
 * document and (optionally) an exam in the second. Returns the course and its lesson ids.
 */
export async function createStudyCourse(db: Kysely<Database>, options: StudyCourseOptions = {}) {
  const course = await createCourse(db, { price_new: 0, ...options.course });
  const chapter = (title: string, position: number) =>
    createLesson(db, {
      course_id: course.id,
      type: 'category',
      content_type: null,
      title,
      position,
      duration_seconds: 0,
    });
  const first = await chapter('Chương 1: Làm quen', 0);
  const intro = await createLesson(db, {
    course_id: course.id,
    parent_id: first.id,
    title: 'Giới thiệu khóa học',
    content_type: 'paragraph',
    position: 1,
    duration_seconds: 180,
    is_preview: 1,
    content: '<h2>Chào mừng bạn</h2><p>Khóa học gồm video, bài đọc và tài liệu.</p><script>alert(1)</script>',
  });
  const video = await createLesson(db, {
    course_id: course.id,
    parent_id: first.id,
    title: 'Video bài giảng',
    content_type: 'video',
    position: 2,
    duration_seconds: options.videoSeconds ?? 100,
    video_url: options.videoUrl ?? null,
    content: '<p>Xem video rồi làm bài tập.</p>',
  });
  const second = await chapter('Chương 2: Luyện tập', 3);
  const youtube = await createLesson(db, {
    course_id: course.id,
    parent_id: second.id,
    title: 'Chữa đề cùng giáo viên',
    content_type: 'youtube',
    position: 4,
    duration_seconds: 754,
    video_url: options.youtubeUrl ?? 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
    content: null,
  });
  const document = await createLesson(db, {
    course_id: course.id,
    parent_id: second.id,
    title: 'Tài liệu ôn tập',
    content_type: 'document',
    position: 5,
    duration_seconds: 300,
    document_url: options.documentUrl ?? null,
    content: '<p>Tải tài liệu về máy để ôn tập.</p>',
  });
  const exam =
    options.withExam === false
      ? null
      : await createLesson(db, {
          course_id: course.id,
          parent_id: second.id,
          title: 'Bài kiểm tra cuối khóa',
          content_type: 'exam',
          position: 6,
          duration_seconds: 900,
          content: '<p>Làm bài kiểm tra để hoàn thành khóa học.</p>',
        });
  return {
    course,
    lessons: { intro: intro.id, video: video.id, youtube: youtube.id, document: document.id, exam: exam?.id ?? null },
  };
}

/**
 * A learner's progress in a course: these lessons completed, and where they stopped (the lesson
 * and the second), with the course standing recounted as the learning log does it.
 */
export async function recordProgress(
  db: Kysely<Database>,
  progress: {
    userId: number;
    courseId: number;
    completedLessonIds: number[];
    stoppedAt?: { lessonId: number; seconds: number };
  },
) {
  const now = nowIso();
  const { userId, courseId, stoppedAt } = progress;
  for (const lessonId of progress.completedLessonIds) {
    await learningRepo.markLessonCompleted(db, userId, lessonId, courseId, now);
  }
  if (stoppedAt) {
    await learningRepo.upsertLessonProgress(db, {
      userId,
      lessonId: stoppedAt.lessonId,
      courseId,
      position: stoppedAt.seconds,
      watched: stoppedAt.seconds,
      clientMs: Date.parse(now),
      completedAt: null,
      now,
    });
  }
  const lastLessonId = stoppedAt?.lessonId ?? progress.completedLessonIds.at(-1);
  if (lastLessonId === undefined) return;
  const { total, completed } = await learningRepo.countCourseLessons(db, userId, courseId);
  await learningRepo.upsertCourseProgress(db, {
    userId,
    courseId,
    lastLessonId,
    completed,
    total,
    percent: coursePercent(completed, total),
    now,
  });
}

// ── Quizzes, notes, discussion, completed courses (learning extras) ──

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
