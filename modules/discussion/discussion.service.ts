/**
 * The extras around a lesson: private notes (with a video time), the lesson's documents, the
 * discussion (comments with one level of replies; a reply notifies the author of the comment it
 * answers) and error reports (pending → processing → complete).
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, ErrorReportReason, ErrorReportStatus } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Throttle } from '../cache/throttle.ts';
import { lessonFileUrl } from '../catalog/index.ts';
import type { LessonAccessService } from '../learning/lesson-access.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './discussion.repository.ts';

export const ERROR_REASONS: Record<ErrorReportReason, string> = {
  video: 'Video không phát',
  content: 'Sai nội dung',
  audio: 'Âm thanh',
  other: 'Khác',
};

/** Per learner: comments per minute, error reports per 10 minutes. */
const COMMENT_LIMIT = { hits: 10, windowMs: 60_000 };
const REPORT_LIMIT = { hits: 5, windowMs: 600_000 };

const NEXT_STATUS: Record<ErrorReportStatus, ErrorReportStatus[]> = {
  pending: [],
  processing: ['pending'],
  complete: ['pending', 'processing'],
};

export type DiscussionService = ReturnType<typeof createDiscussionService>;

type NoteRow = Awaited<ReturnType<typeof repo.listNotes>>[number];
type ReportRow = Awaited<ReturnType<typeof repo.listErrorReports>>[number];

function noteView(row: NoteRow) {
  return {
    id: row.id,
    lesson_id: row.lesson_id,
    position: row.position_seconds,
    content: row.content,
    created_at: readDate(row.created_at).toISOString(),
    updated_at: readDate(row.updated_at).toISOString(),
  };
}

function commentView(row: repo.CommentRow, viewerId: number | null) {
  return {
    id: row.id,
    parent_id: row.parent_id,
    content: row.content,
    created_at: readDate(row.created_at).toISOString(),
    author: { id: row.user_id, full_name: row.full_name, avatar_url: row.avatar_url },
    mine: row.user_id === viewerId,
  };
}

function reportView(row: ReportRow) {
  return {
    id: row.id,
    lesson_id: row.lesson_id,
    reason: row.reason,
    reason_label: ERROR_REASONS[row.reason],
    content: row.content,
    status: row.status,
    created_at: readDate(row.created_at).toISOString(),
    updated_at: readDate(row.updated_at).toISOString(),
  };
}

