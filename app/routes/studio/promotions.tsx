import { Form, Link, useLocation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { PROMOTION_STATE_TEXT, PROMOTION_TYPE_TEXT, promotionsQuery } from '../../../modules/promotions/public';
import { can } from '../../../modules/studio/permissions';
import { Pagination } from '../../components/pagination';
import { Badge, Empty, FilterActions, FilterSelect, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/promotions';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'promotions.read');
  const { query: parsed, csv } = readListQuery(promotionsQuery, request, '/api/admin/promotions.json');
  const { format: _format, ...query } = parsed;
  const result = await context.services.promotionsAdmin.list(query);
  return { ...result, query, csv, canWrite: can(viewer.role, 'promotions.write') };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Ưu đãi — Studio' });

/** The value in words: "20% (tối đa 100.000đ)", "giảm 50.000đ", "đồng giá 99.000đ". */
function describeValue(p: { type: string; value: number; max_discount?: number | null }) {
  if (p.type === 'percentage') return `${p.value}%${p.max_discount ? ` (tối đa ${formatMoney(p.max_discount)})` : ''}`;
  if (p.type === 'fixed_price') return `giảm ${formatMoney(p.value)}`;
  return `đồng giá ${formatMoney(p.value)}`;
}

export default function StudioPromotions({ loaderData }: Route.ComponentProps) {
  const { items, total, query, csv, canWrite } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Ưu đãi" />
      {canWrite ? (
        <p className="mb-4">
          <Link
            to="/studio/khuyen-mai/moi"
            className="inline-block rounded-xl bg-brand-700 px-4 py-2 font-medium text-white"
          >
            Tạo ưu đãi
          </Link>
        </p>
      ) : null}
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <label className="text-sm sm:col-span-2">
          <span className="mb-1 block font-medium text-slate-800">Mã hoặc tên ưu đãi</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect label="Trạng thái" name="state" value={query.state} options={PROMOTION_STATE_TEXT} />
        <FilterSelect label="Loại" name="type" value={query.type} options={PROMOTION_TYPE_TEXT} />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} ưu đãi</p>
      {items.length === 0 ? (
        <Empty>Không có ưu đãi nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((p) => (
            <li key={p.id}>
              <Link
                to={`/studio/khuyen-mai/${p.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
              >
                <span>
                  <span className="font-semibold">{p.code}</span>
                  <span className="block text-sm text-slate-700">
                    {p.name} · {describeValue(p)}
                  </span>
                </span>
                <span className="text-sm text-slate-700">
                  {formatDateTime(p.starts_at)} – {p.ends_at ? formatDateTime(p.ends_at) : 'không hạn'} · đã dùng{' '}
                  {p.used}
                  {p.quantity !== null ? `/${p.quantity}` : ''}
                </span>
                <Badge value={p.state === 'running' ? 'active' : p.state} text={PROMOTION_STATE_TEXT[p.state]} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
