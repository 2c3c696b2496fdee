/** The privacy module's client-safe face: purposes, labels and the texts the pages show (decision 0024). */
import type { BreachState, ConsentPurpose, DataRequestKind, DataRequestState } from './privacy.table.ts';

export type { BreachState, ConsentPurpose, DataRequestKind, DataRequestState } from './privacy.table.ts';

export const CONSENT_PURPOSES = [
  'service',
  'analytics',
  'marketing',
  'messages',
] as const satisfies readonly ConsentPurpose[];
/** The purposes a learner gives or withdraws; the service itself is the contract and needs no toggle. */
export const OPTIONAL_PURPOSES = ['analytics', 'marketing', 'messages'] as const satisfies readonly ConsentPurpose[];
export type OptionalPurpose = (typeof OPTIONAL_PURPOSES)[number];

export const CONSENT_LABELS: Record<ConsentPurpose, { label: string; description: string }> = {
  service: {
    label: 'Cung cấp dịch vụ',
    description:
      'Tài khoản, đơn hàng, thanh toán, hóa đơn và quyền học: cần để thực hiện hợp đồng với bạn, không cần đồng ý riêng. Muốn dừng, hãy yêu cầu xóa tài khoản.',
  },
  analytics: {
    label: 'Phân tích hành vi học tập',
    description:
      'Dùng tiến độ và thời gian học của bạn để phân tích, gợi ý và cải thiện khóa học, ngoài việc cung cấp dịch vụ. Hiện Khai Trí chưa phân tích như vậy; khi có, chỉ với người đã đồng ý.',
  },
  marketing: {
    label: 'Tiếp thị',
    description:
      'Thông báo ưu đãi, khuyến mãi và giới thiệu khóa học trong mục Thông báo (kèm thông báo đẩy, chỉ từ 7:00 đến 22:00): chỉ gửi khi bạn bật mục này, và dừng ngay từ đợt gửi kế tiếp khi bạn tắt. Thông báo dịch vụ — thay đổi khóa học, lịch học, bảo trì — vẫn tới mọi học viên.',
  },
  messages: {
    label: 'Tin tức qua Zalo và SMS',
    description:
      'Tin tức qua Zalo và SMS. Hiện Khai Trí chỉ gửi qua Zalo, SMS mã xác thực, biên nhận đơn hàng và tin về gói cước — những tin này vẫn được gửi; thông báo đẩy bật, tắt trong mục Thông báo.',
  },
};

export const REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  export: 'Tải dữ liệu',
  deletion: 'Xóa tài khoản',
};

export const REQUEST_STATE_LABELS: Record<DataRequestState, string> = {
  pending: 'Đang chờ xử lý',
  waiting: 'Đang trong thời gian chờ',
  processing: 'Đang xử lý',
  completed: 'Đã hoàn tất',
  failed: 'Lỗi, sẽ thử lại',
  cancelled: 'Đã hủy',
};

export const BREACH_STATE_LABELS: Record<BreachState, string> = {
  open: 'Chưa thông báo',
  notified: 'Đã thông báo cơ quan chuyên trách',
  closed: 'Đã khắc phục',
};

/** Children (Law on Children 2016: under 16) need a parent's consent beyond the service itself. */
export const CHILD_AGE_LIMIT = 16;
/** Hours from detecting a breach to notifying the authority (Law 91/2025/QH15). */
export const BREACH_NOTIFY_HOURS = 72;
/** Days to complete an export (Decree 356/2025: the shortest period it sets for a request). */
export const EXPORT_DUE_DAYS = 10;
/** Days to complete a deletion (Decree 356/2025: 15 days; the waiting period fits inside). */
export const DELETION_DUE_DAYS = 15;

export const RETENTION_EXPLANATION =
  'Theo Luật Kế toán, hóa đơn và chứng từ của đơn hàng đã thanh toán phải được lưu trữ ít nhất 10 năm. Khi xóa tài khoản, ' +
  'họ tên, số điện thoại, email, ngày sinh, địa chỉ, ảnh đại diện và liên kết đăng nhập bị xóa; ghi chú bài học của bạn bị xóa; ' +
  'nội dung bình luận và trả lời của bạn được thay bằng dòng "Nội dung đã bị xoá theo yêu cầu của người học." (giữ chỗ trong ' +
  'cuộc thảo luận để trả lời của người khác vẫn dễ hiểu); yêu cầu hỗ trợ bạn đã gửi bị xóa họ tên, liên lạc và nội dung. Đơn hàng, thanh toán và hóa đơn được giữ lại gắn với một mã ẩn danh, ' +
  'chỉ dùng cho nghĩa vụ kế toán và thuế.';

/** Whole years between a birthday (YYYY-MM-DD) and a time; null without a usable birthday. */
export function ageOn(birthday: string | null | undefined, at: Date): number | null {
  const match = birthday ? /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = at.getUTCFullYear() - year;
  const beforeBirthday = at.getUTCMonth() + 1 < month || (at.getUTCMonth() + 1 === month && at.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}
