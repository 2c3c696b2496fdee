/** One contest or practice room on /cong-thi: subject, window, duration and the way in. */
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { ReminderToggle } from './reminder-toggle';

/** The viewer's reminders (null: nobody signed in) and where signing in starts. */
export interface ReminderState {
  slugs: string[] | null;
  signInPath: string;
}

export interface ContestSummary {
  slug: string;
  title: string;
  kind: 'contest' | 'practice';
  state: 'upcoming' | 'open' | 'closed';
  exam: { slug: string; title: string; subject: string };
  opens_at: string | null;
  closes_at: string | null;
  duration_seconds: number;
  is_ranked: boolean;
}

const SUBJECTS: Record<string, string> = {
  toan: 'Toán',
  'vat-ly': 'Vật lý',
  'hoa-hoc': 'Hóa học',
  'sinh-hoc': 'Sinh học',
  'tieng-anh': 'Tiếng Anh',
};

/** The Vietnamese name of an exam's subject slug. */
export function subjectLabel(subject: string): string {
  return SUBJECTS[subject] ?? subject;
}

const STATE_LABEL = { upcoming: 'Sắp diễn ra', open: 'Đang diễn ra', closed: 'Đã kết thúc' } as const;

export function ContestCard({
  contest,
  reminders,
}: {
  contest: ContestSummary;
  reminders?: ReminderState | undefined;
}) {
  const minutes = Math.round(contest.duration_seconds / 60);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="contest-card">
      <p className="text-xs font-medium uppercase tracking-wide text-sky-700">
        {contest.kind === 'practice' ? 'Luyện đề' : STATE_LABEL[contest.state]} · {subjectLabel(contest.exam.subject)}
      </p>
      <h3 className="mt-1 text-base font-semibold text-slate-900">
        <Link to={`/cong-thi/${contest.slug}`} className="hover:underline">
          {contest.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {minutes} phút
        {contest.kind === 'contest' && contest.opens_at && contest.closes_at
          ? ` · ${formatDateTime(contest.opens_at)} – ${formatDateTime(contest.closes_at)}`
          : ' · làm bất cứ lúc nào'}
      </p>
      <p className="mt-3 flex flex-wrap gap-3 text-sm font-medium">
        <Link to={`/cong-thi/${contest.slug}`} className="text-sky-700 hover:underline">
          {contest.state === 'closed' ? 'Xem kết quả' : 'Xem thể lệ'}
        </Link>
        {contest.state === 'closed' && contest.is_ranked ? (
          <Link to={`/cong-thi/${contest.slug}#bang-xep-hang`} className="text-sky-700 hover:underline">
            Bảng xếp hạng
          </Link>
        ) : null}
      </p>
      {reminders && contest.kind === 'contest' && contest.state === 'upcoming' ? (
        <div className="mt-3">
          <ReminderToggle
            slug={contest.slug}
            reminding={reminders.slugs === null ? null : reminders.slugs.includes(contest.slug)}
            signInPath={reminders.signInPath}
          />
        </div>
      ) : null}
    </li>
  );
}

/** A titled list of contests, with its empty state. */
export function ContestSection({
  title,
  contests,
  empty,
  reminders,
}: {
  title: string;
  contests: ContestSummary[];
  empty: string;
  reminders?: ReminderState | undefined;
}) {
  return (
    <section className="mb-8" aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {contests.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {contests.map((contest) => (
            <ContestCard key={contest.slug} contest={contest} reminders={reminders} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{empty}</p>
      )}
    </section>
  );
}
