import { Form, Link, useLocation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { SUPPORT_STATUS_LABELS, supportQuery } from '../../../modules/support/public';
import { Pagination } from '../../components/pagination';
import { Badge, Empty, FilterActions, FilterSelect, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/support';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'support.write');
  const { query: parsed, csv } = readListQuery(supportQuery, request, '/api/admin/support-requests.json');
  const { format: _format, ...query } = parsed;
  const desk = context.services.supportDesk;
  const [list, staff] = await Promise.all([desk.listSupport(query), desk.listStaff()]);
  return { ...list, staff, query, csv };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Yêu cầu hỗ trợ — Studio' });

export default function StudioSupport({ loaderData }: Route.ComponentProps) {
  const { items, total, staff, query, csv } = loaderData;
  const location = useLocation();
  const assignees = Object.fromEntries(staff.map((s) => [String(s.id), s.full_name]));
  return (
    <div>
      <PageTitle title="Yêu cầu hỗ trợ" />
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_160px_180px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên, nội dung, e-mail hoặc số điện thoại</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect label="Trạng thái" name="status" value={query.status} options={SUPPORT_STATUS_LABELS} />
        <FilterSelect
          label="Người được giao"
          name="assignee_id"
          value={query.assignee_id ? String(query.assignee_id) : undefined}
          options={assignees}
        />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} yêu cầu</p>
      {items.length === 0 ? (
        <Empty>Không có yêu cầu nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((r) => (
            <li key={r.id}>
              <Link
                to={`/studio/ho-tro/${r.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="font-semibold">{r.title || 'Không tiêu đề'}</span>
                  <span className="block truncate text-sm text-slate-700">
                    {r.full_name ?? '—'} · {r.phone ?? r.email ?? '—'}
                  </span>
                </span>
                <span className="text-sm text-slate-700">
                  {formatDateTime(r.created_at)}
                  {r.assignee_name ? ` · ${r.assignee_name}` : ''}
                </span>
                <Badge value={r.status} text={r.status_label} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
