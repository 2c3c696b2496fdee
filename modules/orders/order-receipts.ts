/**
 * The paid order's receipt message on Zalo (decision 0023): when the `order_paid` ZNS template is
 * configured, a paid order's buyer gets it on Zalo, or by SMS when the number has no Zalo or Zalo
 * fails (the outbox's fallback). Without the template nothing is sent: the learner has the in-app
 * notice and the order page, as before, and no operator pays an SMS per order it did not ask for.
 * Free orders get no receipt (nothing was paid). Sent by the one caller that completed the order, so
 * once per order whatever replays the payment notice.
 */
import type { OrderRow } from '../../db/schema.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { stripVietnameseMarks } from '../../lib/text/fold.ts';

/** The messaging operations a receipt needs (modules/messaging), passed in by the composition root. */
export interface ReceiptChannel {
  hasTemplate(kind: 'order_paid'): boolean;
  sendSms(
    to: string,
    text: string,
    options: { template: { kind: 'order_paid'; data: Record<string, string> } },
  ): Promise<void>;
}

export interface OrderReceipts {
  paid(order: Pick<OrderRow, 'code' | 'total' | 'user_id'>): Promise<void>;
}

export function createOrderReceipts(deps: {
  channel: ReceiptChannel;
  /** The buyer's phone number, or null when the account has none. */
  phoneOf(userId: number): Promise<string | null>;
  siteName: string;
  publicUrl: string;
}): OrderReceipts {
  return {
    async paid(order) {
      if (order.total <= 0 || !deps.channel.hasTemplate('order_paid')) return;
      const phone = await deps.phoneOf(order.user_id);
      if (!phone) return;
      const amount = formatMoney(order.total);
      // Without marks, as every SMS of the product (GSM-7: one segment carries more).
      const text = stripVietnameseMarks(
        `${deps.siteName}: Đơn hàng ${order.code} (${amount}) đã thanh toán thành công. Vào học tại ${deps.publicUrl}/tai-khoan/khoa-hoc-cua-toi`,
      );
      await deps.channel.sendSms(phone, text, {
        template: { kind: 'order_paid', data: { order_code: order.code, amount, total: String(order.total) } },
      });
    },
  };
}
