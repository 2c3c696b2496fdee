import { Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { FormMessage } from '../../components/form-field';
import { ChargeHistoryList } from '../../components/subscriptions/charge-history';
import { runForm } from '../../forms.server';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/subscriptions';

const cancelForm = z.object({ intent: z.literal('cancel'), id: z.coerce.number().int().positive() });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const url = new URL(request.url);
  const [subscriptions, charges] = await Promise.all([
    context.services.subscriptions.list(viewer.id),
    context.services.subscriptions.charges(viewer.id),
  ]);
  const confirmId = Number(url.searchParams.get('huy')) || null;
  return {
    subscriptions,
    charges,
    confirm: subscriptions.find((item) => item.id === confirmId && item.can_cancel) ?? null,
    subscribed: url.searchParams.get('dang-ky') === 'thanh-cong',
    // The operator has not confirmed the charge yet (checkout): the answer follows by SMS and notification.
    checking:
      url.searchParams.get('dang-ky') === 'dang-xac-nhan' ? context.services.subscriptions.checkingNotice : null,
    hotline: await context.services.subscriptions.hotline(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const parsed = cancelForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return { message: 'Yêu cầu không hợp lệ.', fields: {}, values: {} };
  return runForm({}, async () => {
    const result = await context.services.subscriptions.cancel(viewer.id, { id: parsed.data.id });
    const end = result.subscription.current_period_end;
    const until = end && new Date(end) > new Date() ? ` Bạn vẫn học được đến ${formatDateTime(end)}.` : '';
    return {
      notice: `Đã hủy gói cước, gói sẽ không gia hạn nữa.${until} Tin nhắn xác nhận đã được gửi tới số điện thoại của bạn.`,
      message: '',
      fields: {},
      values: {},
    };
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Gói cước của tôi' });

const TONES: Record<string, string> = {
  active: 'bg-emerald-50 text-emerald-800',
  suspended: 'bg-amber-50 text-amber-800',
  pending: 'bg-amber-50 text-amber-800',
  cancelled: 'bg-slate-100 text-slate-700',
};

export default function SubscriptionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriptions, charges, confirm, subscribed, checking, hotline } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const notice = actionData && 'notice' in actionData ? actionData.notice : undefined;
  return (
    <div>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Gói cước của tôi</h1>
      <p className="mb-4 text-sm text-slate-600">
        Các gói học trừ tiền tài khoản di động, tự động gia hạn mỗi chu kỳ. Hủy gói và tra cứu đều miễn phí. Hotline{' '}
        <a href={`tel:${hotline.replace(/\s/g, '')}`} className="font-semibold">
          {hotline}
        </a>
        .
      </p>
      {subscribed && !notice ? (
        <FormMessage
          tone="success"
          message="Đăng ký gói cước thành công. Khóa học đã sẵn sàng trong mục Khóa học của tôi."
        />
      ) : null}
      {checking && !notice ? (
        <p role="status" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {checking}
        </p>
      ) : null}
      <FormMessage message={actionData?.message || undefined} />
      <FormMessage message={notice} tone="success" />
      {confirm && !notice ? (
        <section
          aria-label="Xác nhận hủy gói cước"
          className="mb-4 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm"
        >
          <p className="mb-3">
            Hủy <strong>{confirm.package_label}</strong> khóa <strong>{confirm.course_title}</strong>? Gói sẽ không gia
            hạn nữa
            {confirm.current_period_end ? `, bạn vẫn học được đến ${formatDateTime(confirm.current_period_end)}` : ''}.
            Việc hủy miễn phí.
          </p>
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="id" value={confirm.id} />
              <button type="submit" className="btn-primary bg-red-700" disabled={busy}>
                {busy ? 'Đang hủy…' : 'Xác nhận hủy gói'}
              </button>
            </Form>
            <Link to="/tai-khoan/goi-cuoc" className="rounded-xl border border-slate-300 px-4 py-2 font-semibold">
              Không hủy
            </Link>
          </div>
        </section>
      ) : null}
      {subscriptions.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-10 text-center text-slate-600">
          <p className="mb-4">Bạn chưa đăng ký gói cước nào.</p>
          <Link to="/khoa-hoc" className="btn-primary inline-flex">
            Khám phá khóa học
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {subscriptions.map((item) => (
            <li
              key={item.id}
              aria-label={`${item.package_label} ${item.course_title}`}
              className="rounded-2xl border border-slate-200 bg-white p-4"
            >
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <Link to={`/khoa-hoc/${item.course_slug}`} className="font-semibold hover:underline">
                  {item.course_title}
                </Link>
                <span
                  data-testid="subscription-status"
                  className={`rounded-full px-2 py-0.5 text-sm ${TONES[item.status] ?? 'bg-slate-100 text-slate-700'}`}
                >
                  {item.status_label}
                </span>
              </div>
              <dl className="grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1 text-sm">
                <dt className="text-slate-600">Gói</dt>
                <dd>
                  {item.package_label}
                  {item.sms_code ? ` (mã ${item.sms_code})` : ''}
                </dd>
                <dt className="text-slate-600">Giá</dt>
                <dd>{formatMoney(item.price, item.cycle)}</dd>
                <dt className="text-slate-600">Số thuê bao</dt>
                <dd>{item.msisdn}</dd>
                <dt className="text-slate-600">{item.status === 'active' ? 'Gia hạn tiếp' : 'Học đến'}</dt>
                <dd>
                  {item.status === 'active' && item.next_renewal_at
                    ? formatDateTime(item.next_renewal_at)
                    : item.status === 'pending'
                      ? 'Đang chờ nhà mạng xác nhận kết quả trừ tiền'
                      : item.status === 'suspended'
                        ? 'Đã dừng do không gia hạn được'
                        : item.current_period_end
                          ? formatDateTime(item.current_period_end)
                          : '—'}
                </dd>
              </dl>
              {item.can_study || item.can_cancel ? (
                <div className="mt-3 flex flex-wrap items-center gap-3">
                  {item.can_study ? (
                    <Link to={`/vao-hoc/${item.course_slug}`} className="btn-primary text-sm">
                      Vào học
                    </Link>
                  ) : null}
                  {item.can_cancel ? (
                    <>
                      <Link
                        to={`?huy=${item.id}`}
                        className="rounded-xl border border-red-600 px-4 py-2 text-sm font-semibold text-red-700"
                      >
                        Hủy gói
                      </Link>
                      {item.cancel_sms ? (
                        <span className="text-xs text-slate-600">hoặc soạn {item.cancel_sms}</span>
                      ) : null}
                    </>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {subscriptions.length > 0 || charges.items.length > 0 ? <ChargeHistoryList history={charges} /> : null}
    </div>
  );
}
