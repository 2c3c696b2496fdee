/**
 * Who may study a lesson. A lesson opens for learners with an active enrolment in its course, and
 * for everyone when it is a free preview. Every learning endpoint (lesson content, the learning log,
 * notes, discussion, quizzes, video delivery) asks here first.
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export interface AccessibleLesson {
  id: number;
  course_id: number;
  course_slug: string;
  course_title: string;
  parent_id: number | null;
  content_type: Database['lessons']['content_type'];
  title: string;
  is_preview: boolean;
}

export type LessonAccess =
  | { allowed: true; via: 'enrolled' | 'preview'; lesson: AccessibleLesson; enrolmentEndsAt: string | null }
  | { allowed: false; reason: 'anonymous' | 'not_enrolled' | 'expired'; lesson: AccessibleLesson };

const DENIAL_MESSAGES: Record<'anonymous' | 'not_enrolled' | 'expired', string> = {
  anonymous: 'Vui lòng đăng nhập để học bài này.',
  not_enrolled: 'Bạn chưa đăng ký khóa học này. Hãy mua khóa học để học bài này.',
  expired: 'Quyền học khóa học này đã hết hạn. Hãy gia hạn để học tiếp.',
};

export type LessonAccessService = ReturnType<typeof createLessonAccess>;

export function createLessonAccess({ db, now = nowIso }: { db: Kysely<Database>; now?: () => string }) {
  async function findLesson(lessonId: number): Promise<AccessibleLesson | undefined> {
    const row = await db
      .selectFrom('lessons')
      .innerJoin('courses', 'courses.id', 'lessons.course_id')
      .select([
        'lessons.id',
        'lessons.course_id',
        'courses.slug as course_slug',
        'courses.title as course_title',
        'lessons.parent_id',
        'lessons.content_type',
        'lessons.title',
        'lessons.is_preview',
      ])
      .where('lessons.id', '=', lessonId)
      .where('lessons.type', '=', 'content')
      .where('courses.is_published', '=', 1)
      .executeTakeFirst();
    return row ? { ...row, is_preview: row.is_preview === 1 } : undefined;
  }

  /** The enrolment standing of a learner in a course: active (with its end), expired, or none. */
  async function standing(userId: number, courseId: number) {
    const at = Date.parse(now());
    const rows = await db
      .selectFrom('enrolments')
      .select(['starts_at', 'ends_at'])
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .where('revoked_at', 'is', null)
      .execute();
    const ends: (string | null)[] = [];
    for (const row of rows) {
      const endsAt = row.ends_at === null ? null : readDate(row.ends_at);
      if (readDate(row.starts_at).getTime() <= at && (endsAt === null || endsAt.getTime() > at)) {
        ends.push(endsAt === null ? null : endsAt.toISOString());
      }
    }
    if (ends.length > 0) {
      const endsAt = ends.includes(null) ? null : (ends.sort().at(-1) ?? null);
      return { state: 'active' as const, endsAt };
    }
    // Expired only when an enrolment has ended; one that has not started yet is not a lapsed one.
    const ended = rows.some((row) => row.ends_at !== null && readDate(row.ends_at).getTime() <= at);
    return { state: ended ? ('expired' as const) : ('none' as const), endsAt: null };
  }

  async function check(userId: number | null, lessonId: number): Promise<LessonAccess | undefined> {
    const lesson = await findLesson(lessonId);
    if (!lesson) return undefined;
    if (userId !== null) {
      const enrolment = await standing(userId, lesson.course_id);
      if (enrolment.state === 'active')
        return { allowed: true, via: 'enrolled', lesson, enrolmentEndsAt: enrolment.endsAt };
      if (lesson.is_preview) return { allowed: true, via: 'preview', lesson, enrolmentEndsAt: null };
      return { allowed: false, reason: enrolment.state === 'expired' ? 'expired' : 'not_enrolled', lesson };
    }
    if (lesson.is_preview) return { allowed: true, via: 'preview', lesson, enrolmentEndsAt: null };
    return { allowed: false, reason: 'anonymous', lesson };
  }

  /** The lesson when this viewer may study it; otherwise a 404 or a 403 with a Vietnamese message. */
  async function requireAccess(userId: number | null, lessonId: number) {
    const access = await check(userId, lessonId);
    if (!access) throw new AppError('NOT_FOUND', 'Không tìm thấy bài học.');
    if (!access.allowed) {
      const status = access.reason === 'anonymous' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
      throw new AppError(status, DENIAL_MESSAGES[access.reason], {
        reason: access.reason,
        course_slug: access.lesson.course_slug,
      });
    }
    return access;
  }

  return {
    check,
    standing,
    require: requireAccess,
    /** Like `require`, but previews are not enough: only enrolled learners (notes, discussion, quizzes, reviews). */
    async requireEnrolled(userId: number | null, lessonId: number) {
      const access = await requireAccess(userId, lessonId);
      if (access.via !== 'enrolled')
        throw new AppError('FORBIDDEN', DENIAL_MESSAGES.not_enrolled, { reason: 'not_enrolled' });
      return access;
    },
  };
}
