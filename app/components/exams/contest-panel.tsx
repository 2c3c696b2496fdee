/**
 * The contest an exam_gate post presents, on the post's page: its state, window, a countdown and
 * the way in ("Vào thi" / "Luyện tập" posts to the contest page's start action, so it works
 * without JavaScript), or the way to its rules, reminder and results.
 */
import { Form, Link } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { subjectLabel } from './contest-card';
import { Countdown } from './countdown';

export interface PanelContest {
  slug: string;
  title: string;
  kind: 'contest' | 'practice';
  state: 'upcoming' | 'open' | 'closed';
  exam: { subject: string };
  opens_at: string | null;
  closes_at: string | null;
  duration_seconds: number;
  question_count: number;
  requires_code: boolean;
  is_ranked: boolean;
  viewer: { open_attempt_id: number | null; attempts_left: number | null } | null;
}

const STATE = {
  upcoming: ['Sắp diễn ra', 'bg-amber-50 border-amber-200'],
  open: ['Đang diễn ra', 'bg-emerald-50 border-emerald-200'],
  closed: ['Đã kết thúc', 'bg-slate-50 border-slate-200'],
} as const;

export function ContestPanel({
  contest,
  opensIn,
  closesIn,
  signInPath,
}: {
  contest: PanelContest;
  opensIn: number;
  closesIn: number;
  signInPath: string;
}) {
  const page = `/cong-thi/${contest.slug}`;
  const practice = contest.kind === 'practice';
  const [label, tone] = practice ? (['Luyện đề', 'bg-sky-50 border-sky-200'] as const) : STATE[contest.state];
  const startLabel = practice ? 'Luyện tập' : 'Vào thi';
  return (
    <aside aria-label="Kỳ thi của bài viết" className={`mb-6 rounded-lg border p-4 ${tone}`} data-testid="post-contest">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-700">
        {label} · {subjectLabel(contest.exam.subject)}
      </p>
      <h2 className="mt-1 text-lg font-semibold text-slate-900">
        <Link to={page} className="hover:underline">
          {contest.title}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {contest.question_count} câu · {Math.round(contest.duration_seconds / 60)} phút
        {!practice && contest.opens_at && contest.closes_at
          ? ` · ${formatDateTime(contest.opens_at)} – ${formatDateTime(contest.closes_at)}`
          : ' · làm bất cứ lúc nào'}
      </p>
      {!practice && contest.state === 'upcoming' ? (
        <div className="mt-2">
          <Countdown seconds={opensIn} label="Mở sau" />
        </div>
      ) : null}
      {!practice && contest.state === 'open' && closesIn > 0 ? (
        <div className="mt-2">
          <Countdown seconds={closesIn} label="Đóng sau" />
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm font-medium">
        {contest.state === 'open' ? (
          !contest.viewer ? (
            <Link to={signInPath} className="btn-primary inline-block" data-testid="post-contest-start">
              {`Đăng nhập để ${practice ? 'luyện tập' : 'vào thi'}`}
            </Link>
          ) : contest.viewer.open_attempt_id !== null ? (
            <Link to={`${page}/lam-bai`} className="btn-primary inline-block" data-testid="post-contest-start">
              Tiếp tục làm bài
            </Link>
          ) : contest.viewer.attempts_left === 0 ? (
            <span className="text-slate-600">Bạn đã dùng hết lượt làm bài.</span>
          ) : contest.requires_code ? (
            <Link to={page} className="btn-primary inline-block" data-testid="post-contest-start">
              {`${startLabel} (cần mã dự thi)`}
            </Link>
          ) : (
            <Form method="post" action={page}>
              <button type="submit" className="btn-primary" data-testid="post-contest-start">
                {startLabel}
              </button>
            </Form>
          )
        ) : null}
        <Link to={page} className="text-sky-700 hover:underline">
          {contest.state === 'upcoming'
            ? 'Xem thể lệ và đặt lời nhắc'
            : contest.state === 'closed'
              ? contest.is_ranked
                ? 'Xem kết quả và bảng xếp hạng'
                : 'Xem kỳ thi'
              : 'Xem thể lệ'}
        </Link>
      </div>
    </aside>
  );
}
