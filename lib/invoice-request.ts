/**
 * The company invoice a buyer may ask for at checkout (issue 22, decision 0021): checked by the
 * order API (modules/orders) and the checkout page, kept by the invoices module.
 */
import { z } from 'zod';

/** Mã số thuế: 10 digits, or 10 digits, a dash and 3 digits for a branch (chi nhánh). */
export const TAX_CODE_PATTERN = /^\d{10}(-\d{3})?$/;
export const TAX_CODE_MESSAGE =
  'Mã số thuế gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số với chi nhánh (ví dụ 0101234567-001).';

export const invoiceRequestSchema = z
  .object({
    tax_code: z
      .string({ error: 'Vui lòng nhập mã số thuế của công ty.' })
      .trim()
      .min(1, { message: 'Vui lòng nhập mã số thuế của công ty.', abort: true })
      .regex(TAX_CODE_PATTERN, TAX_CODE_MESSAGE),
    company_name: z
      .string({ error: 'Vui lòng nhập tên công ty.' })
      .trim()
      .min(1, 'Vui lòng nhập tên công ty.')
      .max(300, 'Tên công ty tối đa 300 ký tự.'),
    address: z
      .string({ error: 'Vui lòng nhập địa chỉ công ty.' })
      .trim()
      .min(1, 'Vui lòng nhập địa chỉ công ty.')
      .max(400, 'Địa chỉ tối đa 400 ký tự.'),
    email: z
      .string()
      .trim()
      .max(200, 'Email tối đa 200 ký tự.')
      .pipe(z.union([z.literal(''), z.email('Email nhận hóa đơn không hợp lệ.')]))
      .optional(),
  })
  .describe('Xuất hóa đơn công ty: mã số thuế, tên, địa chỉ và email nhận hóa đơn (không bắt buộc)');

export type InvoiceRequest = z.infer<typeof invoiceRequestSchema>;
