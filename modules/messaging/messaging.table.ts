/** The messaging module's table: the outbox of SMS and e-mails, composed into db/schema.ts. */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../kernel/db/columns.ts';

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  /** Emptied once a real transport (SMTP, the SMS gateway) took the message: codes and links are not kept. */
  body: string;
  created_at: Timestamp;
  /** queued → sending (claimed by one job run, `claimed_at` is the lease) → sent. */
  state: Generated<'queued' | 'sending' | 'sent'>;
  /** 1: a one-time code or link, on the fast queue. */
  urgent: Generated<number>;
  attempts: Generated<number>;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
  transport: 'outbox' | 'smtp' | 'gateway' | 'zns' | null;
  /** An SMS's Zalo template and data ({kind, data} as JSON) until Zalo took it or declined (then SMS). */
  zns: string | null;
  /** The last failed attempt's error (cleared once sent). */
  error: string | null;
}

/** The Official Account's ZNS tokens: one row (id 1), refreshed by a claim on the refresh token. */
export interface ZnsTokensTable {
  id: number;
  access_token: string;
  /** Null: unknown (the configured token), refreshed at the next run of the job. */
  access_expires_at: Timestamp | null;
  /** Single use: each refresh answers a new one. Null: none configured (the token cannot be renewed). */
  refresh_token: string | null;
  /** A hash of the configured tokens it was seeded from: new ones in the configuration replace the row. */
  seed: string;
  /** The refresh in progress: who claimed the refresh token, and since when (the lease). */
  claim_id: string | null;
  claimed_at: Timestamp | null;
  refreshed_at: Timestamp | null;
  /** The last failed refresh (cleared by a successful one). */
  last_error: string | null;
  last_error_at: Timestamp | null;
  updated_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface MessagingTables {
  outbox_messages: OutboxMessagesTable;
  zns_tokens: ZnsTokensTable;
}
