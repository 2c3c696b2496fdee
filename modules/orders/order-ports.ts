/**
 * What checkout asks of the modules that take the money: the payments module (gateways, VietQR,
 * refunds) and carrier billing (subscriptions). Orders declares them and the composition root
 * (modules/services.commerce.ts) fills them with those modules' services, so orders imports neither.
 */
import type { OrderRow, PaymentMethod } from '../../db/schema.ts';
import type { CartLine } from '../cart/index.ts';

/** A method that takes money online: a redirect gateway, or a bank transfer by VietQR. */
export type PaidMethod = Exclude<PaymentMethod, 'free' | 'carrier'>;

export interface OrderPayments {
  /** Refuses (in Vietnamese) a method that is off or cannot carry this amount. */
  requireMethod(method: string, amount?: number): void;
  /** Starts paying the order: the gateway's page, or our VietQR page. */
  start(order: OrderRow, method: PaidMethod, clientIp: string, returnOrigin?: string): Promise<string>;
  /** The refund the learner's order page shows, if the gateway accepted one. */
  describeRefund(
    order: OrderRow,
  ): Promise<{ amount: number; processing: boolean; refunded_at: string; late_payment: boolean } | null>;
}

/** Carrier billing's first charge; `Plan`: what it prepared for the order, handed back to charge it. */
export interface OrderCarrierBilling<Plan> {
  prepare(
    userId: number,
    items: CartLine[],
    input: { consent?: boolean | undefined; promotion_code?: string | undefined },
  ): Promise<Plan>;
  /** Charges at once; `pending` when the operator has not confirmed yet (the notice says so). */
  chargeOrder(order: OrderRow, plan: Plan): Promise<{ pending: true; notice: string } | { pending: false }>;
}
