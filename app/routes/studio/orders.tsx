import { Form, Link, useLocation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { ordersQuery } from '../../../modules/studio/studio.schemas';
import { Pagination } from '../../components/pagination';
import {
  Badge,
  Empty,
  FilterActions,
  FilterSelect,
  inputClass,
  METHOD_TEXT,
  PageTitle,
} from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { readListQuery } from '../../studio.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/orders';

const SORT_TEXT = {
  newest: 'Mới nhất',
  oldest: 'Cũ nhất',
  total_desc: 'Tổng tiền giảm dần',
  total_asc: 'Tổng tiền tăng dần',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'orders.read');
  const { query: parsed, csv } = readListQuery(ordersQuery, request, '/api/admin/orders.json');
  const { format: _format, ...query } = parsed;
  const [result, unaccounted] = await Promise.all([
    context.services.studio.listOrders(query),
    context.services.studio.listUnaccountedPayments({ page: 1, limit: 50 }),
  ]);
  return { ...result, unaccounted, query, csv, statusOptions: context.services.studio.orderStatusLabels };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đơn hàng — Studio' });

/**
 * Payments that succeeded on orders they did not complete and are not refunded: a late payment whose
 * automatic refund was refused or is still open, a duplicate, or one from before the rule.
 */
function UnaccountedPayments({ items, total }: Route.ComponentProps['loaderData']['unaccounted']) {
  if (total === 0) return null;
  return (
    <section
      className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-4"
      aria-labelledby="can-xu-ly"
      data-testid="unaccounted-payments"
    >
      <h2 id="can-xu-ly" className="font-semibold text-amber-900">
        {`Cần xử lý: ${total} thanh toán thành công trên đơn chưa hoàn tất`}
      </h2>
      <p className="mb-2 text-sm text-amber-900">
        Tiền đã về nhưng không trả cho đơn nào đã hoàn tất và chưa được hoàn lại. Mở đơn để hoàn tiền giao dịch.
      </p>
      <ul className="divide-y divide-amber-200 text-sm">
        {items.map((payment) => (
          <li key={payment.request_id} className="py-2">
            <Link to={`/studio/don-hang/${payment.order.code}`} className="font-semibold underline">
              {payment.order.code}
            </Link>{' '}
            · {payment.order.status_label} · {payment.request_id} · {METHOD_TEXT[payment.gateway] ?? payment.gateway} ·{' '}
            <strong>{formatMoney(payment.amount)}</strong> · {payment.buyer.full_name} · {payment.refund_state_label}
            {payment.refund_message ? ` (${payment.refund_message})` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function StudioOrders({ loaderData }: Route.ComponentProps) {
  const { items, total, unaccounted, query, csv, statusOptions } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Đơn hàng" />
      <UnaccountedPayments {...unaccounted} />
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <label className="text-sm sm:col-span-2">
          <span className="mb-1 block font-medium text-slate-800">Mã đơn, số điện thoại hoặc e-mail</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect label="Trạng thái" name="status" value={query.status} options={statusOptions} />
        <FilterSelect label="Phương thức" name="method" value={query.method} options={METHOD_TEXT} />
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Từ ngày</span>
          <input type="date" name="from" defaultValue={query.from ?? ''} className={inputClass} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Đến ngày</span>
          <input type="date" name="to" defaultValue={query.to ?? ''} className={inputClass} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Sắp xếp</span>
          <select name="sort" defaultValue={query.sort} className={inputClass}>
            {Object.entries(SORT_TEXT).map(([key, text]) => (
              <option key={key} value={key}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} đơn hàng</p>
      {items.length === 0 ? (
        <Empty>Không có đơn hàng nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((order) => (
            <li key={order.code}>
              <Link
                to={`/studio/don-hang/${order.code}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
              >
                <span>
                  <span className="font-semibold">{order.code}</span>
                  <span className="block text-sm text-slate-700">
                    {order.buyer.full_name} · {order.buyer.phone ?? order.buyer.email ?? '—'}
                  </span>
                </span>
                <span className="text-sm text-slate-700">
                  {formatDateTime(order.created_at)} · {METHOD_TEXT[order.payment_method] ?? order.payment_method}
                </span>
                <span className="flex items-center gap-2">
                  <strong>{formatMoney(order.total)}</strong>
                  <Badge value={order.status} text={order.status_label} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
