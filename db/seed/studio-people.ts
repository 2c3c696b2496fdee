import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createErrorReport, createSupportRequest } from '../../tests/factories/studio-people.ts';

/**
 * The studio desk's demo data: support requests (new from the demo learner, an anonymous one in
 * progress with an internal note, one resolved with a reply) and lesson error reports (new,
 * confirmed, fixed) on a published course. Skipped when support requests already exist.
 */
export async function seedStudioPeople(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('support_requests').select('id').executeTakeFirst()) return;
  const [learner, classmate, editor] = await Promise.all(
    ['hocvien@khaitri.vn', null, 'bientap@khaitri.vn'].map((email) =>
      db
        .selectFrom('users')
        .select(['id', 'full_name', 'phone', 'email'])
        .where(email ? 'email' : 'phone', '=', email ?? '0987654321')
        .executeTakeFirst(),
    ),
  );
  if (!learner || !editor) return;
  await createSupportRequest(db, {
    user_id: learner.id,
    full_name: learner.full_name,
    phone: learner.phone,
    email: learner.email,
    title: 'Không xem được video trên điện thoại',
    content: 'Video bài 2 cứ xoay mãi không phát được khi em dùng 4G, wifi thì được.',
  });
  const open = await createSupportRequest(db, {
    full_name: 'Phạm Quốc Huy',
    phone: '0903555777',
    email: null,
    title: 'Hỏi về gói học theo tháng',
    content: 'Gói tháng có tự gia hạn không? Tôi muốn hủy thì nhắn tin thế nào?',
    status: 'in_progress',
    assignee_id: editor.id,
  });
  const done = await createSupportRequest(db, {
    kind: 'cellular',
    full_name: 'Lê Thu Trang',
    phone: '0977123456',
    email: 'trang.le@example.vn',
    title: 'Đã trừ tiền nhưng chưa vào học được',
    content: 'Tài khoản di động bị trừ 30.000đ nhưng khóa học vẫn báo chưa mua.',
    status: 'resolved',
  });
  const now = new Date().toISOString();
  await db
    .insertInto('support_request_notes')
    .values([
      {
        request_id: open.id,
        author_id: editor.id,
        author_name: editor.full_name,
        kind: 'note',
        body: 'Chờ bộ phận gói cước xác nhận cú pháp HUY.',
        created_at: now,
      },
      {
        request_id: done.id,
        author_id: editor.id,
        author_name: editor.full_name,
        kind: 'reply',
        body: 'Chúng tôi đã kích hoạt khóa học cho bạn. Bạn đăng nhập lại để vào học nhé.',
        created_at: now,
      },
    ])
    .execute();

  const lessons = await db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select('lessons.id')
    .where('lessons.type', '=', 'content')
    .where('courses.is_published', '=', 1)
    .orderBy('lessons.id')
    .limit(3)
    .execute();
  const reports = [
    { reason: 'video' as const, content: 'Video bị mất tiếng từ phút thứ 3.', review: 'new' as const },
    { reason: 'content' as const, content: 'Công thức ở ví dụ 2 thiếu dấu ngoặc.', review: 'confirmed' as const },
    { reason: 'other' as const, content: 'Tài liệu tải về bị lỗi phông chữ tiếng Việt.', review: 'fixed' as const },
  ];
  for (const [index, lesson] of lessons.entries()) {
    const report = reports[index]!;
    const row = await createErrorReport(db, {
      lessonId: lesson.id,
      userId: (index === 1 ? classmate : learner)?.id ?? learner.id,
      reason: report.reason,
      content: report.content,
    });
    if (report.review === 'new') continue;
    await db
      .updateTable('lesson_error_reports')
      .set({
        review_status: report.review,
        status: report.review === 'fixed' ? 'complete' : 'processing',
        reviewed_by: editor.id,
        reviewed_at: now,
        review_note: report.review === 'fixed' ? 'Đã thay tệp tài liệu.' : null,
      })
      .where('id', '=', row.id)
      .execute();
  }
}
