/**
 * The notifications module's tables: a learner's notifications, Web Push subscriptions (issue 8 §3) and the studio's
 * broadcasts (issue 7 §6), composed into db/schema.ts.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Counter, Timestamp } from '../../kernel/db/columns.ts';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: Timestamp | null;
  created_at: Timestamp;
  /** Set on a broadcast's notifications: one per (broadcast, learner), a unique index says so. */
  broadcast_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A browser's Web Push subscription (endpoint + keys), owned by the learner who opted in. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_sent_at: Timestamp | null;
}

export type BroadcastStatus = 'sending' | 'sent' | 'failed';
/** `service`: every targeted learner; `marketing`: only those holding the marketing consent (decision 0024). */
export type BroadcastPurpose = 'service' | 'marketing';

/** A notification sent to all learners or to the followers of a subject, in batches. */
export interface BroadcastsTable {
  id: Generated<number>;
  title: string;
  body: string;
  link: string | null;
  audience: 'all' | 'subject';
  purpose: ColumnType<BroadcastPurpose, BroadcastPurpose | undefined, BroadcastPurpose>;
  subject_id: number | null;
  subject_name: string | null;
  status: ColumnType<BroadcastStatus, BroadcastStatus | undefined, BroadcastStatus>;
  recipient_count: Counter;
  sent_count: Counter;
  /** Learners a marketing broadcast passed over, without the marketing consent when their batch went. */
  skipped_count: Counter;
  cursor_user_id: Counter;
  created_by: number | null;
  created_by_name: string;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** Composed into `Database` (db/schema.ts). */
export interface NotificationsTables {
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  broadcasts: BroadcastsTable;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
