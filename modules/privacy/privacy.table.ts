/** The privacy module's tables (migration 2026-11-26T0900-personal-data), composed into db/schema.ts. */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Flag, NullableTimestamp, Timestamp } from '../../kernel/db/columns.ts';

/** What a learner consents to (Law 91/2025/QH15): the service itself needs none to be withdrawn. */
export type ConsentPurpose = 'service' | 'analytics' | 'marketing' | 'messages';
export type DataRequestKind = 'export' | 'deletion';
/**
 * export: pending → processing → completed | failed. deletion: waiting (the learner may cancel) →
 * processing → completed, or cancelled during the wait.
 */
export type DataRequestState = 'pending' | 'waiting' | 'processing' | 'completed' | 'failed' | 'cancelled';
export type BreachState = 'open' | 'notified' | 'closed';

/** Every consent given or withdrawn, never updated: the history is the evidence. */
export interface PrivacyConsentsTable {
  id: Generated<number>;
  user_id: number;
  purpose: ConsentPurpose;
  /** 1 given, 0 withdrawn. */
  granted: Flag;
  policy_version: string;
  /** Who acted: the learner, or a parent confirmed by OTP for a learner under 16. */
  source: 'learner' | 'parent';
  created_at: Timestamp;
}

export interface PrivacyRequestsTable {
  id: Generated<number>;
  user_id: number;
  kind: DataRequestKind;
  state: DataRequestState;
  /** The automatic answer that the request was received (Decree 356: within 2 working days). */
  acknowledged_at: NullableTimestamp;
  /** The law's deadline to complete it. */
  due_at: Timestamp;
  /** A deletion: not before this time (the waiting period, cancellable until then). */
  scheduled_for: NullableTimestamp;
  /** An export: the storage keys of its files (private prefix), set when completed. */
  json_key: string | null;
  html_key: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  completed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A parent's consent for a learner under 16: the parent's phone, confirmed by a one-time code. */
export interface PrivacyParentalConsentsTable {
  id: Generated<number>;
  user_id: number;
  parent_phone: string;
  confirmed_at: NullableTimestamp;
  withdrawn_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A personal-data breach and its notification to the authority (72 hours from detection). */
export interface PrivacyBreachesTable {
  id: Generated<number>;
  title: string;
  description: string;
  detected_at: Timestamp;
  notify_by: Timestamp;
  affected_count: number;
  state: BreachState;
  notified_at: NullableTimestamp;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PrivacyTables {
  privacy_consents: PrivacyConsentsTable;
  privacy_requests: PrivacyRequestsTable;
  privacy_parental_consents: PrivacyParentalConsentsTable;
  privacy_breaches: PrivacyBreachesTable;
}

export type ConsentRow = Selectable<PrivacyConsentsTable>;
export type DataRequestRow = Selectable<PrivacyRequestsTable>;
export type BreachRow = Selectable<PrivacyBreachesTable>;
