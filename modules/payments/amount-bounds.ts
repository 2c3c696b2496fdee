/**
 * The amounts each gateway accepts for one payment, in đồng (README, "Gateway amount bounds"):
 * - MoMo: 1.000đ–50.000.000đ (AIO v2 create, shared/vectors/PROTOCOLS.md);
 * - VNPay: 5.000đ to under 1 billion đồng (its sandbox refuses anything else with "Số tiền giao
 *   dịch không hợp lệ. Số tiền hợp lệ từ 5,000 đến dưới 1 tỷ đồng"; community consensus);
 * - OnePay (domestic and international cards): no published minimum; vpc_Amount (× 100) is at
 *   most 10 digits, so 99.999.999đ at most; we ask 10.000đ at least (our choice: a smaller card
 *   payment costs more in fees than it brings, until the merchant contract says otherwise).
 * - ZaloPay: 1.000đ–50.000.000đ per payment (the limits its acquirers publish for the wallet; community
 *   consensus, docs/decisions/0017-zalopay.md).
 * Checkout shows a method that cannot take the total as disabled with the reason; the server
 * refuses it with the same sentence. Pure code: the checkout page imports it too.
 */
import { formatMoney } from '../../lib/format/money.ts';
import type { GatewayMethod } from './gateway.ts';

export interface AmountBounds {
  min: number;
  max: number;
}

export const GATEWAY_AMOUNT_BOUNDS: Record<GatewayMethod, AmountBounds> = {
  momo: { min: 1_000, max: 50_000_000 },
  vnpay: { min: 5_000, max: 999_999_999 },
  onepay_domestic: { min: 10_000, max: 99_999_999 },
  onepay_international: { min: 10_000, max: 99_999_999 },
  zalopay: { min: 1_000, max: 50_000_000 },
};

/** The gateway's short name in the sentences below. */
export const GATEWAY_SHORT_NAME: Record<GatewayMethod, string> = {
  momo: 'MoMo',
  vnpay: 'VNPay',
  onepay_domestic: 'Thẻ ATM nội địa (OnePay)',
  onepay_international: 'Thẻ quốc tế (OnePay)',
  zalopay: 'ZaloPay',
};

/** "MoMo nhận từ 1.000đ đến 50.000.000đ" when `amount` is outside the gateway's bounds, else null. */
export function amountRefusal(method: GatewayMethod, amount: number): string | null {
  const { min, max } = GATEWAY_AMOUNT_BOUNDS[method];
  if (amount >= min && amount <= max) return null;
  return `${GATEWAY_SHORT_NAME[method]} nhận từ ${formatMoney(min)} đến ${formatMoney(max)}`;
}

/**
 * Bank transfers by VietQR (NAPAS 24/7): from 2.000đ (below it a transfer costs more than it brings)
 * to 499.999.999đ, the interbank 24/7 limit of one transfer.
 */
export const TRANSFER_AMOUNT_BOUNDS: AmountBounds = { min: 2_000, max: 499_999_999 };

/** The reason a transfer cannot take `amount`, else null. */
export function transferAmountRefusal(amount: number): string | null {
  const { min, max } = TRANSFER_AMOUNT_BOUNDS;
  if (amount >= min && amount <= max) return null;
  return `Chuyển khoản ngân hàng nhận từ ${formatMoney(min)} đến ${formatMoney(max)}`;
}
