/**
 * Studying a course: lesson content behind `lessonAccess`, the curriculum with done marks, the
 * learning log (positions, completion rules of PRODUCT.md), course percentages and "my courses".
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { isoOrNull } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  coursePercent,
  hasWatchedEnough,
  parseYoutubeId,
  safeMediaUrl,
  studyUrl,
} from '../../lib/learning/lesson-rules.ts';
import type { LessonNodeShape } from '../catalog/catalog.schemas.ts';
import type { CourseService } from '../catalog/course.service.ts';
import type { AccessibleLesson, LessonAccessService } from './lesson-access.ts';
import * as repo from './learning.repository.ts';
import type { LearningLogInput, MyCourse } from './learning.schemas.ts';
import { fallbackPlayback, type VideoPlayback, type VideoPlaybackProvider } from './video-playback.ts';

export interface LearningServiceDeps {
  db: Kysely<Database>;
  lessonAccess: LessonAccessService;
  course: Pick<CourseService, 'getCurriculum'>;
  sanitize: (html: string) => string;
  /** The video module (HLS ladder, captions); lessons play `video_url` without it. */
  video?: VideoPlaybackProvider;
  /** Called exactly once per learner and course when the course reaches 100 % (certificates). */
  onCourseCompleted?: (userId: number, courseId: number) => Promise<void> | void;
  now?: () => string;
}

export type LearningService = ReturnType<typeof createLearningService>;

function toPlayback(playback: VideoPlayback) {
  return {
    status: playback.status,
    progress_percent: playback.progressPercent,
    master_url: playback.masterUrl,
    poster_url: playback.posterUrl,
    duration_seconds: playback.durationSeconds,
    rungs: playback.rungs,
    captions: playback.captions,
  };
}

function markDone(nodes: LessonNodeShape[], done: Set<number>): LessonNodeShape[] {
  return nodes.map((node) => ({
    ...node,
    ...(node.type === 'content' ? { done: done.has(node.id) } : {}),
    children: markDone(node.children, done),
  }));
}

