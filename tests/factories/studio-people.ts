/** Support requests and lesson error reports, shared by the tests and the demo seed. */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, ErrorReportReason, NewSupportRequest } from '../../db/schema.ts';

export async function createSupportRequest(db: Kysely<Database>, overrides: Partial<NewSupportRequest> = {}) {
  const now = nowIso();
  return db
    .insertInto('support_requests')
    .values({
      kind: 'contact',
      user_id: null,
      full_name: 'Nguyễn Văn An',
      phone: '0912000111',
      email: 'an.nguyen@example.vn',
      title: 'Không xem được video',
      content: 'Video bài 2 cứ xoay mãi không phát được trên điện thoại.',
      path: '/vao-hoc/khoa-hoc',
      status: 'new',
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createErrorReport(
  db: Kysely<Database>,
  report: { lessonId: number; userId: number; reason?: ErrorReportReason; content?: string },
) {
  const now = nowIso();
  return db
    .insertInto('lesson_error_reports')
    .values({
      lesson_id: report.lessonId,
      user_id: report.userId,
      reason: report.reason ?? 'content',
      content: report.content ?? 'Đáp án câu 3 trong bài đọc bị sai chính tả: "dao đông" thay vì "dao động".',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
