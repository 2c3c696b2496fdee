/**
 * Enrolments: granted once per order line (combos also grant their child courses), by activation
 * codes and by "Vào học" on free courses. The end date comes from the package cycle (SPEC §9).
 */
import type { Kysely } from 'kysely';
import { lockWithinTransaction, nowIso } from '../../db/connect.ts';
import type { Database, EnrolmentSource } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { computeAccessEnd } from '../../lib/format/price-periods.ts';
import type { CourseService } from '../catalog/course.service.ts';
import * as repo from './enrolments.repository.ts';

export interface GrantLine {
  courseId: number;
  courseType: string;
  /** The package cycle (1–9); 5 = unlimited. */
  cycle: number | null;
  /** Overrides the cycle (activation codes with access days). */
  accessDays?: number | null;
}

export type EnrolmentsService = ReturnType<typeof createEnrolmentsService>;

export function createEnrolmentsService({ db, course }: { db: Kysely<Database>; course: CourseService }) {
  function endOf(start: Date, line: GrantLine): string | null {
    if (line.accessDays) return new Date(start.getTime() + line.accessDays * 86_400_000).toISOString();
    if (line.cycle === null) return null;
    return computeAccessEnd(start, line.cycle)?.toISOString() ?? null;
  }

  /**
   * Plans the enrolments for these lines (combo children read now, outside any transaction: on
   * SQLite a read on `db` inside an open transaction would wait for it forever); the returned
   * function writes them inside the caller's transaction.
   */
  async function prepareGrant(
    userId: number,
    source: EnrolmentSource,
    lines: GrantLine[],
    refs: { orderId?: number; activationCodeId?: number } = {},
  ) {
    const planned: { courseId: number; line: GrantLine }[] = [];
    const seen = new Set<number>();
    for (const line of lines) {
      const courseIds = [line.courseId];
      if (line.courseType === 'combo') courseIds.push(...(await course.listComboChildIds(line.courseId)));
      for (const courseId of courseIds) {
        if (seen.has(courseId)) continue;
        seen.add(courseId);
        planned.push({ courseId, line });
      }
    }
    return async (trx: Db): Promise<number[]> => {
      const start = new Date();
      const now = start.toISOString();
      await repo.insertEnrolments(
        trx,
        planned.map(({ courseId, line }) => ({
          userId,
          courseId,
          source,
          startsAt: now,
          endsAt: endOf(start, line),
          ...refs,
        })),
        now,
      );
      return [...seen];
    };
  }

  return {
    prepareGrant,
    async listOwnedCourseIds(userId: number, courseIds: number[]) {
      return repo.listActiveCourseIds(db, userId, courseIds, nowIso());
    },
    async owns(userId: number, courseId: number) {
      return (await repo.listActiveCourseIds(db, userId, [courseId], nowIso())).length > 0;
    },
    /** Customer types of promotions: has an active enrolment, has an active subscription. */
    async describeCustomer(userId: number) {
      const now = nowIso();
      const [active, subscribed] = await Promise.all([
        repo.countActive(db, userId, now),
        repo.countActive(db, userId, now, 'subscription'),
      ]);
      return { active: active > 0, subscribed: subscribed > 0 };
    },
    /** "Vào học" on a free course: enrol at once, no order. */
    async enrolFree(userId: number, by: { id: number } | { slug: string }, podId?: number) {
      const details = await course.getCourseDetails(by);
      const courseId = details.id;
      const result = { course_id: courseId, slug: details.slug, study_url: `/vao-hoc/${details.slug}` };
      if (!details.is_free) throw new AppError('BUSINESS_RULE', 'Khóa học này không miễn phí, vui lòng mua khóa học.');
      const pod = details.pods.find((item) => item.id === podId) ?? details.pods[0];
      if (await this.owns(userId, courseId)) return { ...result, already: true };
      const write = await prepareGrant(userId, 'free', [
        { courseId, courseType: details.type, cycle: pod?.cycle ?? null },
      ]);
      // Check again under a lock: two clicks at once enrol once.
      const enrolled = await db.transaction().execute(async (trx) => {
        await lockWithinTransaction(trx, userId, courseId);
        if ((await repo.listActiveCourseIds(trx, userId, [courseId], nowIso())).length > 0) return false;
        await write(trx);
        return true;
      });
      return { ...result, already: !enrolled };
    },
    /**
     * A subscription's access follows its period: every enrolment its order granted ends at `endsAt`,
     * written on `executor` (the caller's transaction, with the subscription's own move).
     */
    setOrderAccessEnd: (executor: Db, orderId: number, endsAt: string) => repo.setOrderEnd(executor, orderId, endsAt),
    listForUser: (userId: number) => repo.listForUser(db, userId),
    findById: (id: number) => repo.findById(db, id),

    /**
     * Studio: give a learner a course (a combo with its children) for `days`, or without end; null
     * when the learner already has it (checked again under a lock: two clicks at once grant once).
     */
    async grantByStaff(userId: number, courseId: number, courseType: string, days: number | null) {
      const write = await prepareGrant(userId, 'studio', [{ courseId, courseType, cycle: null, accessDays: days }]);
      return db.transaction().execute(async (trx) => {
        await lockWithinTransaction(trx, userId, courseId);
        if ((await repo.listActiveCourseIds(trx, userId, [courseId], nowIso())).length > 0) return null;
        return write(trx);
      });
    },

    /**
     * Studio: push an enrolment's end `days` further (from its end, or from now when it has
     * passed), or make it unlimited (`days` null). A revoked enrolment cannot be extended.
     */
    async extend(id: number, days: number | null) {
      const enrolment = await repo.findById(db, id);
      if (!enrolment) throw new AppError('NOT_FOUND', 'Không tìm thấy ghi danh.');
      if (enrolment.revoked_at) throw new AppError('BUSINESS_RULE', 'Ghi danh đã bị thu hồi, không gia hạn được.');
      const from = enrolment.ends_at === null ? null : Math.max(Date.now(), new Date(enrolment.ends_at).getTime());
      if (from === null && days !== null)
        throw new AppError('BUSINESS_RULE', 'Ghi danh này không thời hạn, không cần gia hạn.');
      const endsAt = days === null || from === null ? null : new Date(from + days * 86_400_000).toISOString();
      await repo.setEndsAt(db, id, endsAt);
      return { before: enrolment, endsAt };
    },

    /** Studio: end one enrolment now. */
    async revoke(id: number) {
      const enrolment = await repo.findById(db, id);
      if (!enrolment) throw new AppError('NOT_FOUND', 'Không tìm thấy ghi danh.');
      if (!(await repo.revokeOne(db, id, nowIso())))
        throw new AppError('BUSINESS_RULE', 'Ghi danh này đã bị thu hồi trước đó.');
      return enrolment;
    },
  };
}
