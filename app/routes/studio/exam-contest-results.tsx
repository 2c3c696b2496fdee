import { useLocation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { resultsQuery } from '../../../modules/exams/exams.admin-contests.schemas';
import { Pagination } from '../../components/pagination';
import { ContestTabs, duration, points } from '../../components/studio/contest-parts';
import { Empty, PageTitle } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio, readListQuery } from '../../studio.server';
import { contestIdOf } from './exam-contest.server';
import type { Route } from './+types/exam-contest-results';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStudio(request, context, 'contests.read');
  const id = contestIdOf(params.id)!;
  const { query, csv } = readListQuery(resultsQuery, request, `/api/admin/exam-contests/${id}/results.json`);
  const contests = context.services.examContests;
  const contest = await loadInStudio(() => contests.detail(id));
  const { items, total, parts } = await contests.resultsPage(id, { page: query.page, limit: query.limit });
  return { contest, items, total, parts, query, csv };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Kết quả kỳ thi — Studio' });

export default function StudioExamContestResults({ loaderData }: Route.ComponentProps) {
  const { contest, items, total, parts, query, csv } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title={contest.title} back={{ to: '/studio/ky-thi', label: 'Kỳ thi' }} />
      <ContestTabs id={contest.id} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {total} bài {contest.is_ranked ? '(lượt đầu của mỗi thí sinh, xếp theo điểm rồi thời gian làm)' : 'đã nộp'}
        </p>
        {total > 0 ? (
          <a href={csv} className="rounded-xl border border-slate-300 px-4 py-2 text-sm text-slate-800" download>
            Xuất CSV
          </a>
        ) : null}
      </div>
      {items.length === 0 ? (
        <Empty>Chưa có bài nào được nộp.</Empty>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white" data-testid="results">
          {items.map((row) => (
            <li
              key={row.attempt_id}
              className="grid gap-1 px-4 py-3 sm:grid-cols-[3rem_1fr_auto] sm:items-center sm:gap-4"
            >
              <span className="text-lg font-bold text-slate-900">
                {row.rank === null ? '—' : <span aria-label={`Hạng ${row.rank}`}>{row.rank}</span>}
              </span>
              <span className="min-w-0">
                <span className="block font-semibold">
                  {row.candidate}
                  {row.attempt_no > 1 ? ` · lượt ${row.attempt_no}` : ''}
                </span>
                <span className="block text-sm text-slate-700">{row.contact ?? 'Không có liên hệ'}</span>
                <span className="block text-sm text-slate-700">
                  {parts.map((part, index) => `Phần ${part.position}: ${points(row.parts[index] ?? 0)}`).join(' · ')}
                </span>
                <span className="block text-sm text-slate-600">
                  Làm {duration(row.time_used_seconds)} · nộp {formatDateTime(row.submitted_at, 'HH:mm DD/MM/YYYY')} ·{' '}
                  {row.submitted_by === 'deadline' ? 'tự nộp khi hết giờ' : 'thí sinh nộp'}
                </span>
              </span>
              <span className="text-lg font-semibold" data-testid="score">
                {points(row.score)}/{points(row.max_score)}
              </span>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
