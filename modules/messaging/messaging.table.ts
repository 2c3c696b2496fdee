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

/** Composed into `Database` (db/schema.ts). */
export interface MessagingTables {
  outbox_messages: OutboxMessagesTable;
}
