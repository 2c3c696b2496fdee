/**
 * The payments module's tables (issue 5): attempts, raw gateway callbacks and query answers, refunds, composed into
 * db/schema.ts.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Flag, Timestamp } from '../../kernel/db/columns.ts';
import type { PaymentMethod } from '../orders/orders.table.ts';

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  gateway: PaymentMethod;
  /** The reference sent to the gateway (MoMo orderId, vpc_MerchTxnRef, vnp_TxnRef): one per attempt. */
  request_id: string;
  amount: number;
  status: ColumnType<'pending' | 'succeeded' | 'failed', 'pending' | 'succeeded' | 'failed' | undefined>;
  gateway_txn_id: string | null;
  result_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentNotificationsTable {
  id: Generated<number>;
  payment_id: number | null;
  gateway: string;
  channel: 'ipn' | 'return' | 'app';
  /** The raw callback as received (JSON body or query string). */
  payload: string;
  signature_valid: Flag;
  outcome: string;
  created_at: Timestamp;
}

export type RefundStatus = 'pending' | 'processing' | 'succeeded' | 'refused';

/** A refund asked of a gateway: `pending` while the call runs, then its answer. */
export interface PaymentRefundsTable {
  id: Generated<number>;
  payment_id: number;
  order_id: number;
  /** Our reference sent to the gateway (MoMo's new orderId, vpc_MerchTxnRef, vnp_RequestId). */
  request_id: string;
  amount: number;
  reason: string;
  /** Who asked (the studio user, or `cli:<os user>`). */
  actor: string;
  /** processing: the gateway accepted it and is still paying it back. */
  status: RefundStatus;
  /** The gateway's reference for the refund. */
  gateway_ref: string | null;
  result_code: string | null;
  message: string | null;
  /** The gateway's answer as received (JSON). */
  raw: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One answer of a gateway to a query (QueryDR) about a payment attempt, stored raw. */
export interface PaymentQueriesTable {
  id: Generated<number>;
  payment_id: number;
  gateway: string;
  /** paid, pending, failed, not_found, or error (the gateway could not answer). */
  status: string;
  result_code: string | null;
  /** The raw answer as JSON (or the error message). */
  payload: string;
  created_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface PaymentsTables {
  payments: PaymentsTable;
  payment_notifications: PaymentNotificationsTable;
  payment_refunds: PaymentRefundsTable;
  payment_queries: PaymentQueriesTable;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentRefundRow = Selectable<PaymentRefundsTable>;
