/**
 * The studio's enrolments of one user: staff grants, extends or revokes a learner's enrolment with
 * a reason. The enrolments go through the enrolments module, the course comes from the catalog and
 * the learner is told through notifications (all three passed in by modules/services.ts); every
 * change is audited through the studio's log, whose actor this module passes on and never reads.
 */
import type { AuditLog } from '../../kernel/auth/index.ts';
import { isoOrNull, type Db } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { EnrolmentsService } from '../enrolments/index.ts';
import * as repo from './accounts.repository.ts';
import { USER_NOT_FOUND } from './accounts.admin.ts';

/** A course as a grant names and links it (any state). */
interface CourseRef {
  id: number;
  title: string;
  slug: string;
  type: Parameters<EnrolmentsService['grantByStaff']>[2];
}

export interface EnrolmentGrantsDeps<Actor> {
  db: Db;
  enrolments: Pick<EnrolmentsService, 'findById' | 'owns' | 'grantByStaff' | 'extend' | 'revoke'>;
  /** The catalog: a course by id, and the courses to choose from (by title). */
  catalog: {
    courseRef(id: number): Promise<CourseRef | undefined>;
    courseChoices(): Promise<{ id: number; title: string }[]>;
  };
  /** Notifications: the learner is told of every change. */
  notifications: {
    notify(
      userId: number,
      notice: { kind: string; title: string; body: string; link: string | null },
    ): Promise<unknown>;
  };
  /** The studio's audit log. */
  audit: AuditLog<Actor>;
}

export type EnrolmentGrants<Actor> = ReturnType<typeof createEnrolmentGrants<Actor>>;

export function createEnrolmentGrants<Actor>(deps: EnrolmentGrantsDeps<Actor>) {
  const { db, enrolments, catalog, notifications, audit } = deps;

  async function userOrFail(id: number) {
    const user = await repo.findUserById(db, id);
    if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    return user;
  }

  async function courseOrFail(id: number) {
    const course = await catalog.courseRef(id);
    if (!course) throw new AppError('NOT_FOUND', 'Không tìm thấy khóa học.', { course_id: 'Không tìm thấy khóa học.' });
    return course;
  }

  /** The enrolment of this user (someone else's id is "not found"), with its course. */
  async function enrolmentOf(userId: number, enrolmentId: number) {
    const enrolment = await enrolments.findById(enrolmentId);
    if (!enrolment || enrolment.user_id !== userId) throw new AppError('NOT_FOUND', 'Không tìm thấy ghi danh.');
    return { enrolment, course: await courseOrFail(enrolment.course_id) };
  }

  return {
    /** Gives the learner a course for `days` (null = without end); refused when they already have it. */
    async grant(actor: Actor, userId: number, input: { course_id: number; days: number | null; reason: string }) {
      const user = await userOrFail(userId);
      const course = await courseOrFail(input.course_id);
      const owned = () =>
        new AppError('BUSINESS_RULE', 'Học viên đã có quyền học khóa này; hãy gia hạn ghi danh hiện có.');
      if (await enrolments.owns(user.id, course.id)) throw owned();
      const courseIds = await enrolments.grantByStaff(user.id, course.id, course.type, input.days);
      if (courseIds === null) throw owned();
      await audit(
        actor,
        'enrolment.grant',
        { type: 'user', id: user.id },
        { course_id: course.id, course_ids: courseIds, days: input.days, reason: input.reason },
      );
      await notifications.notify(user.id, {
        kind: 'enrolment',
        title: 'Bạn được cấp quyền học khóa học mới',
        body: `Bạn có thể học "${course.title}" ngay bây giờ.`,
        link: `/vao-hoc/${course.slug}`,
      });
      return { course_id: course.id, course_ids: courseIds };
    },

    async extend(actor: Actor, userId: number, enrolmentId: number, input: { days: number | null; reason: string }) {
      const { course } = await enrolmentOf(userId, enrolmentId);
      const { before, endsAt } = await enrolments.extend(enrolmentId, input.days);
      await audit(
        actor,
        'enrolment.extend',
        { type: 'enrolment', id: enrolmentId },
        {
          user_id: userId,
          course_id: course.id,
          ends_at: { from: isoOrNull(before.ends_at), to: endsAt },
          reason: input.reason,
        },
      );
      await notifications.notify(userId, {
        kind: 'enrolment',
        title: 'Thời hạn học đã được gia hạn',
        body: endsAt
          ? `"${course.title}" được gia hạn đến ${new Date(endsAt).toLocaleDateString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' })}.`
          : `"${course.title}" giờ không giới hạn thời gian học.`,
        link: `/vao-hoc/${course.slug}`,
      });
      return { id: enrolmentId, ends_at: endsAt };
    },

    async revoke(actor: Actor, userId: number, enrolmentId: number, input: { reason: string }) {
      const { course } = await enrolmentOf(userId, enrolmentId);
      await enrolments.revoke(enrolmentId);
      await audit(
        actor,
        'enrolment.revoke',
        { type: 'enrolment', id: enrolmentId },
        { user_id: userId, course_id: course.id, reason: input.reason },
      );
      await notifications.notify(userId, {
        kind: 'enrolment',
        title: 'Quyền học đã bị thu hồi',
        body: `Quyền học "${course.title}" đã bị thu hồi. Lý do: ${input.reason}`,
        link: null,
      });
      return { id: enrolmentId, revoked: true };
    },

    /** Courses to choose from when granting (by title). */
    courseChoices: () => catalog.courseChoices(),
  };
}
