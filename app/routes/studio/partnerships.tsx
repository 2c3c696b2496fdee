import { Form, Link, useLocation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import {
  PARTNERSHIP_KIND_LABELS,
  PARTNERSHIP_STATUS_LABELS,
  partnershipsQuery,
} from '../../../modules/partnerships/partnerships.schemas';
import { Pagination } from '../../components/pagination';
import { Badge, Empty, FilterActions, FilterSelect, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/partnerships';

const SORTS = { newest: 'Mới nhất', oldest: 'Cũ nhất', learners_desc: 'Nhiều người học nhất' };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'partnerships.manage');
  const { query: parsed, csv } = readListQuery(partnershipsQuery, request, '/api/admin/partnerships.json');
  const { format: _format, ...query } = parsed;
  const service = context.services.partnerships;
  const [list, counts] = await Promise.all([service.list(query), service.countByStatus()]);
  return { ...list, counts, query, csv };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Hợp tác — Studio' });

export default function StudioPartnerships({ loaderData }: Route.ComponentProps) {
  const { items, total, counts, query, csv } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Yêu cầu hợp tác" />
      <ul className="mb-3 flex flex-wrap gap-2 text-sm" aria-label="Số yêu cầu theo trạng thái">
        {Object.entries(PARTNERSHIP_STATUS_LABELS).map(([status, label]) => (
          <li key={status}>
            <Link
              to={`?status=${status}`}
              className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 hover:bg-slate-50"
            >
              {label}: <strong>{counts[status] ?? 0}</strong>
            </Link>
          </li>
        ))}
      </ul>
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-[1fr_150px_170px_170px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Đơn vị, người liên hệ, điện thoại, e-mail</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect label="Trạng thái" name="status" value={query.status} options={PARTNERSHIP_STATUS_LABELS} />
        <FilterSelect label="Loại đơn vị" name="kind" value={query.kind} options={PARTNERSHIP_KIND_LABELS} />
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Sắp xếp</span>
          <select name="sort" defaultValue={query.sort} className={inputClass}>
            {Object.entries(SORTS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} yêu cầu</p>
      {items.length === 0 ? (
        <Empty>Không có yêu cầu hợp tác nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={`/studio/hop-tac/${item.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="font-semibold">{item.organization}</span>
                  <span className="block truncate text-sm text-slate-700">
                    {item.kind_label} · {item.contact_name} · {item.phone} · {item.email}
                  </span>
                </span>
                <span className="text-sm text-slate-700">
                  {item.learners ? `${item.learners.toLocaleString('vi-VN')} người học · ` : ''}
                  {formatDateTime(item.created_at)}
                </span>
                <Badge value={item.status} text={item.status_label} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
