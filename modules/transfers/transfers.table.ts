/**
 * The transfers module's tables (migrations 2026-11-26T0710-bank-transfers and
 * 2026-11-26T2150-bank-statement-runs), composed into db/schema.ts: every credit the bank notified
 * or its statement listed, once per bank transaction id, with what matching made of it; and the
 * reconciliation runs against the statement.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Counter, NullableTimestamp, Timestamp } from '../../kernel/db/columns.ts';

/**
 * received: being matched (a crash leaves it here: the studio lists it);
 * matched: it paid an order (with earlier under-paid credits of the same order, if any);
 * underpaid: the order still misses money; overpaid: it paid an order and `excess` is to refund;
 * refund_queued: the order could not be fulfilled (late and no longer sold, already paid…): the
 * payment's refund is on the payments module's refund list; unmatched: no order found in the note.
 */
export type BankCreditState = 'received' | 'matched' | 'underpaid' | 'overpaid' | 'refund_queued' | 'unmatched';

/** How the credit reached us: the bank's webhook, the statement job, or a statement file uploaded in the studio. */
export type BankCreditSource = 'webhook' | 'statement' | 'import';

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
  source: ColumnType<BankCreditSource, BankCreditSource | undefined, BankCreditSource>;
  /** Who matched it by hand in the studio, if anyone. */
  matched_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type BankCreditRow = Selectable<BankCreditsTable>;

/** job: the periodic job; manual: "Đối soát ngay" in the studio; import: a statement file uploaded. */
export type StatementRunKind = 'job' | 'manual' | 'import';

export interface BankStatementRunsTable {
  id: Generated<number>;
  kind: StatementRunKind;
  /** The statement window asked for (a file: its first and last booking times). */
  window_from: Timestamp;
  window_to: Timestamp;
  file_name: string | null;
  /** Credits the statement listed; of them, newly recorded, already known, and left unmatched (new ones only). */
  listed: Counter;
  recorded: Counter;
  known: Counter;
  unmatched: Counter;
  /** Why the run stopped (the bank's statement could not be read), if it did. */
  error: string | null;
  /** The studio user who ran it; null for the job. */
  started_by: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export type BankStatementRunRow = Selectable<BankStatementRunsTable>;

export interface TransfersTables {
  bank_credits: BankCreditsTable;
  bank_statement_runs: BankStatementRunsTable;
}
