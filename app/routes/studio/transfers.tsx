/**
 * Studio → Chuyển khoản: the bank credits a person must look at (no order found in the note,
 * under-paid, over-paid with the excess to send back, refund queued) or all of them, the
 * manual match of an unmatched credit to an order (admins; audited as `transfer.match`), and
 * "Đối soát sao kê": the reconciliation runs, "Đối soát ngay" and the statement file upload.
 */
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { formatAmount } from '../../../lib/format/money';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { StatementRuns } from '../../components/studio/statement-runs';
import { Badge, buttonClass, Empty, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { runForm, type FormState } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { notFound, readPage } from '../../not-found.server';
import type { Route } from './+types/transfers';

const LIMIT = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'orders.read');
  const admin = context.services.transfersAdmin;
  if (!admin) notFound(request);
  const url = new URL(request.url);
  const view = url.searchParams.get('view') === 'tat-ca' ? ('tat-ca' as const) : ('can-xu-ly' as const);
  const page = readPage(url);
  const [result, runs] = await Promise.all([admin.list({ page, limit: LIMIT, view }), admin.runs()]);
  return { ...result, runs, page, view, canMatch: viewer.role === 'admin' };
}

const STATEMENT_MAX_BYTES = 2_000_000;
type Admin = NonNullable<Route.ActionArgs['context']['services']['transfersAdmin']>;

/** "Đối soát ngay" and the statement file upload. */
async function reconcile(admin: Admin, actor: Parameters<Admin['match']>[0], form: FormData) {
  const intent = String(form.get('intent'));
  const state = (notice: string) => ({ intent: 'statement', notice, message: '', fields: {}, values: {} }) as FormState;
  const counts = (run: { listed: number; recorded: number; known: number; unmatched: number }) =>
    `${run.listed} giao dịch trong sao kê, ${run.recorded} mới ghi nhận, ${run.known} đã biết` +
    (run.unmatched > 0 ? `, ${run.unmatched} chưa khớp đơn` : '');
  if (intent === 'reconcile') {
    return runForm({}, async () => state(`Đã đối soát: ${counts(await admin.reconcileNow(actor))}.`), 'statement');
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0)
    return { intent: 'statement', message: 'Hãy chọn tệp sao kê (.csv).', fields: {}, values: {} } as FormState;
  if (file.size > STATEMENT_MAX_BYTES)
    return { intent: 'statement', message: 'Tệp sao kê quá lớn (tối đa 2 MB).', fields: {}, values: {} } as FormState;
  const text = await file.text();
  return runForm(
    {},
    async () => {
      const run = await admin.importStatement(actor, file.name, text);
      const debits = run.debits > 0 ? ` (bỏ qua ${run.debits} dòng ghi nợ)` : '';
      return state(`Đã đọc tệp ${file.name}: ${counts(run)}${debits}.`);
    },
    'statement',
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'orders.refund');
  const admin = context.services.transfersAdmin;
  if (!admin) notFound(request);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'reconcile' || intent === 'import') return reconcile(admin, { viewer, ip: context.clientIp }, form);
  const id = Number(form.get('id'));
  const orderCode = String(form.get('order_code') ?? '').trim();
  const key = `match-${id}`;
  if (!orderCode) {
    return { intent: key, message: 'Vui lòng nhập mã đơn hàng.', fields: {}, values: {} } as FormState;
  }
  return runForm(
    { order_code: orderCode },
    async () => {
      const credit = await admin.match({ viewer, ip: context.clientIp }, id, orderCode);
      const notice = `Đã gán giao dịch ${credit.transaction_id} cho đơn ${credit.order_code}: ${credit.state_label.toLowerCase()}.`;
      return { intent: key, notice, message: '', fields: {}, values: {} } as FormState;
    },
    key,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Chuyển khoản — Studio' });

export default function StudioTransfers({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, view, canMatch, runs } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state !== 'idle';
  const result = actionData as (FormState & { notice?: string }) | undefined;
  return (
    <div>
      <PageTitle title="Chuyển khoản ngân hàng (VietQR)" />
      <nav className="mb-4 flex gap-4 text-sm" aria-label="Bộ lọc">
        <Link
          to="?view=can-xu-ly"
          aria-current={view === 'can-xu-ly' ? 'page' : undefined}
          className="inline-flex min-h-6 items-center py-1 underline"
        >
          Cần xử lý
        </Link>
        <Link
          to="?view=tat-ca"
          aria-current={view === 'tat-ca' ? 'page' : undefined}
          className="inline-flex min-h-6 items-center py-1 underline"
        >
          Tất cả
        </Link>
      </nav>
      <FormMessage message={result?.intent === 'statement' ? undefined : result?.notice} tone="success" />
      <p className="mb-2 text-sm text-slate-700">{total} giao dịch</p>
      {items.length === 0 ? (
        <Empty>
          {view === 'can-xu-ly' ? 'Không có giao dịch nào cần xử lý.' : 'Chưa có giao dịch chuyển khoản nào.'}
        </Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white" data-testid="credits">
          {items.map((credit) => {
            const failure = result?.intent === `match-${credit.id}` && result.message ? result : null;
            return (
              <li key={credit.id} className="grid gap-2 px-4 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">{formatAmount(credit.amount)}</span>
                  <Badge value={credit.state} text={credit.state_label} />
                </div>
                <p className="text-sm break-words text-slate-800">“{credit.note}”</p>
                <p className="text-xs text-slate-600">
                  {credit.transaction_id} · {formatDateTime(credit.booked_at)}
                  {credit.sender ? ` · ${credit.sender}` : ''}
                  {credit.order_code ? (
                    <>
                      {' · đơn '}
                      <Link to={`/studio/don-hang/${credit.order_code}`} className="underline">
                        {credit.order_code}
                      </Link>
                    </>
                  ) : null}
                  {credit.excess > 0 ? ` · thừa ${formatAmount(credit.excess)} cần hoàn` : ''}
                  {credit.matched_by ? ` · gán bởi ${credit.matched_by}` : ''}
                  {credit.source !== 'webhook' ? ` · ${credit.source_label.toLowerCase()}` : ''}
                </p>
                {credit.state === 'unmatched' && canMatch ? (
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="id" value={credit.id} />
                    <label className="grow text-sm">
                      <span className="mb-1 block font-medium">Mã đơn hàng</span>
                      <input
                        name="order_code"
                        required
                        autoComplete="off"
                        placeholder="KT20261126ABCDEF"
                        defaultValue={failure?.values.order_code ?? ''}
                        className={inputClass}
                        aria-invalid={failure ? true : undefined}
                      />
                    </label>
                    <button type="submit" className={buttonClass} disabled={busy}>
                      Gán cho đơn
                    </button>
                    <FormMessage message={failure?.fields.order_code ?? failure?.message} />
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} limit={LIMIT} total={total} search={location.search} />
      <StatementRuns
        automatic={runs.automatic}
        everyMinutes={runs.every_minutes}
        windowMinutes={runs.window_minutes}
        items={runs.items}
        canRun={canMatch}
        result={result?.intent === 'statement' ? result : null}
      />
    </div>
  );
}
