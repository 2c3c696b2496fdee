/**
 * The gateways at checkout: one a radio each, disabled with the reason when it cannot take the
 * total (amount-bounds.ts); a total of 0 needs none (a free order). Remounted when the total
 * changes (a promotion applied), so the first method that can take it is the one chosen.
 */
import { amountRefusal, transferAmountRefusal } from '../../modules/payments/amount-bounds';
import type { GatewayMethod } from '../../modules/payments/gateway';

export interface GatewayOption {
  value: GatewayMethod | 'vietqr';
  label: string;
}

export function GatewayChoices(props: {
  methods: readonly GatewayOption[];
  total: number;
  /** The method the learner chose before (a form sent back), if any. */
  selected?: string | undefined;
  /** Nothing chosen by default (the carrier's SMS-only package is; `selected` = carrier does the same). */
  preferNone?: boolean;
}) {
  const { methods, total, selected, preferNone } = props;
  if (total === 0) {
    return (
      <p className="py-1.5 text-sm text-slate-700" data-testid="free-order">
        <input type="hidden" name="payment_method" value="free" />
        Đơn hàng miễn phí: không cần thanh toán, khóa học được kích hoạt ngay khi bạn xác nhận.
      </p>
    );
  }
  const options = methods.map((method) => ({
    ...method,
    refusal: method.value === 'vietqr' ? transferAmountRefusal(total) : amountRefusal(method.value, total),
  }));
  const firstOpen = options.find((option) => !option.refusal)?.value;
  const chosen = options.some((option) => option.value === selected && !option.refusal) ? selected : undefined;
  const noDefault = preferNone || selected === 'carrier';
  return (
    <>
      {options.map((option) => (
        <label
          key={`${option.value}-${total}`}
          className={`flex min-h-11 items-center gap-2 py-1.5 ${option.refusal ? 'text-slate-500' : ''}`}
        >
          <input
            type="radio"
            name="payment_method"
            value={option.value}
            disabled={option.refusal !== null}
            aria-describedby={option.refusal ? `gioi-han-${option.value}` : undefined}
            defaultChecked={chosen ? chosen === option.value : !noDefault && option.value === firstOpen}
          />
          <span>
            {option.label}
            {option.refusal ? (
              <span id={`gioi-han-${option.value}`} className="block text-xs" data-testid="method-refusal">
                {option.refusal}
              </span>
            ) : null}
          </span>
        </label>
      ))}
      {options.length > 0 && firstOpen === undefined ? (
        <p className="text-sm text-red-700">
          Không cổng thanh toán nào nhận số tiền này. Bạn có thể bỏ mã giảm giá hoặc thêm khóa học vào đơn.
        </p>
      ) : null}
    </>
  );
}
