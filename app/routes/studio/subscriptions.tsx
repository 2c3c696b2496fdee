import { Form, Link, useLocation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { subscriptionsQuery } from '../../../modules/subscriptions/public';
import { Pagination } from '../../components/pagination';
import { Badge, Empty, FilterActions, FilterSelect, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/subscriptions';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'subscriptions.read');
  const { query: parsed, csv } = readListQuery(subscriptionsQuery, request, '/api/admin/subscriptions.json');
  const { format: _format, ...query } = parsed;
  const result = await context.services.subscriptionsAdmin.list(query);
  return { ...result, query, csv, statusOptions: context.services.subscriptionsAdmin.statusLabels };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Gói cước — Studio' });

export default function StudioSubscriptions({ loaderData }: Route.ComponentProps) {
  const { items, total, query, csv, statusOptions } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Gói cước trừ tiền di động" />
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <label className="text-sm sm:col-span-2">
          <span className="mb-1 block font-medium text-slate-800">Số điện thoại, tên học viên hoặc khóa học</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect label="Trạng thái" name="status" value={query.status} options={statusOptions} />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} gói cước</p>
      {items.length === 0 ? (
        <Empty>Không có gói cước nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((s) => (
            <li key={s.id}>
              <Link
                to={`/studio/goi-cuoc/${s.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
              >
                <span>
                  <span className="font-semibold">{s.msisdn}</span>
                  <span className="block text-sm text-slate-700">
                    {s.full_name} · {s.course_title}
                    {s.sms_code ? ` (${s.sms_code})` : ''}
                  </span>
                </span>
                <span className="text-sm text-slate-700">
                  {formatMoney(s.price, s.cycle)} · hết chu kỳ{' '}
                  {s.current_period_end ? formatDateTime(s.current_period_end) : '—'}
                </span>
                <Badge value={s.status} text={s.status_label} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
