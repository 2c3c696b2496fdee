/**
 * /studio/cong-tac-vien/:id: one affiliate — figures, commissions (approve the ones ticked), record
 * a payout (every approved commission becomes paid), suspend or reopen. Every write is audited.
 */
import { Form, useLocation, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatDate, formatDateTime } from '../../../lib/format/date';
import { formatAmount } from '../../../lib/format/money';
import {
  COMMISSION_STATUS_LABELS,
  commissionsQuery,
  payoutInput,
} from '../../../modules/affiliates/affiliates.schemas';
import { FormField, FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { Badge, buttonClass, Empty, FilterActions, FilterSelect, PageTitle } from '../../components/studio/studio-ui';
import { keepValues, parseForm, runForm, formError, isFormState } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio, readListQuery } from '../../studio.server';
import type { Route } from './+types/affiliate';

const idParam = z.coerce.number().int().positive();
const readId = (raw: string) => idParam.safeParse(raw).data ?? 0;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStudio(request, context, 'affiliates.manage');
  const id = readId(params.id);
  const affiliate = await loadInStudio(() => context.services.affiliatesStudio.detail(id));
  const { query: parsed, csv } = readListQuery(
    commissionsQuery.omit({ affiliate_id: true }),
    request,
    '/api/admin/affiliates/commissions.json',
  );
  const { format: _format, ...query } = parsed;
  const commissions = await context.services.affiliatesStudio.listCommissions({ ...query, affiliate_id: id });
  return { affiliate, commissions, query, csv: `${csv}&affiliate_id=${id}` };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'affiliates.manage');
  const actor = { viewer, ip: context.clientIp };
  const id = readId(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const studio = context.services.affiliatesStudio;
  const done = (notice: string, which: string) => ({ intent: which, notice, message: '', fields: {}, values: {} });
  if (intent === 'approve') {
    const ids = form
      .getAll('ids')
      .map(Number)
      .filter((value) => Number.isSafeInteger(value) && value > 0);
    if (ids.length === 0)
      return formError({ message: 'Vui lòng chọn hoa hồng cần duyệt.', fields: {}, values: {} }, {}, 400, intent);
    return runForm(
      {},
      async () => done(`Đã duyệt ${(await studio.approve(actor, ids)).approved} hoa hồng.`, intent),
      intent,
    );
  }
  if (intent === 'payout') {
    const values = keepValues(form, ['reference', 'note']);
    const input = parseForm(payoutInput, values);
    if (isFormState(input)) return formError({ ...input, intent }, values, 400, intent);
    return runForm(
      values,
      async () => {
        const paid = await studio.payout(actor, id, input);
        return done(`Đã ghi nhận chi trả ${formatAmount(paid.amount)} cho ${paid.commission_count} hoa hồng.`, intent);
      },
      intent,
    );
  }
  const status = intent === 'suspend' ? 'suspended' : 'active';
  return runForm({}, async () => {
    await studio.setStatus(actor, id, status);
    return done(status === 'suspended' ? 'Đã tạm khóa cộng tác viên.' : 'Đã mở lại cộng tác viên.', 'status');
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Cộng tác viên — Studio' });

export default function StudioAffiliate({ loaderData, actionData }: Route.ComponentProps) {
  const { affiliate, commissions, query, csv } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state !== 'idle';
  const state = actionData as
    | {
        intent?: string;
        notice?: string;
        message: string;
        fields: Record<string, string>;
        values: Record<string, string>;
      }
    | undefined;
  const payoutState = state?.intent === 'payout' ? state : undefined;
  return (
    <div>
      <PageTitle title={affiliate.user.full_name} back={{ to: '/studio/cong-tac-vien', label: 'Cộng tác viên' }} />
      <FormMessage message={state?.notice} tone="success" />
      <FormMessage message={!state?.notice && state?.intent !== 'payout' ? state?.message || undefined : undefined} />
      <section className="mb-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
        <p className="mb-2">
          <Badge value={affiliate.status} text={affiliate.status_label} /> Mã <strong>{affiliate.code}</strong> · từ{' '}
          {formatDate(affiliate.created_at)}
        </p>
        <p>
          {affiliate.user.phone ?? '—'} · {affiliate.user.email ?? '—'}
        </p>
        <p className="break-all">Liên kết: {affiliate.link}</p>
        <p className="mt-2" data-testid="tong-ket">
          {affiliate.totals.clicks} lượt nhấp · {affiliate.totals.orders} đơn · chờ duyệt{' '}
          {formatAmount(affiliate.totals.pending)} · đã duyệt {formatAmount(affiliate.totals.approved)} · đã chi trả{' '}
          {formatAmount(affiliate.totals.paid)} · đã hủy {formatAmount(affiliate.totals.reversed)}
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value={affiliate.status === 'active' ? 'suspend' : 'activate'} />
          <button type="submit" className="rounded-xl border border-slate-300 px-4 py-2" disabled={busy}>
            {affiliate.status === 'active' ? 'Tạm khóa cộng tác viên' : 'Mở lại cộng tác viên'}
          </button>
        </Form>
      </section>

      <section aria-labelledby="chi-tra" className="mb-4 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="chi-tra" className="mb-2 font-semibold">
          Ghi nhận chi trả ({formatAmount(affiliate.totals.approved)} đã duyệt)
        </h2>
        <FormMessage message={payoutState && !payoutState.notice ? payoutState.message || undefined : undefined} />
        <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="payout" />
          <FormField
            label="Mã giao dịch chi trả"
            name="reference"
            required
            defaultValue={payoutState?.values.reference ?? ''}
            error={payoutState?.fields.reference}
          />
          <FormField
            label="Ghi chú"
            name="note"
            defaultValue={payoutState?.values.note ?? ''}
            error={payoutState?.fields.note}
          />
          <button type="submit" className={buttonClass} disabled={busy}>
            Ghi nhận chi trả
          </button>
        </Form>
      </section>

      <h2 className="mb-2 font-semibold">Hoa hồng</h2>
      <Form
        method="get"
        className="mb-3 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[200px_auto]"
      >
        <FilterSelect label="Trạng thái" name="status" value={query.status} options={COMMISSION_STATUS_LABELS} />
        <FilterActions csv={csv} />
      </Form>
      {commissions.items.length === 0 ? (
        <Empty>Chưa có hoa hồng nào khớp bộ lọc.</Empty>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
            {commissions.items.map((item) => (
              <li key={item.id} className="flex items-start gap-3 px-4 py-3">
                {item.status === 'pending' ? (
                  <input
                    type="checkbox"
                    name="ids"
                    value={item.id}
                    id={`hoa-hong-${item.id}`}
                    aria-label={`Chọn hoa hồng đơn ${item.order_code}`}
                    className="mt-1"
                  />
                ) : (
                  <span className="w-[13px]" aria-hidden="true" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{item.courses.join(', ')}</span>
                  <span className="block text-slate-600">
                    Đơn {item.order_code} · {formatAmount(item.base_amount)} · {formatDateTime(item.created_at)}
                  </span>
                </span>
                <span className="font-semibold">{formatAmount(item.amount)}</span>
                <Badge value={item.status} text={item.status_label} />
              </li>
            ))}
          </ul>
          <button type="submit" className={`${buttonClass} mt-3`} disabled={busy}>
            Duyệt hoa hồng đã chọn
          </button>
        </Form>
      )}
      <Pagination page={query.page} limit={query.limit} total={commissions.total} search={location.search} />

      {affiliate.payouts.length > 0 ? (
        <>
          <h2 className="mt-6 mb-2 font-semibold">Các lần chi trả</h2>
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
            {affiliate.payouts.map((payout) => (
              <li key={payout.id} className="px-4 py-2">
                {formatDateTime(payout.created_at)} · {formatAmount(payout.amount)} · {payout.commission_count} hoa hồng
                · {payout.reference}
                {payout.note ? ` · ${payout.note}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
