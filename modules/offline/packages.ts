/**
 * What a lesson's download holds and costs (issue 21, parts 3 and 6), for an enrolled learner: the
 * lesson, its course, and for a video each rung with its size in bytes (from the stored segments)
 * and its signed playlist URL. The device then fetches the chosen rung's files through the same
 * signed, lesson-bound URLs as the player; nothing here is a licence (that is `licence.json`).
 */
import type { LessonAccessService } from '../learning/index.ts';
import type { VideoService } from '../video/index.ts';

export function createOfflinePackages(deps: {
  lessonAccess: Pick<LessonAccessService, 'requireEnrolled'>;
  video: Pick<VideoService, 'offlineVideo'>;
}) {
  return {
    async describe(userId: number, lessonId: number) {
      const { lesson } = await deps.lessonAccess.requireEnrolled(userId, lessonId);
      const video = lesson.content_type === 'video' ? await deps.video.offlineVideo(lessonId) : null;
      return {
        lesson_id: lesson.id,
        course_id: lesson.course_id,
        course_slug: lesson.course_slug,
        course_title: lesson.course_title,
        title: lesson.title,
        content_type: lesson.content_type,
        video,
      };
    },
  };
}

export type OfflinePackages = ReturnType<typeof createOfflinePackages>;
