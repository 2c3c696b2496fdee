/** The subscriptions module's tables (issue 5, part 5: carrier billing), composed into db/schema.ts. */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Counter, Timestamp } from '../../kernel/db/columns.ts';

export type SubscriptionStatus = 'pending' | 'active' | 'cancelled' | 'suspended' | 'failed';
export type CarrierChargeStatus = 'pending' | 'success' | 'insufficient_balance' | 'timeout' | 'error';

/** A learner's carrier-billed package: one row per learner and package, reused when they subscribe again. */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  pod_id: number;
  course_id: number;
  /** The order of the latest (re)subscription; its enrolments are the ones renewals extend. */
  order_id: number | null;
  msisdn: string;
  price: number;
  cycle: number;
  status: SubscriptionStatus;
  current_period_start: Timestamp | null;
  current_period_end: Timestamp | null;
  /** When the renewal job charges next (null when renewals are stopped). */
  next_charge_at: Timestamp | null;
  /** Failed renewal attempts in the current period. */
  retry_count: Counter;
  next_reminder_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  suspended_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One charge attempt on the operator; `reference` is its idempotency key. */
export interface CarrierChargesTable {
  id: Generated<number>;
  reference: string;
  kind: 'subscribe' | 'renewal';
  subscription_id: number | null;
  order_id: number | null;
  msisdn: string;
  amount: number;
  status: ColumnType<CarrierChargeStatus, CarrierChargeStatus | undefined, CarrierChargeStatus>;
  operator_txn_id: string | null;
  detail: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An SMS the operator forwarded to the webhook, stored raw; one row per operator message id. */
export interface CarrierSmsInboundTable {
  id: Generated<number>;
  message_id: string;
  msisdn: string;
  text: string;
  payload: string;
  outcome: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface SubscriptionsTables {
  subscriptions: SubscriptionsTable;
  carrier_charges: CarrierChargesTable;
  carrier_sms_inbound: CarrierSmsInboundTable;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type CarrierChargeRow = Selectable<CarrierChargesTable>;
