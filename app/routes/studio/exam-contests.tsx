import { Form, Link } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { contestsQuery } from '../../../modules/exams/exams.admin-contests.schemas';
import { can } from '../../../modules/studio/permissions';
import { CONTEST_STATE_TEXT, CONTEST_STATE_TONE, points } from '../../components/studio/contest-parts';
import { Badge, Empty, FilterSelect, PageTitle, buttonClass } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/exam-contests';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'contests.read');
  const { query } = readListQuery(contestsQuery, request, '/api/admin/exam-contests.json');
  const contests = await context.services.examContests.list(query);
  return { contests, query, canWrite: can(viewer.role, 'contests.write') };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Kỳ thi — Studio' });

const when = (iso: string | null) => (iso ? formatDateTime(iso, 'HH:mm DD/MM/YYYY') : '—');

export default function StudioExamContests({ loaderData }: Route.ComponentProps) {
  const { contests, query, canWrite } = loaderData;
  return (
    <div>
      <PageTitle title="Kỳ thi" />
      {canWrite ? (
        <p className="mb-4">
          <Link to="/studio/ky-thi/moi" className={`inline-block ${buttonClass}`}>
            Lên lịch kỳ thi
          </Link>
        </p>
      ) : null}
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-3"
      >
        <div className="min-w-[12rem] flex-1">
          <FilterSelect label="Trạng thái" name="state" value={query.state} options={CONTEST_STATE_TEXT} />
        </div>
        <button type="submit" className={buttonClass}>
          Lọc
        </button>
      </Form>
      <p className="mb-2 text-sm text-slate-700">{contests.length} kỳ thi</p>
      {contests.length === 0 ? (
        <Empty>
          {query.state ? 'Không có kỳ thi nào ở trạng thái này.' : 'Chưa có kỳ thi nào: hãy lên lịch kỳ thi đầu tiên.'}
        </Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {contests.map((c) => (
            <li key={c.id}>
              <Link
                to={`/studio/ky-thi/${c.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="block font-semibold">{c.title}</span>
                  <span className="block text-sm text-slate-700">
                    {c.exam.title} · {c.duration_minutes} phút
                  </span>
                  <span className="block text-sm text-slate-700">
                    {c.kind === 'practice' ? 'Mở mọi lúc' : `${when(c.opens_at)} – ${when(c.closes_at)}`}
                  </span>
                  <span className="block text-sm text-slate-700">
                    {c.candidates} thí sinh · {c.submitted} bài đã nộp
                    {c.in_room > 0 ? ` · ${c.in_room} đang làm bài` : ''}
                    {c.average_score !== null ? ` · điểm trung bình ${points(c.average_score)}` : ''}
                  </span>
                </span>
                <Badge value={CONTEST_STATE_TONE[c.state] ?? c.state} text={CONTEST_STATE_TEXT[c.state]} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