export function createLearningService({
  db,
  lessonAccess,
  course,
  sanitize,
  video,
  onCourseCompleted,
  now = nowIso,
}: LearningServiceDeps) {
  async function courseProgress(userId: number, courseId: number) {
    const row = await repo.findCourseProgress(db, userId, courseId);
    if (!row) return null;
    return {
      percent: row.percent,
      completed_lessons: row.completed_lessons,
      total_lessons: row.total_lessons,
      last_lesson_id: row.last_lesson_id,
      completed_at: isoOrNull(row.completed_at),
    };
  }

  /** Recounts a learner's course after a write; the one writer that reaches 100 % first fires the hook. */
  async function refreshCourse(userId: number, courseId: number, lessonId: number) {
    const at = now();
    const { total, completed } = await repo.countCourseLessons(db, userId, courseId);
    const percent = coursePercent(completed, total);
    await repo.upsertCourseProgress(db, {
      userId,
      courseId,
      lastLessonId: lessonId,
      completed,
      total,
      percent,
      now: at,
    });
    if (percent === 100 && (await repo.claimCourseCompletion(db, userId, courseId, at))) {
      await onCourseCompleted?.(userId, courseId);
    }
    return courseProgress(userId, courseId);
  }

  /** The transcoded video when the lesson has one (or one on its way); otherwise its plain video URL. */
  async function playbackOf(lessonId: number, videoUrl: string | null, duration: number) {
    const transcoded = video ? await video.playbackFor(lessonId) : null;
    if (transcoded && transcoded.status !== 'none') return transcoded;
    return fallbackPlayback(safeMediaUrl(videoUrl), duration);
  }

  /** lesson/details.json: the content, for learners who may study the lesson (401/403 otherwise). */
  async function getLessonContent(viewerId: number | null, lessonId: number) {
    const access = await lessonAccess.require(viewerId, lessonId);
    const [view, progress] = await Promise.all([
      lessonView(access.lesson, access.via),
      viewerId === null ? undefined : lessonProgress(viewerId, lessonId),
    ]);
    return { ...view, progress: progress ?? null };
  }

  /**
   * The lesson as every learner enrolled in `courseId` sees it, without anyone's progress: the study
   * page shared by them (server/http/page-cache.ts), asked only after the asker's enrolment was checked.
   */
  async function getEnrolledLessonContent(courseId: number, lessonId: number) {
    const access = await lessonAccess.check(null, lessonId);
    if (!access || access.lesson.course_id !== courseId) throw new AppError('NOT_FOUND', 'Không tìm thấy bài học.');
    return { ...(await lessonView(access.lesson, 'enrolled')), progress: null };
  }

  /** The learner's own progress in a lesson; null before the first write. */
  async function lessonProgress(userId: number, lessonId: number) {
    const progress = await repo.findLessonProgress(db, userId, lessonId);
    return progress
      ? {
          position_seconds: progress.position_seconds,
          resume_seconds: progress.resume_seconds,
          watched_seconds: progress.watched_seconds,
          completed: progress.completed_at !== null,
        }
      : null;
  }

  async function lessonView(lesson: AccessibleLesson, via: 'enrolled' | 'preview') {
    const content = await repo.findLessonContent(db, lesson.id);
    if (!content) throw new AppError('NOT_FOUND', 'Không tìm thấy bài học.');
    const type = lesson.content_type;
    const playback = type === 'video' ? await playbackOf(lesson.id, content.video_url, content.duration_seconds) : null;
    return {
      id: lesson.id,
      course_id: lesson.course_id,
      course_slug: lesson.course_slug,
      title: lesson.title,
      content_type: type,
      duration_seconds: playback?.durationSeconds ?? content.duration_seconds,
      is_preview: lesson.is_preview,
      access: via,
      video_url: type === 'video' ? (playback?.masterUrl ?? null) : content.video_url,
      content: sanitize(content.content ?? ''),
      document_url: type === 'document' ? safeMediaUrl(content.document_url) : null,
      youtube_id: type === 'youtube' ? parseYoutubeId(content.video_url) : null,
      video: playback ? toPlayback(playback) : null,
      is_exam: type === 'exam',
    };
  }

  /** lesson.json: the curriculum; for a signed-in learner with the done marks and the course progress. */
  async function getCurriculum(viewerId: number | null, by: { id?: number | undefined; slug?: string | undefined }) {
    const curriculum = await course.getCurriculum(by);
    if (viewerId === null) return { ...curriculum, progress: null };
    const [done, progress] = await Promise.all([
      repo.listCompletedLessonIds(db, viewerId, curriculum.course_id),
      courseProgress(viewerId, curriculum.course_id),
    ]);
    return { ...curriculum, lessons: markDone(curriculum.lessons, new Set(done)), progress };
  }

  /** Whether this write completes the lesson (PRODUCT.md), or a refusal when the learner claims too early. */
  function decideCompletion(type: string | null, input: LearningLogInput, watched: number, duration: number | null) {
    if (type === 'paragraph' || type === 'document') return true;
    if (type === 'video') {
      if (hasWatchedEnough(watched, duration)) return true;
      if (input.completed) {
        throw new AppError('BUSINESS_RULE', 'Bạn cần xem ít nhất 90% video để hoàn thành bài học này.', {
          completed: 'Bạn cần xem ít nhất 90% video để hoàn thành bài học này.',
        });
      }
      return false;
    }
    if (type === 'exam') {
      if (input.completed) {
        throw new AppError('BUSINESS_RULE', 'Hãy làm đạt bài kiểm tra để hoàn thành bài học này.', {
          completed: 'Hãy làm đạt bài kiểm tra để hoàn thành bài học này.',
        });
      }
      return false;
    }
    // YouTube plays in a frame the page cannot measure: the learner marks it done.
    return input.completed === true;
  }

  /** PATCH lesson/learning_log.json: idempotent, order-proof (see the repository), completion rules. */
  async function writeLog(userId: number, input: LearningLogInput) {
    const access = await lessonAccess.require(userId, input.lesson_id);
    const { lesson } = access;
    const at = now();
    const row = await repo.upsertLessonProgress(db, {
      userId,
      lessonId: lesson.id,
      courseId: lesson.course_id,
      position: Math.floor(input.position),
      watched: Math.floor(input.watched_seconds ?? 0),
      // A client clock ahead of the server's would pin the resume point: no write counts as later than now.
      clientMs: Math.min(input.client_time ?? Date.parse(at), Date.parse(at)),
      completedAt: null,
      now: at,
    });
    const wasCompleted = row.completed_at !== null;
    let completed = wasCompleted;
    if (!completed) {
      let duration: number | null = null;
      if (lesson.content_type === 'video') {
        const content = await repo.findLessonContent(db, lesson.id);
        duration = (await playbackOf(lesson.id, content?.video_url ?? null, content?.duration_seconds ?? 0))
          .durationSeconds;
      }
      if (decideCompletion(lesson.content_type, input, row.watched_seconds, duration)) {
        await repo.markLessonCompleted(db, userId, lesson.id, lesson.course_id, at);
        completed = true;
      }
    }
    // Previews studied before buying keep their log; the course standing is for enrolled learners.
    let standing = null;
    if (access.via === 'enrolled') {
      // Nothing newly completed: the counts stand, only the last lesson moves (the common periodic write).
      standing =
        completed === wasCompleted && (await repo.touchCourseProgress(db, userId, lesson.course_id, lesson.id, at))
          ? await courseProgress(userId, lesson.course_id)
          : await refreshCourse(userId, lesson.course_id, lesson.id);
    }
    return {
      lesson_id: lesson.id,
      position_seconds: row.position_seconds,
      resume_seconds: row.resume_seconds,
      watched_seconds: row.watched_seconds,
      completed,
      course: standing,
    };
  }

  /** For the quiz module: a passed quiz completes its lesson. */
  async function completeLesson(userId: number, lessonId: number) {
    const access = await lessonAccess.require(userId, lessonId);
    await repo.markLessonCompleted(db, userId, lessonId, access.lesson.course_id, now());
    return access.via === 'enrolled' ? refreshCourse(userId, access.lesson.course_id, lessonId) : null;
  }

  /** course/my.json: each enrolled course (one entry per course) with its standing and expiry. */
  async function listMyCourses(userId: number): Promise<MyCourse[]> {
    const at = Date.parse(now());
    const rowsByCourse = new Map<number, Awaited<ReturnType<typeof repo.listEnrolledCourses>>>();
    for (const row of await repo.listEnrolledCourses(db, userId)) {
      rowsByCourse.set(row.id, [...(rowsByCourse.get(row.id) ?? []), row]);
    }
    return [...rowsByCourse.values()].map((rows) => {
      const enrolments = rows.map((row) => {
        const startsAt = readDate(row.starts_at).toISOString();
        const endsAt = isoOrNull(row.ends_at);
        return {
          source: row.source,
          starts_at: startsAt,
          ends_at: endsAt,
          active: Date.parse(startsAt) <= at && (endsAt === null || Date.parse(endsAt) > at),
        };
      });
      // Several enrolments in one course: an active one wins, then the one that ends last (null = never).
      const rank = (e: (typeof enrolments)[number]) => (e.active ? 2 : 0) + (e.ends_at === null ? 1 : 0);
      const enrolment = enrolments.reduce((best, e) =>
        rank(e) > rank(best) || (rank(e) === rank(best) && (e.ends_at ?? '') > (best.ends_at ?? '')) ? e : best,
      );
      const row = rows[0]!;
      const percent = row.percent ?? 0;
      return {
        id: row.id,
        slug: row.slug,
        title: row.title,
        thumbnail: row.thumbnail,
        state: !enrolment.active ? 'expired' : percent === 100 ? 'completed' : 'in_progress',
        enrolment,
        progress: {
          percent,
          completed_lessons: row.completed_lessons ?? 0,
          total_lessons: row.total_lessons ?? row.lesson_count,
          last_lesson_id: row.last_lesson_id,
          completed_at: isoOrNull(row.completed_at),
        },
        last_lesson:
          row.last_lesson_id !== null && row.last_lesson_title !== null
            ? { id: row.last_lesson_id, title: row.last_lesson_title }
            : null,
        continue_url: studyUrl(row.slug, row.last_lesson_id),
      };
    });
  }

  return {
    getLessonContent,
    getEnrolledLessonContent,
    lessonProgress,
    getCurriculum,
    writeLog,
    completeLesson,
    listMyCourses,
    courseProgress,
  };
}
