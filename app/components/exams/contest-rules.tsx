/** The rules of a contest or practice room: parts, questions, points, duration, window, attempts, entry, keys. */
import { formatDateTime } from '../../../lib/format/date';
import { subjectLabel } from './contest-card';

export interface ContestDetails {
  kind: 'contest' | 'practice';
  exam: { title: string; subject: string };
  opens_at: string | null;
  closes_at: string | null;
  duration_seconds: number;
  max_attempts: number | null;
  entry_rule: 'signed_in' | 'course' | 'code';
  key_visibility: 'after_submit' | 'after_close';
  is_ranked: boolean;
  question_count: number;
  max_score: number;
  parts: { position: number; title: string; points: number; count: number }[];
  certificate_min_score: number | null;
}

const ENTRY = {
  signed_in: 'Mọi tài khoản đã đăng nhập',
  course: 'Học viên đã mua khóa học của kỳ thi',
  code: 'Thí sinh có mã dự thi',
} as const;

const points = (value: number) => value.toLocaleString('vi-VN', { maximumFractionDigits: 2 });

export function ContestRules({ contest }: { contest: ContestDetails }) {
  const rows: [string, string][] = [
    ['Đề thi', `${contest.exam.title} (${subjectLabel(contest.exam.subject)})`],
    ['Số câu', `${contest.question_count} câu, thang điểm ${points(contest.max_score)}`],
    ['Thời gian làm bài', `${Math.round(contest.duration_seconds / 60)} phút`],
    [
      'Thời gian mở',
      contest.opens_at && contest.closes_at
        ? `${formatDateTime(contest.opens_at)} – ${formatDateTime(contest.closes_at)}`
        : 'Làm bất cứ lúc nào',
    ],
    ['Số lượt làm', contest.max_attempts === null ? 'Không giới hạn' : `${contest.max_attempts} lượt`],
    ['Đối tượng', ENTRY[contest.entry_rule]],
    [
      'Đáp án và lời giải',
      contest.key_visibility === 'after_submit' ? 'Xem ngay sau khi nộp bài' : 'Công bố sau khi kỳ thi kết thúc',
    ],
    ['Xếp hạng', contest.is_ranked ? 'Theo điểm, bằng điểm thì ai làm nhanh hơn xếp trên' : 'Không xếp hạng'],
  ];
  if (contest.certificate_min_score !== null)
    rows.push([
      'Chứng chỉ',
      contest.certificate_min_score > 0
        ? `Cấp cho thí sinh đạt từ ${points(contest.certificate_min_score)} điểm, khi kỳ thi kết thúc`
        : 'Cấp cho mọi thí sinh đã nộp bài, khi kỳ thi kết thúc',
    ]);
  return (
    <section aria-label="Thể lệ" className="mb-6">
      <h2 className="mb-2 text-lg font-semibold text-slate-900">Thể lệ</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {contest.parts.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm" data-testid="contest-parts">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-1 pr-2">Phần</th>
              <th className="py-1 pr-2 text-right">Số câu</th>
              <th className="py-1 pr-2 text-right">Điểm mỗi câu</th>
              <th className="py-1 text-right">Tổng</th>
            </tr>
          </thead>
          <tbody>
            {contest.parts.map((part) => (
              <tr key={part.position} className="border-t border-slate-100">
                <td className="py-1 pr-2">{part.title}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{part.count}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{points(part.points)}</td>
                <td className="py-1 text-right tabular-nums">{points(part.points * part.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
