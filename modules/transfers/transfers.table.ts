/**
 * The transfers module's table (migration 2026-11-26T0710-bank-transfers), composed into db/schema.ts:
 * every credit the bank notified, once per bank transaction id, with what matching made of it.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../kernel/db/columns.ts';

/**
 * received: being matched (a crash leaves it here: the studio lists it);
 * matched: it paid an order (with earlier under-paid credits of the same order, if any);
 * underpaid: the order still misses money; overpaid: it paid an order and `excess` is to refund;
 * refund_queued: the order could not be fulfilled (late and no longer sold, already paid…): the
 * payment's refund is on the payments module's refund list; unmatched: no order found in the note.
 */
export type BankCreditState = 'received' | 'matched' | 'underpaid' | 'overpaid' | 'refund_queued' | 'unmatched';

export interface BankCreditsTable {
  id: Generated<number>;
  /** The bank's transaction id: unique, so a replayed notification is recorded once. */
  transaction_id: string;
  /** In đồng. */
  amount: number;
  /** The transfer note exactly as the bank sent it. */
  note: string;
  /** The account credited, and who sent the money, when the notifier says. */
  account: string | null;
  sender: string | null;
  /** The notification item as received (JSON). */
  payload: string;
  /** When the bank booked the credit (its own clock), else when we heard of it. */
  booked_at: Timestamp;
  order_id: number | null;
  /** The matched order's code, as the studio shows it. */
  order_code: string | null;
  /** The payment attempt (gateway `vietqr`) the credit counts towards. */
  payment_id: number | null;
  state: ColumnType<BankCreditState, BankCreditState | undefined, BankCreditState>;
  /** Over-payment to send back (state overpaid), in đồng. */
  excess: ColumnType<number, number | undefined, number>;
  /** Who matched it by hand in the studio, if anyone. */
  matched_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type BankCreditRow = Selectable<BankCreditsTable>;

export interface TransfersTables {
  bank_credits: BankCreditsTable;
}
