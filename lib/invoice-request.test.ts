import { describe, expect, it } from 'vitest';
import { invoiceRequestSchema, TAX_CODE_MESSAGE } from './invoice-request.ts';

const company = { tax_code: '0101234567', company_name: 'Công ty Cổ phần Sách Việt', address: '1 Tràng Tiền, Hà Nội' };

describe('the company invoice request', () => {
  it('takes a 10-digit tax code, or a branch code of 10 digits, a dash and 3 digits', () => {
    expect(invoiceRequestSchema.parse(company).tax_code).toBe('0101234567');
    expect(invoiceRequestSchema.parse({ ...company, tax_code: ' 0101234567-002 ' }).tax_code).toBe('0101234567-002');
    expect(invoiceRequestSchema.parse({ ...company, email: '' }).email).toBe('');
  });

  it.each(['010123456', '01012345678', '0101234567-01', '0101234567002', 'MST0101234', '0101234567-0021'])(
    'refuses %s with the Vietnamese rule',
    (taxCode) => {
      const result = invoiceRequestSchema.safeParse({ ...company, tax_code: taxCode });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TAX_CODE_MESSAGE);
    },
  );

  it('asks for the name and address and checks the e-mail', () => {
    const result = invoiceRequestSchema.safeParse({ tax_code: '', company_name: '  ', address: '', email: 'a@' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Vui lòng nhập mã số thuế của công ty.',
      'Vui lòng nhập tên công ty.',
      'Vui lòng nhập địa chỉ công ty.',
      'Email nhận hóa đơn không hợp lệ.',
    ]);
  });
});
