import { Form, Link, useLocation, useNavigation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { formatAmount } from '../../../lib/format/money';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import type { FormAnswer } from '../../components/studio/people-forms';
import { Badge, buttonClass, Empty, FilterActions, FilterSelect, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { adminInvoicesQuery, INVOICE_STATE_LABELS, mayReissue, reissueBody } from '../../invoices.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/invoices';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'orders.read');
  const { query } = readListQuery(adminInvoicesQuery, request, '/api/admin/invoices.json');
  const result = await context.services.invoicesAdmin.list(query);
  return { ...result, query, canReissue: mayReissue(request, context), stateOptions: INVOICE_STATE_LABELS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'orders.refund');
  const form = await request.formData();
  const values = keepValues(form, ['id']);
  const intent = `reissue-${values.id}`;
  const parsed = parseForm(reissueBody, Object.fromEntries(form));
  if (isFormState(parsed)) return formError(parsed, values, 400, intent);
  return runForm(
    values,
    async () => {
      await context.services.invoicesAdmin.reissue({ viewer, ip: context.clientIp }, parsed.id);
      return { intent, notice: 'Đã gửi lại hóa đơn cho nhà cung cấp.', message: '', fields: {}, values: {} };
    },
    intent,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Hóa đơn điện tử — Studio' });

export default function StudioInvoices({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, failed, query, canReissue, stateOptions } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const pendingId = navigation.state !== 'idle' ? navigation.formData?.get('id') : null;
  return (
    <div>
      <PageTitle title="Hóa đơn điện tử" />
      <p className="mb-3 text-sm text-slate-700">
        Mỗi đơn hàng đã thanh toán có một hóa đơn, lập khi nhận tiền; hoàn tiền lập hóa đơn điều chỉnh giảm. Hóa đơn lỗi
        được tự động xuất lại; {failed > 0 ? `hiện có ${failed} hóa đơn lỗi.` : 'hiện không có hóa đơn lỗi.'}
      </p>
      <FormMessage message={answer?.notice} tone="success" />
      <Form method="get" className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-2">
        <FilterSelect label="Trạng thái" name="state" value={query.state} options={stateOptions} />
        <FilterActions />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} hóa đơn</p>
      {items.length === 0 ? (
        <Empty>Không có hóa đơn nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {items.map((invoice) => {
            const mine = answer?.intent === `reissue-${invoice.id}` ? answer : undefined;
            return (
              <li key={invoice.id} className="px-4 py-3" aria-labelledby={`hoa-don-${invoice.id}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p id={`hoa-don-${invoice.id}`} className="font-medium">
                    {invoice.kind === 'adjustment' ? 'Điều chỉnh giảm' : 'Hóa đơn'}{' '}
                    {invoice.number !== null ? `${invoice.template}${invoice.series} số ${invoice.number}` : ''} · đơn{' '}
                    <Link to={`/studio/don-hang/${invoice.order_code}`} className="underline">
                      {invoice.order_code}
                    </Link>
                  </p>
                  <Badge value={invoice.state === 'issued' ? 'completed' : invoice.state} text={invoice.state_label} />
                </div>
                <p className="text-slate-600">
                  {`${formatAmount(invoice.total)} · ${invoice.buyer_kind === 'company' ? `công ty ${invoice.buyer_name ?? ''} (MST ${invoice.buyer_tax_code ?? ''})` : `cá nhân ${invoice.buyer_name ?? ''}`} · ${invoice.attempts} lần gửi · tạo lúc ${formatDateTime(invoice.created_at)}`}
                  {invoice.issued_at ? ` · xuất lúc ${formatDateTime(invoice.issued_at)}` : ''}
                </p>
                {invoice.lookup_code ? <p className="text-slate-600">Mã tra cứu: {invoice.lookup_code}</p> : null}
                {invoice.state !== 'issued' && invoice.last_error ? (
                  <p className="my-1 whitespace-pre-wrap break-words text-red-800">{invoice.last_error}</p>
                ) : null}
                <FormMessage message={!mine?.notice ? mine?.message : undefined} />
                {canReissue && invoice.state !== 'issued' ? (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="id" value={invoice.id} />
                    <button type="submit" className={buttonClass} disabled={pendingId === String(invoice.id)}>
                      {pendingId === String(invoice.id) ? 'Đang gửi…' : 'Xuất lại'}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
