/**
 * /tai-khoan/cong-tac-vien: the affiliate programme in the account area — join, the referral code,
 * a link builder for any course, figures (clicks, orders, commission pending / approved / paid), a
 * chart of the last 30 days and the commissions list.
 */
import { useId } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import { formatDate } from '../../../lib/format/date';
import { formatAmount } from '../../../lib/format/money';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { BarChart } from '../../components/studio/bar-chart';
import { runForm } from '../../forms.server';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/affiliate';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const affiliates = context.services.affiliates;
  const url = new URL(request.url);
  const programme = await affiliates.describe(viewer.id);
  if (!programme.joined) return { programme, series: [], commissions: null, links: [], q: '', page: 1 };
  const q = (url.searchParams.get('khoa-hoc') ?? '').trim().slice(0, 100);
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get('page')) || 1));
  const [series, commissions, links] = await Promise.all([
    affiliates.series(viewer.id, 30),
    affiliates.commissions(viewer.id, page, 10),
    affiliates.links(viewer.id, q || undefined),
  ]);
  return { programme, series, commissions, links, q, page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  return runForm({}, async () => {
    await context.services.affiliates.join(viewer.id);
    return {
      notice: 'Bạn đã tham gia chương trình cộng tác viên. Hãy chia sẻ liên kết bên dưới.',
      message: '',
      fields: {},
      values: {},
    };
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Cộng tác viên' });

const STATUS_TONES: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800',
  approved: 'bg-sky-50 text-sky-800',
  paid: 'bg-emerald-50 text-emerald-800',
  reversed: 'bg-slate-100 text-slate-700',
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 text-sm"
      />
    </div>
  );
}

export default function AffiliatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { programme, series, commissions, links, q, page } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const location = useLocation();
  const notice = actionData && 'notice' in actionData ? actionData.notice : undefined;
  const failure = actionData && 'message' in actionData ? actionData.message : undefined;
  const affiliate = programme.affiliate;
  return (
    <div>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Cộng tác viên</h1>
      <FormMessage message={failure || undefined} />
      <FormMessage message={notice} tone="success" />
      {!affiliate ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-4">
          <p className="mb-3 text-slate-700">
            Giới thiệu khóa học cho bạn bè và nhận hoa hồng {programme.default_rate}% trên số tiền họ thực trả (một số
            khóa học có tỷ lệ riêng). Lượt giới thiệu được ghi nhận trong 30 ngày kể từ lần nhấp gần nhất.
          </p>
          <Form method="post">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? 'Đang xử lý…' : 'Tham gia chương trình'}
            </button>
          </Form>
        </section>
      ) : (
        <>
          {affiliate.status === 'suspended' ? (
            <FormMessage message="Tài khoản cộng tác viên của bạn đang tạm khóa: liên kết tạm thời không được ghi nhận." />
          ) : null}
          <section
            aria-label="Mã giới thiệu"
            className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4"
          >
            <p className="text-slate-700">
              Mã giới thiệu của bạn: <strong data-testid="ma-gioi-thieu">{affiliate.code}</strong>
            </p>
            <CopyField label="Liên kết trang chủ" value={affiliate.link} />
          </section>

          <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label="Lượt nhấp" value={String(affiliate.totals.clicks)} />
            <Figure label="Đơn hàng" value={String(affiliate.totals.orders)} />
            <Figure label="Chờ duyệt" value={formatAmount(affiliate.totals.pending)} />
            <Figure label="Đã duyệt" value={formatAmount(affiliate.totals.approved)} />
            <Figure label="Đã chi trả" value={formatAmount(affiliate.totals.paid)} />
            <Figure label="Đã hủy (hoàn tiền)" value={formatAmount(affiliate.totals.reversed)} />
          </dl>

          <section aria-label="Biểu đồ 30 ngày" className="mb-4 grid gap-3 sm:grid-cols-2">
            <BarChart
              title="Lượt nhấp 30 ngày qua"
              bars={series.map((point) => ({ label: formatDate(`${point.day}T00:00:00+07:00`), value: point.clicks }))}
              format={(value) => String(value)}
            />
            <BarChart
              title="Hoa hồng 30 ngày qua"
              bars={series.map((point) => ({
                label: formatDate(`${point.day}T00:00:00+07:00`),
                value: point.commission,
              }))}
              format={formatAmount}
            />
          </section>

          <section aria-labelledby="tao-lien-ket" className="mb-4 rounded-2xl border border-slate-200 bg-white p-4">
            <h2 id="tao-lien-ket" className="mb-2 text-lg font-semibold text-slate-900">
              Tạo liên kết cho khóa học
            </h2>
            <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
              <label className="min-w-0 flex-1 text-sm">
                <span className="mb-1 block font-medium text-slate-800">Tên khóa học</span>
                <input
                  type="search"
                  name="khoa-hoc"
                  defaultValue={q}
                  className="w-full rounded-xl border border-slate-300 px-3 py-2"
                />
              </label>
              <button type="submit" className="btn-primary">
                Tìm
              </button>
            </Form>
            {links.length === 0 ? (
              <p className="text-sm text-slate-600">Không tìm thấy khóa học nào khớp từ khóa.</p>
            ) : (
              <ul className="grid gap-3">
                {links.map((link) => (
                  <li key={link.course_id}>
                    <CopyField label={`${link.title} — hoa hồng ${link.rate}%`} value={link.link} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="hoa-hong">
            <h2 id="hoa-hong" className="mb-2 text-lg font-semibold text-slate-900">
              Hoa hồng
            </h2>
            {!commissions || commissions.items.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-slate-600">
                Chưa có đơn hàng nào qua liên kết của bạn.
              </p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
                {commissions.items.map((item) => (
                  <li
                    key={item.id}
                    className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
                  >
                    <span>
                      <span className="font-medium">{item.courses.join(', ')}</span>
                      <span className="block text-sm text-slate-600">
                        {formatDate(item.created_at)} · đơn {formatAmount(item.base_amount)}
                      </span>
                    </span>
                    <span className="font-semibold">{formatAmount(item.amount)}</span>
                    <span className={`w-fit rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONES[item.status]}`}>
                      {item.status_label}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {commissions ? (
              <Pagination page={page} limit={10} total={commissions.total} search={location.search} />
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}
