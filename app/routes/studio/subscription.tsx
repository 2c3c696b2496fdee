import { Form, useNavigation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { cancelInput, idParams } from '../../../modules/subscriptions/public';
import { can } from '../../../modules/studio/permissions';
import { FormMessage } from '../../components/form-field';
import { Badge, buttonClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import type { Route } from './+types/subscription';

const CHARGE_TEXT: Record<string, string> = {
  pending: 'Chưa rõ kết quả (đang tra cứu nhà mạng)',
  success: 'Thành công',
  insufficient_balance: 'Không đủ số dư',
  timeout: 'Không phản hồi',
  error: 'Bị từ chối',
};

function subscriptionId(raw: string) {
  const parsed = idParams.safeParse({ id: raw });
  if (!parsed.success) throw new Response('Không tìm thấy gói cước.', { status: 404 });
  return parsed.data.id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'subscriptions.read');
  const id = subscriptionId(params.id);
  const subscription = await loadInStudio(() => context.services.subscriptionsAdmin.detail(id));
  return { subscription, canCancel: can(viewer.role, 'subscriptions.cancel') };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'subscriptions.cancel');
  const form = await request.formData();
  const values = keepValues(form, ['reason']);
  const parsed = parseForm(cancelInput, values);
  if (isFormState(parsed)) return formError(parsed, values);
  return runForm(values, async () => {
    const after = await context.services.subscriptionsAdmin.cancel(
      { viewer, ip: context.clientIp },
      subscriptionId(params.id),
      parsed.reason,
    );
    const until = after.current_period_end ? ` Học viên vẫn học đến ${formatDateTime(after.current_period_end)}.` : '';
    return {
      notice: `Đã hủy gói cước, ngừng gia hạn.${until}`,
      message: '',
      fields: {} as Record<string, string>,
      values: {} as Record<string, string>,
    };
  });
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  buildMeta(matches, { title: `Gói cước #${params.id} — Studio` });

export default function StudioSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription: s, canCancel } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const notice = actionData && 'notice' in actionData ? actionData.notice : undefined;
  const failed = actionData && !notice ? actionData : undefined;
  return (
    <div>
      <PageTitle title={`Gói cước ${s.msisdn}`} back={{ to: '/studio/goi-cuoc', label: 'Gói cước' }} />
      <FormMessage message={notice} tone="success" />
      <section className="mb-4 rounded-2xl border border-slate-200 bg-white p-4">
        <p className="mb-2">
          <Badge value={s.status} text={s.status_label} />
        </p>
        <dl className="grid gap-1 text-sm sm:grid-cols-[180px_1fr]">
          <dt className="text-slate-600">Học viên</dt>
          <dd>
            {s.full_name} · {s.msisdn}
          </dd>
          <dt className="text-slate-600">Khóa học</dt>
          <dd>
            {s.course_title}
            {s.package_name ? ` · ${s.package_name}` : ''}
            {s.sms_code ? ` · mã ${s.sms_code}` : ''}
          </dd>
          <dt className="text-slate-600">Giá</dt>
          <dd>{formatMoney(s.price, s.cycle)}</dd>
          <dt className="text-slate-600">Chu kỳ hiện tại đến</dt>
          <dd>{s.current_period_end ? formatDateTime(s.current_period_end) : '—'}</dd>
          <dt className="text-slate-600">Gia hạn tiếp theo</dt>
          <dd>{s.next_charge_at ? formatDateTime(s.next_charge_at) : 'Không gia hạn'}</dd>
          <dt className="text-slate-600">Lần gia hạn lỗi trong chu kỳ</dt>
          <dd>{s.retry_count}</dd>
          <dt className="text-slate-600">Đơn hàng</dt>
          <dd>{s.order_code ?? '—'}</dd>
        </dl>
      </section>
      <section className="mb-4 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">Lịch sử</h2>
        <ol className="space-y-1 text-sm" data-testid="history">
          {s.history.map((h, index) => (
            <li key={index}>
              <span className="text-slate-600">{formatDateTime(h.at)}</span> · {h.text}
            </li>
          ))}
        </ol>
      </section>
      <section className="mb-4 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">Các lần trừ tiền và gia hạn</h2>
        {s.charges.length === 0 ? (
          <p className="text-sm text-slate-600">Chưa có lần trừ tiền nào.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {s.charges.map((c) => (
              <li key={c.id} className="py-2">
                {formatDateTime(c.created_at)} · {c.kind === 'subscribe' ? 'Đăng ký' : 'Gia hạn'} ·{' '}
                {formatMoney(c.amount)} · {CHARGE_TEXT[c.status] ?? c.status} · {c.reference}
                {c.operator_txn_id ? ` · giao dịch ${c.operator_txn_id}` : ''}
                {c.detail ? ` · ${c.detail}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      {canCancel && s.can_cancel ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 className="mb-2 font-semibold">Hủy gói cước</h2>
          <Form method="post" className="max-w-md">
            <FormMessage message={failed?.message} />
            <label htmlFor="truong-reason" className="mb-1 block text-sm font-medium text-slate-800">
              Lý do hủy
            </label>
            <textarea
              id="truong-reason"
              name="reason"
              rows={3}
              defaultValue={failed?.values.reason ?? ''}
              aria-invalid={failed?.fields.reason ? true : undefined}
              className="mb-1 w-full rounded-xl border border-slate-300 px-3 py-2"
            />
            {failed?.fields.reason ? <p className="mb-2 text-sm text-red-700">{failed.fields.reason}</p> : null}
            <p className="mb-3 text-sm text-slate-600">
              Gói ngừng gia hạn ngay; học viên vẫn học đến hết chu kỳ đã trả và nhận tin nhắn xác nhận.
            </p>
            <button type="submit" className={buttonClass} disabled={busy}>
              {busy ? 'Đang hủy…' : 'Hủy gói cước'}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
