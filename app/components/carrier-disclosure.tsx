/**
 * The carrier-billing choice on the checkout: the radio, then — only while it is chosen, with or
 * without JavaScript (CSS `peer-checked`) — the disclosure PROTOCOLS.md requires before consent
 * (price, cycle, charging method, provider, hotline, how to register, renew and cancel) and the
 * explicit consent checkbox the server insists on.
 */
import type { Disclosure } from '../../modules/subscriptions/subscription-messages';

export function CarrierChoice({
  disclosure,
  checked,
  consented,
  error,
}: {
  disclosure: Disclosure;
  checked: boolean;
  consented: boolean;
  error?: string | undefined;
}) {
  const rows: [string, string][] = [
    ['Gói cước', `${disclosure.package_label} (mã ${disclosure.sms_code})`],
    ['Giá', disclosure.price_text],
    ['Chu kỳ trừ tiền', disclosure.cycle_text],
    ['Đầu số dịch vụ', disclosure.short_code],
    ['Hình thức thanh toán', `${disclosure.charging_method} ${disclosure.carrier}`],
    ['Nhà cung cấp', disclosure.provider],
    ['Đăng ký', disclosure.register],
    ['Gia hạn', disclosure.renew],
    ['Hủy gói', disclosure.cancel],
    ['Hotline', disclosure.hotline],
  ];
  return (
    <div className="py-1.5">
      <input
        type="radio"
        name="payment_method"
        value="carrier"
        id="pttt-carrier"
        defaultChecked={checked}
        className="peer mr-2"
      />
      <label htmlFor="pttt-carrier">Trừ tiền tài khoản di động {disclosure.carrier} (gia hạn tự động)</label>
      <section
        aria-label="Điều khoản gói cước"
        data-testid="carrier-disclosure"
        className="mt-2 hidden rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm peer-checked:block"
      >
        <h3 className="mb-2 font-semibold">Thông tin trước khi đăng ký</h3>
        <dl className="space-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[8.5rem_1fr] gap-2">
              <dt className="text-slate-700">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-slate-700">{disclosure.free_note}</p>
        <label className="mt-3 flex items-start gap-2">
          <input
            type="checkbox"
            name="consent"
            value="on"
            defaultChecked={consented}
            className="mt-1"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'dong-y-loi' : undefined}
          />
          <span>
            Tôi đã đọc và đồng ý đăng ký {disclosure.package_label}, giá {disclosure.price_text}, trừ vào tài khoản di
            động và tự động gia hạn cho tới khi tôi hủy.
          </span>
        </label>
        {error ? (
          <p id="dong-y-loi" className="mt-1 text-red-700">
            {error}
          </p>
        ) : null}
      </section>
    </div>
  );
}
