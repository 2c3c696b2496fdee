/**
 * SMS and e-mail behind one interface (ARCHITECTURE.md §5). A request never talks to SMTP or the SMS
 * gateway: it writes the message to the outbox (`queued`) and enqueues a job that delivers it
 * (decision 0012, "Messages"). One-time codes and links go on their own queue, woken at once in the
 * process that took the request; everything else on the bulk queue. Delivery is at least once: the
 * job claims the row by a conditional update (`queued` → `sending`, with a lease), hands it to the
 * transport and marks it `sent`, so a job run twice, or two jobs for one row, send it once; only a
 * crash between the transport's acceptance and that last update sends it again.
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { JobPolicy, JobQueue } from '../jobs/index.ts';
import { createTransport, type MessagingConfig, type TransportName } from './messaging.transport.ts';
import { createZnsChannel, templateData, type ZnsConfig, type ZnsKind } from './zns.ts';
import type { ZnsTokenStatus } from './zns-token.ts';

export type { MessagingConfig } from './messaging.transport.ts';
export { readZnsConfig, type ZnsConfig, type ZnsKind } from './zns.ts';
export type { ZnsTokenStatus } from './zns-token.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface SendOptions {
  /** A one-time code or link: the fast queue, ahead of any bulk mail. */
  urgent?: boolean;
  /** An SMS that has a Zalo template: tried on Zalo (ZNS) first when its template is configured. */
  template?: { kind: ZnsKind; data: Record<string, string> };
}

export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  state: 'queued' | 'sending' | 'sent';
  transport: TransportName | null;
  attempts: number;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The two queues of outgoing messages (their labels: modules/jobs/jobs.admin.ts). */
export const MESSAGE_QUEUES = { urgent: 'messages.otp', bulk: 'messages.send' } as const;

const POLICIES: Record<keyof typeof MESSAGE_QUEUES, Required<Omit<JobPolicy, 'unique'>>> = {
  // A code is worth minutes: a few quick retries (5, 10, 20, 40 s), then it shows as failed.
  urgent: { retryLimit: 4, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 30, immediate: true },
  // Bulk mail rides out an SMTP outage of about half an hour (30 s … 16 min).
  bulk: { retryLimit: 6, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 60, immediate: false },
};

export interface MessagingOptions extends MessagingConfig {
  /** Replaces parts of the queues' policies (tests: short retry delays). */
  policies?: Partial<Record<keyof typeof MESSAGE_QUEUES, JobPolicy>>;
  /** Zalo Notification Service templates; without them every SMS goes by SMS. */
  zns?: ZnsConfig | null;
}

export type MessagingService = ReturnType<typeof createMessagingService>;

