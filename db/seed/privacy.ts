/**
 * Demo personal data (decision 0024): the demo learner's consent history (learning analytics on,
 * marketing given then withdrawn), a few other learners' export and deletion requests in every
 * state the studio shows, and two breach records — one notified within 72 hours, one closed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const after = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

export async function seedPrivacy(db: Kysely<Database>, learnerId: number): Promise<void> {
  const consents: [string, number, number][] = [
    ['analytics', 1, 40 * DAY],
    ['marketing', 1, 40 * DAY],
    ['messages', 1, 30 * DAY],
    ['marketing', 0, 6 * DAY],
  ];
  for (const [purpose, granted, age] of consents)
    await db
      .insertInto('privacy_consents')
      .values({
        user_id: learnerId,
        purpose: purpose as 'analytics',
        granted,
        policy_version: '2026-01-01',
        source: 'learner',
        created_at: ago(age),
      })
      .execute();

  const others = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'learner')
    .where('id', '!=', learnerId)
    .orderBy('id')
    .limit(4)
    .execute();
  const requests = [
    { kind: 'export', state: 'completed', age: 12 * DAY, done: 12 * DAY - 40_000 },
    { kind: 'deletion', state: 'waiting', age: 2 * DAY, wait: 7 * DAY },
    { kind: 'export', state: 'failed', age: 11 * DAY, error: 'Hết thời gian chờ kho lưu trữ (S3) khi ghi tệp.' },
    { kind: 'deletion', state: 'cancelled', age: 20 * DAY, wait: 7 * DAY, cancelled: 18 * DAY },
  ] as const;
  for (const [index, user] of others.entries()) {
    const request = requests[index]!;
    const created = ago(request.age);
    await db
      .insertInto('privacy_requests')
      .values({
        user_id: user.id,
        kind: request.kind,
        state: request.state,
        acknowledged_at: created,
        due_at: after(created, (request.kind === 'export' ? 10 : 15) * DAY),
        scheduled_for: 'wait' in request ? after(created, request.wait) : null,
        attempts: request.state === 'failed' ? 5 : request.state === 'completed' ? 1 : 0,
        last_error: 'error' in request ? request.error : null,
        completed_at: 'done' in request ? ago(request.done) : null,
        cancelled_at: 'cancelled' in request ? ago(request.cancelled) : null,
        created_at: created,
        updated_at: created,
      })
      .execute();
  }

  const [admin] = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .orderBy('id')
    .limit(1)
    .execute();
  const breaches = [
    {
      title: 'Gửi nhầm bảng điểm kỳ thi thử cho phụ huynh lớp khác',
      description:
        'Email tổng hợp điểm kỳ thi thử THPT tháng 10 của 27 học viên lớp Toán 12A được gửi nhầm tới danh sách phụ huynh lớp 12B. Đã thu hồi email, xin lỗi từng gia đình và thêm bước kiểm tra danh sách trước khi gửi.',
      detected: 45 * DAY,
      affected: 27,
      notifiedAfter: 30 * HOUR,
      state: 'closed',
    },
    {
      title: 'Nhật ký máy chủ ghi số điện thoại đầy đủ',
      description:
        'Bản phát hành ngày 20/11 ghi số điện thoại chưa che vào nhật ký truy cập trong 6 giờ. Nhật ký đã được xóa, không có dấu hiệu truy cập trái phép; đang đánh giá số người bị ảnh hưởng.',
      detected: 20 * HOUR,
      affected: 1840,
      notifiedAfter: null,
      state: 'open',
    },
  ] as const;
  for (const breach of breaches) {
    const detected = ago(breach.detected);
    await db
      .insertInto('privacy_breaches')
      .values({
        title: breach.title,
        description: breach.description,
        detected_at: detected,
        notify_by: after(detected, 72 * HOUR),
        affected_count: breach.affected,
        state: breach.state,
        notified_at: breach.notifiedAfter === null ? null : after(detected, breach.notifiedAfter),
        created_by: admin?.id ?? learnerId,
        created_at: after(detected, HOUR),
        updated_at: after(detected, HOUR),
      })
      .execute();
  }
}
