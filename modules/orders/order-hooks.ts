/**
 * What other modules may add to an order's life without the orders module knowing them (the
 * affiliates: attribution at checkout, the commission at completion, its reversal at refund).
 * Each runs inside the transaction of its step, so it commits or rolls back with it.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface OrderHooks {
  /** The order was just inserted; `referral` is the buyer's referral cookie, if any. */
  placed?(
    trx: Transaction<Database>,
    order: { id: number; userId: number },
    referral: string | undefined,
  ): Promise<void>;
  /** The order just became completed (exactly once, whatever replays the payment notice). */
  completed?(trx: Transaction<Database>, orderId: number): Promise<void>;
  /** The order just became refunded. */
  refunded?(trx: Transaction<Database>, orderId: number): Promise<void>;
}
