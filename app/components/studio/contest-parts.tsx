/** Shared pieces of the studio's contest pages: labels, the contest's tabs, figures. */
import { NavLink } from 'react-router';

export const CONTEST_STATE_TEXT: Record<string, string> = {
  open: 'Đang diễn ra',
  upcoming: 'Sắp diễn ra',
  closed: 'Đã kết thúc',
  practice: 'Luyện tập',
};

export const CONTEST_STATE_TONE: Record<string, string> = {
  open: 'active',
  upcoming: 'pending',
  closed: 'closed',
  practice: 'practice',
};

export const ENTRY_RULE_TEXT: Record<string, string> = {
  signed_in: 'Mọi học viên đã đăng nhập',
  course: 'Học viên đã mua một khóa học',
  code: 'Người có mã dự thi',
};

export const KEY_VISIBILITY_TEXT: Record<string, string> = {
  after_submit: 'Ngay sau khi nộp bài',
  after_close: 'Sau khi kỳ thi kết thúc',
};

export const KIND_TEXT: Record<string, string> = { contest: 'Kỳ thi (có giờ mở, giờ đóng)', practice: 'Luyện tập' };

/** 6.25 → "6,25". */
export const points = (value: number) => value.toLocaleString('vi-VN', { maximumFractionDigits: 2 });
/** 0.754 → "75,4 %". */
export const percent = (share: number) => `${(share * 100).toLocaleString('vi-VN', { maximumFractionDigits: 1 })} %`;
/** 1805 → "30 phút 5 giây". */
export function duration(seconds: number) {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes === 0 ? `${rest} giây` : rest === 0 ? `${minutes} phút` : `${minutes} phút ${rest} giây`;
}

/** The tabs of one contest (settings, live, results, analysis). */
export function ContestTabs({ id }: { id: number }) {
  const tabs = [
    { to: `/studio/ky-thi/${id}`, label: 'Cài đặt', end: true },
    { to: `/studio/ky-thi/${id}/theo-doi`, label: 'Theo dõi' },
    { to: `/studio/ky-thi/${id}/ket-qua`, label: 'Kết quả' },
    { to: `/studio/ky-thi/${id}/phan-tich`, label: 'Phân tích đề' },
  ];
  return (
    <nav aria-label="Kỳ thi" className="mb-4 overflow-x-auto">
      <ul className="flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end ?? false}
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-xl px-3 py-2 text-sm ${isActive ? 'bg-brand-700 text-white' : 'border border-slate-200 bg-white text-slate-800'}`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One figure of the live view or a contest's row. */
export function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
