/** The invoice as the API shows it (the company request at checkout: lib/invoice-request.ts). */
import { z } from 'zod';
import { pageQuery } from '../../kernel/http/index.ts';

export const INVOICE_STATE_LABELS = {
  pending: 'Đang xuất hóa đơn',
  issued: 'Đã xuất hóa đơn',
  failed: 'Hóa đơn đang được xuất lại',
} as const;

export const invoiceViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['original', 'adjustment']).describe('original: at payment; adjustment: a refund (negative amounts)'),
  state: z.enum(['pending', 'issued', 'failed']),
  state_label: z.string(),
  template: z.string().nullable().describe('Ký hiệu mẫu số, e.g. "1"'),
  series: z.string().nullable().describe('Ký hiệu hóa đơn, e.g. "C26TKT"'),
  number: z.number().int().nullable(),
  lookup_code: z.string().nullable(),
  issued_at: z.string().nullable(),
  amount_before_vat: z.number().int(),
  vat_rate: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  buyer_kind: z.enum(['personal', 'company']),
  buyer_name: z.string().nullable(),
  buyer_tax_code: z.string().nullable(),
  pdf_url: z.string().nullable().describe('Only when issued; served to the order owner only'),
});

export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** The studio's list: `?state=` (failed first without it), paged. */
export const adminInvoicesQuery = pageQuery.extend({
  state: z.enum(['pending', 'issued', 'failed'], { error: 'Trạng thái hóa đơn không hợp lệ.' }).optional(),
});

export const reissueBody = z.object({
  id: z.coerce
    .number({ error: 'Mã hóa đơn không hợp lệ.' })
    .int('Mã hóa đơn không hợp lệ.')
    .positive('Mã hóa đơn không hợp lệ.'),
});

export const adminInvoiceSchema = invoiceViewSchema.omit({ pdf_url: true }).extend({
  order_code: z.string(),
  user_id: z.number().int(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});

export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;
