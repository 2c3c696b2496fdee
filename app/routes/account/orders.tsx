import { Form, Link, redirect, redirectDocument } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format/date';
import { formatAmount, formatMoney } from '../../../lib/format/money';
import { FormMessage } from '../../components/form-field';
import { OrderInvoices } from '../../components/order-invoices';
import { runForm } from '../../forms.server';
import { requireViewer } from '../../guards.server';
import { loadOr404 } from '../../not-found.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/orders';

const RESULT_NOTICES: Record<string, { text: string; tone: 'success' | 'error' }> = {
  'thanh-cong': { text: 'Cổng thanh toán báo giao dịch thành công.', tone: 'success' },
  'that-bai': { text: 'Giao dịch không thành công. Bạn có thể đặt lại đơn và chọn phương thức khác.', tone: 'error' },
  'dang-xu-ly': { text: 'Giao dịch đang được cổng thanh toán xử lý.', tone: 'success' },
  'khong-hop-le': {
    text: 'Kết quả thanh toán không hợp lệ. Trạng thái đơn hàng dưới đây là trạng thái chính xác.',
    tone: 'error',
  },
};

const actionForm = z.object({
  intent: z.enum(['cancel', 'pay', 'reorder']),
  code: z.string().regex(/^KT\d{8}[A-Z0-9]{6}$/),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const url = new URL(request.url);
  const code = url.searchParams.get('ma');
  // Someone else's order (or no such order) is a 404, as order/details.json answers.
  const [list, selected] = await Promise.all([
    context.services.orders.list(viewer.id, 1, 50),
    code ? loadOr404(request, () => context.services.orders.details(viewer.id, code)) : Promise.resolve(null),
  ]);
  const invoices = selected ? await context.services.invoices.listForOrder(viewer.id, selected.code) : [];
  return {
    orders: list.items,
    selected,
    invoices,
    result: RESULT_NOTICES[url.searchParams.get('ket-qua') ?? ''] ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const parsed = actionForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return { message: 'Yêu cầu không hợp lệ.', fields: {}, values: {} };
  const { intent, code } = parsed.data;
  return runForm({ code }, async () => {
    if (intent === 'cancel') {
      await context.services.orders.cancel(viewer.id, code);
      return { notice: `Đã hủy đơn hàng ${code}.`, message: '', fields: {}, values: {} };
    }
    if (intent === 'reorder') {
      await context.services.orders.reorder(viewer.id, code);
      throw redirect('/gio-hang');
    }
    const again = await context.services.orders.payAgain(viewer.id, code, undefined, context.clientIp, context.origin);
    throw redirectDocument(again.payment_url);
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đơn hàng' });

const TONES: Record<string, string> = {
  completed: 'bg-emerald-50 text-emerald-800',
  pending: 'bg-amber-50 text-amber-800',
  paid: 'bg-emerald-50 text-emerald-800',
  refunded: 'bg-sky-50 text-sky-800',
};

export default function OrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, selected, invoices, result } = loaderData;
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Đơn hàng</h1>
      {result ? <FormMessage message={result.text} tone={result.tone} /> : null}
      <FormMessage message={actionData?.message || undefined} />
      <FormMessage message={actionData && 'notice' in actionData ? actionData.notice : undefined} tone="success" />
      {selected ? (
        <section
          aria-label={`Đơn hàng ${selected.code}`}
          className="mb-6 rounded-2xl border border-slate-200 bg-white p-4"
        >
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold">Đơn {selected.code}</h2>
            <span
              data-testid="order-status"
              className={`rounded-full px-2 py-0.5 text-sm ${TONES[selected.status] ?? 'bg-slate-100 text-slate-700'}`}
            >
              {selected.status_label}
            </span>
          </div>
          <ul className="mb-2 text-sm">
            {selected.items.map((item) => (
              <li key={item.course_id} className="flex justify-between py-1">
                <Link to={`/khoa-hoc/${item.course_slug}`} className="hover:underline">
                  {item.course_title}
                </Link>
                <span>{formatMoney(item.price, item.cycle)}</span>
              </li>
            ))}
          </ul>
          <p className="text-sm">
            {selected.discount > 0 ? <>Giảm giá: -{formatAmount(selected.discount)} · </> : null}
            <strong>Tổng: {formatMoney(selected.total)}</strong>
          </p>
          {selected.refund ? (
            <p data-testid="order-refund" className="mt-2 rounded-xl bg-sky-50 px-3 py-2 text-sm text-sky-900">
              Đã hoàn {formatMoney(selected.refund.amount)} về phương thức thanh toán ban đầu lúc{' '}
              {formatDateTime(selected.refund.refunded_at)}.{' '}
              {selected.refund.processing ? 'Cổng thanh toán đang xử lý, tiền có thể về sau vài ngày làm việc. ' : ''}
              {selected.refund.late_payment
                ? 'Khoản thanh toán này đến sau khi đơn đã đóng nên được hoàn tự động.'
                : 'Quyền học các khóa trong đơn đã kết thúc.'}
            </p>
          ) : null}
          <OrderInvoices invoices={invoices} />
          <div className="mt-3 flex flex-wrap gap-2">
            {selected.can_pay ? <OrderButton code={selected.code} intent="pay" label="Thanh toán lại" primary /> : null}
            {selected.can_cancel ? <OrderButton code={selected.code} intent="cancel" label="Hủy đơn" /> : null}
            {['failed', 'expired', 'cancelled'].includes(selected.status) ? (
              <OrderButton code={selected.code} intent="reorder" label="Đặt lại" primary />
            ) : null}
          </div>
        </section>
      ) : null}
      {orders.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-10 text-center text-slate-600">
          Bạn chưa có đơn hàng nào.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {orders.map((order) => (
            <li key={order.code}>
              <Link
                to={`?ma=${order.code}`}
                className="flex flex-wrap justify-between gap-2 px-4 py-3 hover:bg-slate-50"
              >
                <span className="font-semibold">{order.code}</span>
                <span className="text-sm text-slate-600">{formatDateTime(order.created_at)}</span>
                <span>{formatMoney(order.total)}</span>
                <span className="text-sm">{order.status_label}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OrderButton({
  code,
  intent,
  label,
  primary = false,
}: {
  code: string;
  intent: string;
  label: string;
  primary?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="code" value={code} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={primary ? 'btn-primary' : 'rounded-xl border border-slate-300 px-3 py-2 text-sm font-semibold'}
      >
        {label}
      </button>
    </Form>
  );
}
