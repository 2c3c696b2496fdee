/** Small pieces shared by the studio pages: page title, empty state, status badge, labels. */
import { Link } from 'react-router';

export const METHOD_TEXT: Record<string, string> = {
  momo: 'MoMo',
  onepay_domestic: 'OnePay nội địa',
  onepay_international: 'OnePay quốc tế',
  vnpay: 'VNPay',
  zalopay: 'ZaloPay',
  vietqr: 'Chuyển khoản (VietQR)',
  carrier: 'Trừ tiền tài khoản di động',
  free: 'Miễn phí',
};

/** A payment attempt's state, as the studio says it. */
export const PAYMENT_STATUS_TEXT: Record<string, string> = {
  pending: 'Đang chờ',
  succeeded: 'Thành công',
  failed: 'Thất bại',
};

export const USER_STATUS_TEXT: Record<string, string> = {
  pending: 'Chưa kích hoạt',
  active: 'Hoạt động',
  locked: 'Đã khóa',
};

const TONES: Record<string, string> = {
  completed: 'bg-emerald-50 text-emerald-800',
  active: 'bg-emerald-50 text-emerald-800',
  pending: 'bg-amber-50 text-amber-900',
  refunded: 'bg-sky-50 text-sky-900',
  locked: 'bg-red-50 text-red-800',
  failed: 'bg-red-50 text-red-800',
};

export function Badge({ value, text }: { value: string; text?: string | undefined }) {
  return (
    <span
      data-testid="status"
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONES[value] ?? 'bg-slate-100 text-slate-800'}`}
    >
      {text ?? value}
    </span>
  );
}

export function PageTitle({ title, back }: { title: string; back?: { to: string; label: string } }) {
  return (
    <div className="mb-4">
      {back ? (
        <Link to={back.to} className={`${textLinkClass} text-sm`}>
          ‹ {back.label}
        </Link>
      ) : null}
      <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
    </div>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
      {children}
    </p>
  );
}

/** A labelled select for list filters. */
export function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string | undefined;
  options: Record<string, string>;
}) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <select
        name={name}
        defaultValue={value ?? ''}
        className="w-full rounded-xl border border-slate-300 bg-white px-3 py-2"
      >
        <option value="">Tất cả</option>
        {Object.entries(options).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A link or text button standing on its own (not inside a sentence): at least 24 px tall to tap. */
export const textLinkClass = 'inline-flex min-h-6 items-center text-brand-700 underline';
export const textDangerButtonClass = 'inline-flex min-h-6 items-center text-sm text-red-800 underline';

export const inputClass = 'w-full rounded-xl border border-slate-300 bg-white px-3 py-2';
export const buttonClass = 'rounded-xl bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800';
export const dangerButtonClass = 'rounded-xl border border-red-300 px-4 py-2 text-red-800';

/** The "Lưu" and delete buttons of an inline edit form (`intent` = update | delete). */
export function SaveDeleteButtons({ deleteLabel = 'Xóa' }: { deleteLabel?: string }) {
  return (
    <div className="flex gap-2">
      <button type="submit" name="intent" value="update" className={buttonClass}>
        Lưu
      </button>
      <button type="submit" name="intent" value="delete" className={dangerButtonClass}>
        {deleteLabel}
      </button>
    </div>
  );
}

/** Raw text (a gateway's callback, an audit summary): scrolls sideways and can be reached by keyboard. */
export function Raw({ children, label }: { children: string; label: string }) {
  return (
    <pre tabIndex={0} aria-label={label} className="mt-1 overflow-x-auto rounded-lg bg-slate-100 p-2 text-xs">
      {children}
    </pre>
  );
}

/** The end of a list's filter form: apply, and export what the filters select as CSV. */
export function FilterActions({ csv }: { csv?: string }) {
  return (
    <div className="flex items-end gap-2">
      <button type="submit" className={buttonClass}>
        Lọc
      </button>
      {csv ? (
        <a href={csv} className="rounded-xl border border-slate-300 px-4 py-2 text-slate-800" download>
          Xuất CSV
        </a>
      ) : null}
    </div>
  );
}
