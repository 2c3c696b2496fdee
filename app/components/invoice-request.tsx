/**
 * "Xuất hóa đơn công ty" at checkout: a checkbox that reveals the company's tax code, name, address
 * and e-mail (CSS only: it works without JavaScript). Without it the invoice is personal, in the
 * account's name. Checked on the server by app/invoice-request.server.ts.
 */
import { FormField } from './form-field';

export function InvoiceRequestFields({
  values,
  errors,
}: {
  values: Record<string, string>;
  errors: Record<string, string> | undefined;
}) {
  return (
    <fieldset className="rounded-2xl border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold">Hóa đơn điện tử</legend>
      <p className="mb-3 text-sm text-slate-600">
        Hóa đơn được xuất ngay khi bạn thanh toán và hiện trong mục Đơn hàng. Mặc định hóa đơn mang tên bạn.
      </p>
      <input
        type="checkbox"
        id="truong-invoice_company"
        name="invoice_company"
        className="peer mr-2"
        defaultChecked={values.invoice_company === 'on'}
      />
      <label htmlFor="truong-invoice_company" className="text-sm font-medium">
        Xuất hóa đơn công ty
      </label>
      <div className="mt-3 hidden peer-checked:block">
        <FormField
          label="Mã số thuế"
          name="invoice_tax_code"
          inputMode="numeric"
          placeholder="0101234567 hoặc 0101234567-001"
          defaultValue={values.invoice_tax_code ?? ''}
          error={errors?.invoice_tax_code}
          hint="10 chữ số; chi nhánh thêm dấu gạch ngang và 3 chữ số."
        />
        <FormField
          label="Tên công ty"
          name="invoice_company_name"
          defaultValue={values.invoice_company_name ?? ''}
          error={errors?.invoice_company_name}
        />
        <FormField
          label="Địa chỉ công ty"
          name="invoice_address"
          defaultValue={values.invoice_address ?? ''}
          error={errors?.invoice_address}
        />
        <FormField
          label="Email nhận hóa đơn (không bắt buộc)"
          name="invoice_email"
          type="email"
          defaultValue={values.invoice_email ?? ''}
          error={errors?.invoice_email}
        />
      </div>
    </fieldset>
  );
}
