/** The notifications module's client-safe face: a broadcast's purposes and their labels (decision 0024). */
import type { BroadcastPurpose } from './notifications.table.ts';

export type { BroadcastPurpose } from './notifications.table.ts';

/** A broadcast's purpose (decision 0024): service notices reach everyone targeted, marketing only consenting learners. */
export const BROADCAST_PURPOSES = ['service', 'marketing'] as const satisfies readonly BroadcastPurpose[];
export const BROADCAST_PURPOSE_LABELS: Record<BroadcastPurpose, { label: string; hint: string }> = {
  service: {
    label: 'Thông báo dịch vụ',
    hint: 'Thay đổi khóa học, lịch học, bảo trì hệ thống: gửi tới mọi học viên được chọn.',
  },
  marketing: {
    label: 'Tiếp thị / khuyến mãi',
    hint: 'Ưu đãi, giới thiệu khóa học mới: chỉ gửi tới học viên đã đồng ý nhận tin tiếp thị trong mục "Dữ liệu cá nhân". Ai rút lại đồng ý trước khi tới lượt sẽ không nhận.',
  },
};
