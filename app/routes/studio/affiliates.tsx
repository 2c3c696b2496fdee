/** /studio/cong-tac-vien: affiliates with their figures — folded search, status filter, CSV. */
import { Form, Link, useLocation } from 'react-router';
import { formatDate } from '../../../lib/format/date';
import { formatAmount } from '../../../lib/format/money';
import { AFFILIATE_STATUS_LABELS, affiliatesQuery } from '../../../modules/affiliates/affiliates.schemas';
import { Pagination } from '../../components/pagination';
import { Badge, Empty, FilterActions, FilterSelect, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/affiliates';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'affiliates.manage');
  const { query: parsed, csv } = readListQuery(affiliatesQuery, request, '/api/admin/affiliates.json');
  const { format: _format, ...query } = parsed;
  return {
    ...(await context.services.affiliatesStudio.listAffiliates(query)),
    query,
    csv,
    defaultRate: context.services.affiliates.defaultRate,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Cộng tác viên — Studio' });

export default function StudioAffiliates({ loaderData }: Route.ComponentProps) {
  const { items, total, query, csv, defaultRate } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Cộng tác viên" />
      <p className="mb-3 text-sm text-slate-700">
        Hoa hồng mặc định {defaultRate}% số tiền thực trả ·{' '}
        <Link to="/studio/cong-tac-vien/ty-le" className="underline">
          Tỷ lệ theo khóa học
        </Link>{' '}
        ·{' '}
        <a href="/api/admin/affiliates/commissions.json?format=csv" className="underline" download>
          Xuất CSV toàn bộ hoa hồng
        </a>
      </p>
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_200px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên, mã, số điện thoại hoặc e-mail</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect label="Trạng thái" name="status" value={query.status} options={AFFILIATE_STATUS_LABELS} />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} cộng tác viên</p>
      {items.length === 0 ? (
        <Empty>Không có cộng tác viên nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={`/studio/cong-tac-vien/${item.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
              >
                <span>
                  <span className="font-semibold">{item.user.full_name}</span> · {item.code}
                  <span className="block text-sm text-slate-700">
                    {item.user.phone ?? '—'} · từ {formatDate(item.created_at)}
                  </span>
                </span>
                <span className="text-sm text-slate-700">
                  {item.totals.clicks} nhấp · {item.totals.orders} đơn · chờ duyệt {formatAmount(item.totals.pending)} ·
                  đã duyệt {formatAmount(item.totals.approved)} · đã trả {formatAmount(item.totals.paid)}
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
