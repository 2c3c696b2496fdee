/** "Hóa đơn điện tử" of an order on the learner's order page: number, template and series, lookup code, PDF. */
import { formatDateTime } from '../../lib/format/date';
import { formatAmount } from '../../lib/format/money';
import type { InvoiceView } from '../../modules/invoices';

const TONES: Record<InvoiceView['state'], string> = {
  issued: 'bg-emerald-50 text-emerald-800',
  pending: 'bg-amber-50 text-amber-800',
  failed: 'bg-amber-50 text-amber-800',
};

export function OrderInvoices({ invoices }: { invoices: InvoiceView[] }) {
  if (invoices.length === 0) return null;
  return (
    <section aria-label="Hóa đơn điện tử" data-testid="order-invoices" className="mt-4 border-t border-slate-100 pt-3">
      <h3 className="mb-2 font-semibold">Hóa đơn điện tử</h3>
      <ul className="space-y-3 text-sm">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="rounded-xl bg-slate-50 px-3 py-2">
            <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">
                {invoice.kind === 'adjustment' ? 'Hóa đơn điều chỉnh giảm (hoàn tiền)' : 'Hóa đơn'}
                {invoice.buyer_kind === 'company' && invoice.buyer_tax_code
                  ? ` · ${invoice.buyer_name ?? ''} (MST ${invoice.buyer_tax_code})`
                  : ''}
              </span>
              <span className={`rounded-full px-2 py-0.5 ${TONES[invoice.state]}`}>{invoice.state_label}</span>
            </div>
            {invoice.state === 'issued' ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-slate-600">Ký hiệu mẫu số</dt>
                <dd>{invoice.template}</dd>
                <dt className="text-slate-600">Ký hiệu</dt>
                <dd>{invoice.series}</dd>
                <dt className="text-slate-600">Số hóa đơn</dt>
                <dd data-testid="invoice-number">{invoice.number}</dd>
                <dt className="text-slate-600">Mã tra cứu</dt>
                <dd className="font-mono">{invoice.lookup_code}</dd>
                <dt className="text-slate-600">Ngày lập</dt>
                <dd>{invoice.issued_at ? formatDateTime(invoice.issued_at) : ''}</dd>
                <dt className="text-slate-600">Tổng tiền</dt>
                <dd>
                  {formatAmount(invoice.total)} (thuế GTGT {invoice.vat_rate}%: {formatAmount(invoice.vat)})
                </dd>
              </dl>
            ) : (
              <p className="text-slate-700">
                {invoice.state === 'pending'
                  ? 'Hóa đơn được lập ngay khi nhận thanh toán; vui lòng tải lại trang sau ít phút.'
                  : 'Nhà cung cấp hóa đơn chưa phản hồi; hệ thống tự động xuất lại, bạn không cần làm gì thêm.'}
              </p>
            )}
            {invoice.pdf_url ? (
              <a
                href={invoice.pdf_url}
                className="mt-2 inline-block font-semibold text-blue-700 hover:underline"
                download
              >
                Tải hóa đơn (PDF)
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
