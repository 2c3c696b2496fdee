/**
 * Studio people: staff grants, extends or revokes enrolments (through the enrolments module) with a reason; the
 * learner is notified and every change is audited.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoOrNull } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import * as accountsRepo from '../accounts/accounts.repository.ts';
import type { EnrolmentsService } from '../enrolments/index.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Actor, StudioService } from './studio.service.ts';

const USER_NOT_FOUND = 'Không tìm thấy người dùng.';

export type StudioPeopleService = ReturnType<typeof createStudioPeopleService>;

export function createStudioPeopleService(deps: {
  db: Kysely<Database>;
  enrolments: EnrolmentsService;
  notifications: NotificationsService;
  audit: StudioService['audit'];
}) {
  const { db, enrolments, notifications, audit } = deps;

  async function userOrFail(id: number) {
    const user = await accountsRepo.findUserById(db, id);
    if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    return user;
  }

  async function courseOrFail(id: number) {
    const course = await db
      .selectFrom('courses')
      .select(['id', 'title', 'slug', 'type'])
      .where('id', '=', id)
      .executeTakeFirst();
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

    /** Courses to choose from when granting (title, newest first). */
    async courseChoices() {
      return db.selectFrom('courses').select(['id', 'title']).orderBy('title').limit(500).execute();
    },
  };
}