export function createMessagingService(db: Kysely<Database>, config: MessagingOptions, jobs: JobQueue) {
  const transport = createTransport(config);
  const channel = createZnsChannel(db, config.zns);
  const zns = channel?.driver ?? null;
  const znsTemplates = config.zns?.templates ?? {};
  const policies = {
    urgent: { ...POLICIES.urgent, ...config.policies?.urgent },
    bulk: { ...POLICIES.bulk, ...config.policies?.bulk },
  };

  async function enqueue(
    channel: 'sms' | 'email',
    recipient: string,
    subject: string | null,
    body: string,
    options: SendOptions,
  ): Promise<void> {
    const urgent = options.urgent === true;
    const template = channel === 'sms' && zns && options.template ? options.template : null;
    const row = await db
      .insertInto('outbox_messages')
      .values({
        channel,
        recipient,
        subject,
        body,
        created_at: nowIso(),
        state: 'queued',
        urgent: urgent ? 1 : 0,
        zns: template && znsTemplates[template.kind] ? JSON.stringify(template) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await jobs.send(urgent ? MESSAGE_QUEUES.urgent : MESSAGE_QUEUES.bulk, { id: row.id });
    } catch (error) {
      // Not enqueued: nothing will send it, so it is not left looking queued.
      await db.deleteFrom('outbox_messages').where('id', '=', row.id).execute();
      throw error;
    }
  }

  /**
   * The job: sends outbox row `id` once. Claimed by a conditional update (a run left `sending` past
   * its lease — its process died — may be claimed again); the `claimed_at` it set fences the last
   * update, so a run that lost its claim never marks the row.
   */
  async function deliver(id: number, leaseSeconds: number): Promise<'sent' | 'already sent'> {
    const claimedAt = nowIso();
    const leaseEnd = new Date(Date.now() - leaseSeconds * 1000).toISOString();
    const row = await db
      .updateTable('outbox_messages')
      .set((eb) => ({ state: 'sending', claimed_at: claimedAt, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'sending'), eb('claimed_at', '<', leaseEnd)])]),
      )
      .returning(['id', 'channel', 'recipient', 'subject', 'body', 'zns'])
      .executeTakeFirst();
    if (!row) {
      const current = await db.selectFrom('outbox_messages').select('state').where('id', '=', id).executeTakeFirst();
      if (!current || current.state === 'sent') return 'already sent';
      throw new Error(`Tin #${id} đang được một lượt khác gửi.`);
    }
    const mine = db.updateTable('outbox_messages').where('id', '=', id).where('state', '=', 'sending');
    const fenced = mine.where('claimed_at', '=', claimedAt);
    // Zalo first for a templated SMS; on "no Zalo" or a failure the same message goes by SMS, and
    // the row forgets its template so a retry (of the SMS) never sends it on Zalo as well.
    const viaZalo = row.zns ? await tryZalo(row.id, row.recipient, row.zns) : null;
    if (viaZalo === 'sent') {
      const keep = config.zns?.api ? {} : { body: row.body };
      await fenced
        .set({ state: 'sent', sent_at: nowIso(), transport: 'zns', error: null, zns: null, body: '', ...keep })
        .execute();
      return 'sent';
    }
    if (viaZalo !== null) await fenced.set({ zns: null, error: viaZalo.slice(0, 500) }).execute();
    let via: TransportName;
    try {
      via = await transport.deliver(row);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await fenced.set({ state: 'queued', claimed_at: null, error: message.slice(0, 500) }).execute();
      throw error;
    }
    // Codes and links are not kept once a real transport took them; the local outbox is the delivery.
    await fenced
      .set({
        state: 'sent',
        sent_at: nowIso(),
        transport: via,
        error: null,
        ...(via === 'outbox' ? {} : { body: '' }),
      })
      .execute();
    return 'sent';
  }

  /** 'sent', or why Zalo did not take it (then SMS does). */
  async function tryZalo(id: number, phone: string, stored: string): Promise<'sent' | string> {
    const { kind, data } = JSON.parse(stored) as NonNullable<SendOptions['template']>;
    const template = znsTemplates[kind];
    if (!zns || !template) return 'ZNS: mẫu tin chưa được cấu hình';
    try {
      const outcome = await zns.send({
        phone,
        templateId: template.id,
        data: templateData(template, data),
        trackingId: `outbox-${id}`,
      });
      return outcome.result === 'sent' ? 'sent' : outcome.reason;
    } catch (error) {
      return `ZNS: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  return {
    /** Whether a message of this kind would be tried on Zalo (its template configured, a ZNS driver). */
    hasTemplate(kind: ZnsKind): boolean {
      return zns !== null && znsTemplates[kind] !== undefined;
    },

    sendSms(to: string, text: string, options: SendOptions = {}): Promise<void> {
      return enqueue('sms', to, null, text, options);
    },

    sendEmail(message: OutgoingEmail, options: SendOptions = {}): Promise<void> {
      return enqueue('email', message.to, message.subject, message.text, options);
    },

    /** Declares both queues and their workers; the caller starts the queue (server/jobs.ts). */
    async registerJobs(): Promise<void> {
      for (const kind of ['urgent', 'bulk'] as const) {
        const name = MESSAGE_QUEUES[kind];
        const policy = policies[kind];
        await jobs.define(name, policy);
        await jobs.work<{ id: number }>(name, async (job) => {
          await deliver(Number(job.data.id), policy.expireInSeconds);
        });
      }
    },

    /**
     * The periodic job (server/jobs.ts): renews the Official Account's access token when less than an
     * hour is left. Throws when the renewal fails (the job shows as failing; messages go by SMS).
     */
    async refreshZnsToken(now = new Date()): Promise<'refreshed' | 'fresh' | 'not renewable' | 'off'> {
      return channel ? channel.tokens.refreshIfDue(now) : 'off';
    },

    /** The ZNS token's expiry and last refresh (never the token); null when ZNS is off. */
    znsTokenStatus(): Promise<ZnsTokenStatus> | null {
      return channel ? channel.tokens.status() : null;
    },

    /** One delivery attempt of outbox row `id`, as the job runs it (tests, the bench). */
    deliver: (id: number) => deliver(id, policies.bulk.expireInSeconds),

    /** The latest messages of the outbox (the development and demo page). */
    async listOutbox(limit = 50): Promise<OutboxMessage[]> {
      const rows = await db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        state: row.state,
        transport: row.transport,
        attempts: row.attempts,
        error: row.error,
        created_at: readDate(row.created_at).toISOString(),
        sent_at: row.sent_at === null ? null : readDate(row.sent_at).toISOString(),
      }));
    },

    /** Closes the SMTP connections (shutdown, tests). */
    close(): void {
      transport.close();
    },
  };
}
