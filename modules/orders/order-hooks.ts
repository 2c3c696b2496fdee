/**
 * What other modules may add to an order's life without the orders module knowing them (the
 * affiliates: attribution at checkout, the commission at completion, its reversal at refund).
 * Each runs inside the transaction of its step, so it commits or rolls back with it.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The company invoice a buyer asked for at checkout (validated by the order API's schema). */
export interface CompanyInvoiceRequest {
  tax_code: string;
  company_name: string;
  address: string;
  email?: string | undefined;
}

export interface OrderHooks {
  /**
   * The order was just inserted; `cookies`: the buyer's Cookie header at checkout, if any (the
   * affiliates module reads its referral cookie from it: orders knows no cookie of another module).
   */
  placed?(
    trx: Transaction<Database>,
    order: { id: number; userId: number; invoice?: CompanyInvoiceRequest | undefined },
    cookies: string | undefined,
  ): Promise<void>;
  /** The order just became completed (exactly once, whatever replays the payment notice). */
  completed?(trx: Transaction<Database>, orderId: number): Promise<void>;
  /** The order just became refunded; `amount`: how much went back (VND). */
  refunded?(trx: Transaction<Database>, orderId: number, amount?: number): Promise<void>;
}

/** Several modules' hooks as one: each step runs them in order, in the same transaction. */
export function combineOrderHooks(...all: OrderHooks[]): OrderHooks {
  return {
    async placed(trx, order, cookies) {
      for (const hooks of all) await hooks.placed?.(trx, order, cookies);
    },
    async completed(trx, orderId) {
      for (const hooks of all) await hooks.completed?.(trx, orderId);
    },
    async refunded(trx, orderId, amount) {
      for (const hooks of all) await hooks.refunded?.(trx, orderId, amount);
    },
  };
}
