import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format/date';
import { formatAmount, formatMoney } from '../../../lib/format/money';
import { can } from '../../../modules/studio/permissions';
import { paymentRefParams, refundInput } from '../../../modules/studio/studio.schemas';
import { FormField, FormMessage } from '../../components/form-field';
import {
  Badge,
  buttonClass,
  METHOD_TEXT,
  PageTitle,
  PAYMENT_STATUS_TEXT,
  Raw,
} from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import type { Route } from './+types/order';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'orders.read');
  const order = await loadInStudio(() => context.services.studio.orderDetail(params.code));
  return { order, canRefund: can(viewer.role, 'orders.refund') };
}

const refundForm = refundInput.extend({
  /** The attempt to refund; without it (a form from before), the payment that paid the order. */
  request_id: z.preprocess((value) => (value === '' ? undefined : value), paymentRefParams.shape.request_id.optional()),
  amount: z.preprocess((value) => (value === '' ? undefined : value), refundInput.shape.amount),
  confirm: z.literal('on', { error: 'Vui lòng đánh dấu xác nhận trước khi hoàn tiền.' }),
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'orders.refund');
  const form = await request.formData();
  const values = keepValues(form, ['request_id', 'amount', 'reason']);
  const parsed = parseForm(refundForm, Object.fromEntries(form));
  if (isFormState(parsed)) return formError(parsed, values);
  return runForm(values, async () => {
    // Any payment of this order that succeeded: the one that paid it refunds the order.
    const actor = { viewer, ip: context.clientIp };
    const input = { amount: parsed.amount, reason: parsed.reason };
    const result = parsed.request_id
      ? await context.services.studio.refundPayment(actor, { ...input, request_id: parsed.request_id })
      : await context.services.studio.refundOrder(actor, { ...input, code: params.code });
    const processing = result.status === 'pending' ? ' Cổng thanh toán đang xử lý, tiền có thể về sau vài ngày.' : '';
    return {
      notice: `Đã hoàn ${formatMoney(result.amount)} qua ${METHOD_TEXT[result.gateway] ?? result.gateway} (mã tham chiếu ${result.gateway_ref ?? '—'}). Đã kết thúc ${result.enrolments_revoked} quyền học.${processing}`,
      message: '',
      fields: {} as Record<string, string>,
      values: {} as Record<string, string>,
    };
  });
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  buildMeta(matches, { title: `Đơn ${params.code} — Studio` });

const QUERY_TEXT: Record<string, string> = {
  paid: 'Đã thanh toán',
  pending: 'Đang chờ',
  failed: 'Thất bại',
  not_found: 'Không tìm thấy giao dịch',
  error: 'Cổng không trả lời',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mb-4 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** How the refund form names a payment: its reference, gateway, amount and whether it paid the order. */
function paymentChoice(p: { request_id: string; gateway: string; amount: number; pays_order: boolean }) {
  const role = p.pays_order ? 'đã trả cho đơn' : 'không trả cho đơn: đến muộn hoặc trùng';
  return `${p.request_id} · ${METHOD_TEXT[p.gateway] ?? p.gateway} · ${formatMoney(p.amount)} (${role})`;
}

export default function StudioOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, canRefund } = loaderData;
  const refundable = order.payments.filter((p) => p.refundable);
  const busy = useNavigation().state === 'submitting';
  const notice = actionData && 'notice' in actionData ? actionData.notice : undefined;
  const failed = actionData && !notice ? actionData : undefined;
  return (
    <div>
      <PageTitle title={`Đơn ${order.code}`} back={{ to: '/studio/don-hang', label: 'Đơn hàng' }} />
      <FormMessage message={notice} tone="success" />
      <Section title="Tóm tắt">
        <p className="mb-2">
          <Badge value={order.status} text={order.status_label} />
        </p>
        <dl className="grid gap-1 text-sm sm:grid-cols-[160px_1fr]">
          <dt className="text-slate-600">Người mua</dt>
          <dd>
            {order.buyer.full_name} · {order.buyer.phone ?? '—'} · {order.buyer.email ?? '—'}
          </dd>
          <dt className="text-slate-600">Phương thức</dt>
          <dd>{METHOD_TEXT[order.payment_method] ?? order.payment_method}</dd>
          <dt className="text-slate-600">Tạm tính / giảm / tổng</dt>
          <dd>
            {formatMoney(order.subtotal)} / {formatAmount(order.discount)} / <strong>{formatMoney(order.total)}</strong>
            {order.promotion_code ? ` (mã ${order.promotion_code})` : ''}
          </dd>
          <dt className="text-slate-600">Tạo lúc</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
          {order.completed_at ? (
            <>
              <dt className="text-slate-600">Hoàn tất lúc</dt>
              <dd>{formatDateTime(order.completed_at)}</dd>
            </>
          ) : null}
          {order.failure_reason ? (
            <>
              <dt className="text-slate-600">Lý do thất bại</dt>
              <dd>{order.failure_reason}</dd>
            </>
          ) : null}
        </dl>
      </Section>
      <Section title="Khóa học trong đơn">
        <ul className="text-sm">
          {order.items.map((item) => (
            <li key={item.course_id} className="flex justify-between gap-2 py-1">
              <span>{item.course_title}</span>
              <span>{formatMoney(item.price, item.cycle)}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Thanh toán">
        {order.payments.length === 0 ? (
          <p className="text-sm text-slate-600">Chưa có lần thanh toán nào.</p>
        ) : (
          <ul className="text-sm">
            {order.payments.map((p) => (
              <li key={p.id} className="py-1">
                {METHOD_TEXT[p.gateway] ?? p.gateway} · {p.request_id} · {formatMoney(p.amount)} ·{' '}
                <Badge
                  value={p.status === 'succeeded' ? 'completed' : p.status}
                  text={PAYMENT_STATUS_TEXT[p.status] ?? p.status}
                />{' '}
                · giao dịch {p.gateway_txn_id ?? '—'} · mã {p.result_code ?? '—'}
                {p.status === 'succeeded' && !p.pays_order ? (
                  <strong className="block text-amber-800" data-testid="unaccounted-payment">
                    Thanh toán thành công nhưng không trả cho đơn (đến muộn hoặc trùng):{' '}
                    {p.refundable ? 'chưa hoàn tiền, cần xử lý.' : 'đã có yêu cầu hoàn tiền.'}
                  </strong>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Thông báo gốc từ cổng thanh toán">
        {order.notifications.length === 0 ? (
          <p className="text-sm text-slate-600">Chưa nhận thông báo nào.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {order.notifications.map((n) => (
              <li key={n.id}>
                <p>
                  {n.channel.toUpperCase()} · {formatDateTime(n.created_at)} · chữ ký{' '}
                  {n.signature_valid ? 'hợp lệ' : 'KHÔNG hợp lệ'} · {n.outcome}
                </p>
                <Raw label="Nội dung thông báo">{n.payload}</Raw>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Trả lời truy vấn của cổng thanh toán">
        {order.queries.length === 0 ? (
          <p className="text-sm text-slate-600">Chưa truy vấn giao dịch nào tại cổng.</p>
        ) : (
          <ul className="space-y-2 text-sm" data-testid="queries">
            {order.queries.map((q) => (
              <li key={q.id}>
                <p>
                  Lần thanh toán #{q.payment_id} · {formatDateTime(q.created_at)} · {QUERY_TEXT[q.status] ?? q.status}
                  {q.result_code ? ` · mã ${q.result_code}` : ''}
                </p>
                <Raw label="Trả lời gốc">{q.payload}</Raw>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Hoàn tiền">
        {order.refunds.length === 0 ? (
          <p className="text-sm text-slate-600">Chưa có yêu cầu hoàn tiền.</p>
        ) : (
          <ul className="mb-3 space-y-2 text-sm" data-testid="refunds">
            {order.refunds.map((r) => (
              <li key={r.id}>
                {formatDateTime(r.created_at)} · {formatMoney(r.amount)} · {r.status} · {r.actor} · {r.reason}
                {r.message ? ` · ${r.message}` : ''}
                {r.raw ? <Raw label="Trả lời của cổng thanh toán">{r.raw}</Raw> : null}
              </li>
            ))}
          </ul>
        )}
        {canRefund && refundable.length > 0 ? (
          <Form method="post" className="max-w-md">
            <FormMessage message={failed?.message} />
            <label htmlFor="truong-request_id" className="mb-1 block text-sm font-medium text-slate-800">
              Giao dịch hoàn tiền
            </label>
            <select
              id="truong-request_id"
              name="request_id"
              defaultValue={failed?.values.request_id ?? refundable[0]!.request_id}
              className="mb-3 w-full rounded-xl border border-slate-300 px-3 py-2"
            >
              {refundable.map((p) => (
                <option key={p.id} value={p.request_id}>
                  {paymentChoice(p)}
                </option>
              ))}
            </select>
            <FormField
              label="Số tiền hoàn (đồng)"
              name="amount"
              inputMode="numeric"
              hint="Để trống để hoàn toàn bộ số tiền của giao dịch."
              defaultValue={failed?.values.amount ?? ''}
              error={failed?.fields.amount}
            />
            <label htmlFor="truong-reason" className="mb-1 block text-sm font-medium text-slate-800">
              Lý do
            </label>
            <textarea
              id="truong-reason"
              name="reason"
              required
              rows={3}
              defaultValue={failed?.values.reason ?? ''}
              aria-invalid={failed?.fields.reason ? true : undefined}
              className="mb-1 w-full rounded-xl border border-slate-300 px-3 py-2"
            />
            {failed?.fields.reason ? <p className="mb-2 text-sm text-red-700">{failed.fields.reason}</p> : null}
            <label className="my-3 flex items-start gap-2 text-sm">
              <input type="checkbox" name="confirm" className="mt-1" />
              <span>
                Tôi xác nhận hoàn tiền giao dịch đã chọn. Nếu đó là giao dịch đã trả cho đơn, quyền học các khóa trong
                đơn sẽ kết thúc ngay.
              </span>
            </label>
            {failed?.fields.confirm ? <p className="mb-2 text-sm text-red-700">{failed.fields.confirm}</p> : null}
            <button type="submit" className={buttonClass} disabled={busy}>
              {busy ? 'Đang gửi yêu cầu…' : 'Hoàn tiền'}
            </button>
          </Form>
        ) : null}
      </Section>
    </div>
  );
}
