/** The studio's jobs page (admins): counts per queue, the recent failed jobs, retrying one (audited). */
import { AppError } from '../../lib/errors.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import type { JobQueue } from './jobs.queue.ts';

/** What each queue does, in the studio's words; a queue not listed shows its name. */
export const QUEUE_LABELS: Record<string, string> = {
  'orders.expire': 'Hủy đơn hàng quá hạn thanh toán',
  'payments.reconcile': 'Đối soát thanh toán đang chờ',
  'subscriptions.renew': 'Gia hạn gói cước, nhắc hạn',
  'courses.publish-scheduled': 'Xuất bản khóa học theo lịch',
  'video-uploads.sweep': 'Dọn video tải lên dở dang',
  'exams.tick': 'Kỳ thi: nộp bài hết giờ, nhắc giờ thi, chứng nhận kết quả',
  'broadcasts.send': 'Gửi thông báo hàng loạt (theo lô)',
  'messages.otp': 'Gửi mã xác thực, liên kết đặt lại mật khẩu (ưu tiên)',
  'messages.send': 'Gửi email và SMS',
  'messages.zns-token': 'Làm mới access token Zalo OA (ZNS) trước khi hết hạn',
  'push.send': 'Gửi thông báo đẩy đến trình duyệt',
  'push.retry': 'Gửi lại thông báo đẩy chưa đến',
  'video.transcode': 'Chuyển mã video bài học',
  'video.maintain': 'Dọn thư mục tạm chuyển mã, gửi lại video bị treo',
  'invoices.issue': 'Xuất hóa đơn điện tử (khi nhận thanh toán, khi hoàn tiền)',
};

const labelOf = (name: string) => QUEUE_LABELS[name] ?? name;

/** `Actor`: the studio's, passed on to the audit log and never read here. */
export interface JobsAdminDeps<Actor> {
  queue: JobQueue;
  audit: AuditLog<Actor>;
}

export function createJobsAdmin<Actor>({ queue, audit }: JobsAdminDeps<Actor>) {
  return {
    async overview() {
      const [health, counts, failed] = await Promise.all([queue.health(), queue.counts(), queue.failed(20)]);
      return {
        engine: health.engine,
        started: health.started,
        queues: counts.map((item) => ({ ...item, label: labelOf(item.name) })),
        failed: failed.map((job) => ({
          id: job.id,
          name: job.name,
          label: labelOf(job.name),
          error: job.error,
          attempts: job.attempts,
          failed_at: job.failedAt?.toISOString() ?? null,
          created_at: job.createdAt.toISOString(),
        })),
      };
    },
    async retry(actor: Actor, name: string, id: string) {
      if (!(await queue.retry(name, id)))
        throw new AppError('NOT_FOUND', 'Không tìm thấy công việc lỗi này (có thể đã được chạy lại).');
      await audit(actor, 'job.retry', { type: 'job', id }, { queue: name });
      return { id, name };
    },
  };
}

export type JobsAdmin<Actor> = ReturnType<typeof createJobsAdmin<Actor>>;
