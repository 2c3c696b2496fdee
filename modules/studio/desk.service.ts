/**
 * The studio desk: support requests (new → in progress → resolved; assigned to a staff member;
 * replies reach the requester, notes stay internal) and lesson error reports (new, confirmed,
 * fixed, rejected). Every change is audited.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, ErrorReviewStatus, SupportRequestsTable } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './desk.repository.ts';
import { REASON_LABELS, REVIEW_STATUS_LABELS, SUPPORT_STATUS_LABELS } from './people-labels.ts';
import type { Actor, Page, StudioService } from './studio.service.ts';

type SupportStatus = SupportRequestsTable['status'];

const offsetOf = ({ page, limit }: Page) => ({ limit, offset: (page - 1) * limit });

export interface SupportQuery extends Page {
  q?: string | undefined;
  status?: SupportStatus | undefined;
  assignee_id?: number | undefined;
  sort: 'newest' | 'oldest';
}

export interface ReportQuery extends Page {
  q?: string | undefined;
  review_status?: ErrorReviewStatus | undefined;
  reason?: string | undefined;
  course_id?: number | undefined;
  sort: 'newest' | 'oldest';
}

export type StudioDeskService = ReturnType<typeof createStudioDeskService>;

export function createStudioDeskService(deps: {
  db: Kysely<Database>;
  notifications: NotificationsService;
  messaging: MessagingService;
  audit: StudioService['audit'];
  /** The discussion module's studio operation (its `discussion.admin.ts`): the review writes its error reports. */
  discussion: {
    reviewErrorReport(
      actor: Actor,
      id: number,
      input: { review_status: ErrorReviewStatus; note?: string | undefined },
    ): Promise<void>;
  };
}) {
  const { db, notifications, messaging, audit } = deps;

  function toSupportItem(row: Awaited<ReturnType<typeof repo.findSupport>> & object) {
    return {
      id: row.id,
      kind: row.kind,
      full_name: row.full_name,
      phone: row.phone,
      email: row.email,
      title: row.title,
      content: row.content,
      path: row.path,
      user_id: row.user_id,
      status: row.status,
      status_label: SUPPORT_STATUS_LABELS[row.status],
      assignee_id: row.assignee_id,
      assignee_name: row.assignee_name ?? null,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  }

  async function supportOrFail(id: number) {
    const row = await repo.findSupport(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy yêu cầu hỗ trợ.');
    return row;
  }

  async function listSupport(query: SupportQuery) {
    const { rows, total } = await repo.searchSupport(
      db,
      { ...query, q: foldVietnamese(query.q) || undefined },
      offsetOf(query),
    );
    return { items: rows.map(toSupportItem), total };
  }

  type ReportRow = NonNullable<Awaited<ReturnType<typeof repo.findReport>>>;
  function toReportItem(row: ReportRow) {
    return {
      id: row.id,
      lesson_id: row.lesson_id,
      lesson_title: row.lesson_title,
      course_id: row.course_id,
      course_title: row.course_title,
      editor_url: `/studio/khoa-hoc/${row.course_id}#bai-${row.lesson_id}`,
      user_id: row.user_id,
      user_name: row.user_name,
      reason: row.reason,
      reason_label: REASON_LABELS[row.reason] ?? row.reason,
      content: row.content,
      status: row.status,
      review_status: row.review_status,
      review_status_label: REVIEW_STATUS_LABELS[row.review_status],
      review_note: row.review_note,
      reviewed_at: isoOrNull(row.reviewed_at),
      created_at: iso(row.created_at),
    };
  }

  async function listReports(query: ReportQuery) {
    const { rows, total } = await repo.searchReports(
      db,
      { ...query, q: foldVietnamese(query.q) || undefined },
      offsetOf(query),
    );
    return { items: rows.map(toReportItem), total };
  }

  return {
    listSupport,
    async supportCsv(query: Omit<SupportQuery, 'page' | 'limit'>) {
      const { items } = await listSupport({ ...query, page: 1, limit: 10_000 });
      return toCsv(
        ['id', 'status', 'full_name', 'phone', 'email', 'title', 'content', 'assignee', 'created_at'],
        items.map((r) => [
          r.id,
          r.status,
          r.full_name,
          r.phone,
          r.email,
          r.title,
          r.content,
          r.assignee_name,
          r.created_at,
        ]),
      );
    },

    async supportDetail(id: number) {
      const row = await supportOrFail(id);
      const notes = await repo.listSupportNotes(db, id);
      return {
        ...toSupportItem(row),
        notes: notes.map((n) => ({
          id: n.id,
          kind: n.kind,
          author_name: n.author_name,
          body: n.body,
          created_at: iso(n.created_at),
        })),
      };
    },

    listStaff: () => repo.listStaff(db),

    /** State and assignee (an editor or admin; null = nobody). */
    async updateSupport(
      actor: Actor,
      id: number,
      input: { status?: SupportStatus | undefined; assignee_id?: number | null | undefined },
    ) {
      const row = await supportOrFail(id);
      const set: { status?: SupportStatus; assignee_id?: number | null } = {};
      if (input.status && input.status !== row.status) set.status = input.status;
      if (input.assignee_id !== undefined && input.assignee_id !== row.assignee_id) {
        if (input.assignee_id !== null) {
          const staff = await repo.listStaff(db);
          if (!staff.some((s) => s.id === input.assignee_id))
            throw new AppError('VALIDATION_FAILED', 'Người được giao phải là biên tập viên hoặc quản trị viên.', {
              assignee_id: 'Người được giao phải là biên tập viên hoặc quản trị viên.',
            });
        }
        set.assignee_id = input.assignee_id;
      }
      if (Object.keys(set).length > 0) {
        await repo.updateSupport(db, id, set, nowIso());
        await audit(
          actor,
          'support.update',
          { type: 'support_request', id },
          {
            ...(set.status ? { status: { from: row.status, to: set.status } } : {}),
            ...(set.assignee_id !== undefined ? { assignee_id: { from: row.assignee_id, to: set.assignee_id } } : {}),
          },
        );
      }
      return toSupportItem((await repo.findSupport(db, id))!);
    },

    /**
     * A reply (sent to the requester: a notification when signed in, else e-mail or SMS; the
     * request moves to in progress when new) or an internal note.
     */
    async addNote(actor: Actor, id: number, input: { kind: 'note' | 'reply'; body: string }) {
      const row = await supportOrFail(id);
      const now = nowIso();
      await repo.insertSupportNote(
        db,
        {
          requestId: id,
          authorId: actor.viewer.id,
          authorName: actor.viewer.fullName,
          kind: input.kind,
          body: input.body,
        },
        now,
      );
      let delivered: 'notification' | 'email' | 'sms' | null = null;
      if (input.kind === 'reply') {
        const subject = `Trả lời yêu cầu hỗ trợ${row.title ? `: ${row.title}` : ''}`.slice(0, 200);
        if (row.user_id) {
          await notifications.notify(row.user_id, { kind: 'support', title: subject, body: input.body, link: null });
          delivered = 'notification';
        } else if (row.email) {
          await messaging.sendEmail({ to: row.email, subject, text: input.body });
          delivered = 'email';
        } else if (row.phone) {
          await messaging.sendSms(row.phone, input.body.slice(0, 300));
          delivered = 'sms';
        }
        if (row.status === 'new') await repo.updateSupport(db, id, { status: 'in_progress' }, now);
      }
      await audit(
        actor,
        `support.${input.kind}`,
        { type: 'support_request', id },
        { length: input.body.length, delivered },
      );
      return { id, kind: input.kind, delivered };
    },

    listReports,
    async reportsCsv(query: Omit<ReportQuery, 'page' | 'limit'>) {
      const { items } = await listReports({ ...query, page: 1, limit: 10_000 });
      return toCsv(
        ['id', 'review_status', 'reason', 'course', 'lesson', 'learner', 'content', 'created_at'],
        items.map((r) => [
          r.id,
          r.review_status,
          r.reason,
          r.course_title,
          r.lesson_title,
          r.user_name,
          r.content,
          r.created_at,
        ]),
      );
    },

    async reportDetail(id: number) {
      const row = await repo.findReport(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy báo lỗi.');
      return toReportItem(row);
    },

    /** A review state with an optional note (the discussion module's rule and write), answered as the desk's item. */
    async reviewReport(
      actor: Actor,
      id: number,
      input: { review_status: ErrorReviewStatus; note?: string | undefined },
    ) {
      await deps.discussion.reviewErrorReport(actor, id, input);
      return toReportItem((await repo.findReport(db, id))!);
    },
  };
}
