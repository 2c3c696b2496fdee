/**
 * Factories for learning: enrolments, a course with one lesson of every type, and learning-log
 * rows. Shared by the tests and the seed (the demo learner's courses in progress).
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, EnrolmentSource, NewCourse } from '../../db/schema.ts';
import { insertEnrolments } from '../../modules/enrolments/enrolments.repository.ts';
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
