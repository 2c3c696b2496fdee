/**
 * SMS and e-mail behind one interface (ARCHITECTURE.md §5): SMTP through nodemailer and an HTTP
 * SMS gateway in production; without them, messages land in the outbox table, which a
 * development-only page shows.
 */
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface MessagingConfig {
  smtpUrl?: string | undefined;
  mailFrom: string;
  smsGatewayUrl?: string | undefined;
  smsGatewayToken?: string | undefined;
}

export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: string;
}

export type MessagingService = ReturnType<typeof createMessagingService>;

export function createMessagingService(db: Kysely<Database>, config: MessagingConfig) {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;

  async function record(
    channel: 'sms' | 'email',
    recipient: string,
    subject: string | null,
    body: string,
  ): Promise<void> {
    await db
      .insertInto('outbox_messages')
      .values({ channel, recipient, subject, body, created_at: nowIso() })
      .execute();
  }

  return {
    async sendSms(to: string, text: string): Promise<void> {
      if (!config.smsGatewayUrl) return record('sms', to, null, text);
      const response = await fetch(config.smsGatewayUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.smsGatewayToken ? { authorization: `Bearer ${config.smsGatewayToken}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },

    async sendEmail(message: OutgoingEmail): Promise<void> {
      if (!transport) return record('email', message.to, message.subject, message.text);
      await transport.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text });
    },

    /** The latest messages of the local outbox (development and demo only). */
    async listOutbox(limit = 50): Promise<OutboxMessage[]> {
      const rows = await db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({ ...row, created_at: readDate(row.created_at).toISOString() }));
    },
  };
}
