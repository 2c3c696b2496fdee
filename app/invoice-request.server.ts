/** The checkout's "Xuất hóa đơn công ty" fields, read and checked on the server (lib/invoice-request.ts). */
import { invoiceRequestSchema, type InvoiceRequest } from '../lib/invoice-request';
import { parseForm, isFormState, type FormState } from './forms.server';

/** The form's field names, kept after an error. */
export const INVOICE_FORM_FIELDS = [
  'invoice_company',
  'invoice_tax_code',
  'invoice_company_name',
  'invoice_address',
  'invoice_email',
];

/** The company details when the box is ticked (undefined otherwise), or the form's errors by field. */
export function readInvoiceRequest(form: FormData): InvoiceRequest | undefined | FormState {
  if (form.get('invoice_company') !== 'on') return undefined;
  const text = (name: string) => String(form.get(name) ?? '');
  const parsed = parseForm(invoiceRequestSchema, {
    tax_code: text('invoice_tax_code'),
    company_name: text('invoice_company_name'),
    address: text('invoice_address'),
    email: text('invoice_email'),
  });
  if (!isFormState(parsed)) return parsed;
  const fields = Object.fromEntries(Object.entries(parsed.fields).map(([key, message]) => [`invoice_${key}`, message]));
  return { ...parsed, message: 'Vui lòng kiểm tra lại thông tin xuất hóa đơn công ty.', fields };
}