export function createDiscussionService({
  db,
  lessonAccess,
  notifications,
  throttle,
}: {
  db: Kysely<Database>;
  lessonAccess: LessonAccessService;
  notifications: NotificationsService;
  throttle: Throttle;
}) {
  async function limit(key: string, rule: { hits: number; windowMs: number }, message: string) {
    const result = await throttle.hit(key, rule.hits, rule.windowMs);
    if (!result.allowed) throw new AppError('RATE_LIMITED', message, { retry_after: String(result.retryAfterSeconds) });
  }

  return {
    async listNotes(userId: number | null, lessonId: number) {
      await lessonAccess.requireEnrolled(userId, lessonId);
      const rows = await repo.listNotes(db, userId!, lessonId);
      return rows
        .map(noteView)
        .sort(
          (a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || a.id - b.id,
        );
    },

    async addNote(userId: number | null, input: { lesson_id: number; content: string; position?: number | null }) {
      await lessonAccess.requireEnrolled(userId, input.lesson_id);
      const row = await repo.insertNote(db, {
        userId: userId!,
        lessonId: input.lesson_id,
        content: input.content,
        position: input.position ?? null,
        now: nowIso(),
      });
      return noteView(row);
    },

    async updateNote(userId: number | null, id: number, input: { content: string; position?: number | null }) {
      if (userId === null) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
      const note = await repo.findOwnNote(db, userId, id);
      if (!note) throw new AppError('NOT_FOUND', 'Không tìm thấy ghi chú.');
      await lessonAccess.requireEnrolled(userId, note.lesson_id);
      const row = await repo.updateNote(db, userId, id, {
        content: input.content,
        ...(input.position !== undefined ? { position_seconds: input.position } : {}),
        updated_at: nowIso(),
      });
      if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy ghi chú.');
      return noteView(row);
    },

    async deleteNote(userId: number | null, id: number) {
      if (userId === null) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
      if (!(await repo.deleteNote(db, userId, id))) throw new AppError('NOT_FOUND', 'Không tìm thấy ghi chú.');
      return { id, deleted: true };
    },

    /** The lesson's documents: a document lesson's own file (lessons carry no other attachments). */
    async listDocuments(userId: number | null, lessonId: number) {
      const access = await lessonAccess.require(userId, lessonId);
      if (access.lesson.content_type !== 'document') return [];
      const url = await lessonFileUrl(db, lessonId);
      return url ? [{ title: access.lesson.title, url }] : [];
    },

    /** Top-level comments, newest first, each with its replies (oldest first). */
    async listComments(userId: number | null, lessonId: number, page: number, pageSize: number) {
      await lessonAccess.require(userId, lessonId);
      const [top, total] = await Promise.all([
        repo.listTopComments(db, lessonId, page, pageSize),
        repo.countTopComments(db, lessonId),
      ]);
      const replies = await repo.listReplies(
        db,
        top.map((row) => row.id),
      );
      const items = top.map((row) => ({
        ...commentView(row, userId),
        replies: replies.filter((reply) => reply.parent_id === row.id).map((reply) => commentView(reply, userId)),
      }));
      return { items, total };
    },

    async addComment(
      userId: number | null,
      input: { lesson_id: number; content: string; parent_id?: number | null },
      authorName: string,
    ) {
      const access = await lessonAccess.requireEnrolled(userId, input.lesson_id);
      const authorId = userId!;
      let parent: repo.CommentRow | undefined;
      if (input.parent_id) {
        parent = await repo.findComment(db, input.parent_id);
        if (!parent || parent.lesson_id !== input.lesson_id)
          throw new AppError('NOT_FOUND', 'Bình luận bạn trả lời không còn nữa.', {
            parent_id: 'Không tìm thấy bình luận.',
          });
      }
      await limit(`comment:${authorId}`, COMMENT_LIMIT, 'Bạn bình luận quá nhanh. Vui lòng chờ một chút rồi thử lại.');
      const { id } = await repo.insertComment(db, {
        lessonId: input.lesson_id,
        userId: authorId,
        // One level of replies: answering a reply joins its thread.
        parentId: parent ? (parent.parent_id ?? parent.id) : null,
        content: input.content,
        now: nowIso(),
      });
      if (parent && parent.user_id !== authorId) {
        await notifications.notify(parent.user_id, {
          kind: 'discussion_reply',
          title: 'Có người trả lời bình luận của bạn',
          body: `${authorName} đã trả lời bình luận của bạn trong bài “${access.lesson.title}”.`,
          link: `/vao-hoc/${access.lesson.course_slug}?bai=${input.lesson_id}#thao-luan`,
        });
      }
      const row = await repo.findComment(db, id);
      return { ...commentView(row!, authorId), replies: [] };
    },

    async deleteComment(userId: number | null, id: number) {
      if (userId === null) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
      if (!(await repo.deleteOwnComment(db, userId, id)))
        throw new AppError('NOT_FOUND', 'Không tìm thấy bình luận của bạn.');
      return { id, deleted: true };
    },

    async reportError(userId: number | null, input: { lesson_id: number; reason: ErrorReportReason; content: string }) {
      await lessonAccess.require(userId, input.lesson_id);
      if (userId === null) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
      await limit(`lesson-error:${userId}`, REPORT_LIMIT, 'Bạn đã gửi nhiều báo lỗi. Vui lòng thử lại sau ít phút.');
      const row = await repo.insertErrorReport(db, {
        lessonId: input.lesson_id,
        userId,
        reason: input.reason,
        content: input.content,
        now: nowIso(),
      });
      return reportView(row);
    },

    async listErrorReports(userId: number | null, lessonId: number) {
      await lessonAccess.require(userId, lessonId);
      if (userId === null) return [];
      return (await repo.listErrorReports(db, userId, lessonId)).map(reportView);
    },

    /** For the studio: moves a report forward (never backwards). */
    async moveErrorReport(id: number, to: ErrorReportStatus) {
      if (!(await repo.moveErrorReport(db, id, NEXT_STATUS[to], to, nowIso())))
        throw new AppError('CONFLICT', 'Không thể chuyển báo lỗi sang trạng thái này.');
    },
  };
}
