/**
 * Where an outgoing message goes, each with a deadline: SMTP (nodemailer), an HTTP SMS gateway, or —
 * without them, in development and the demo — nowhere else: the outbox row itself is the delivery,
 * shown on /__dev/outbox. Each send carries the outbox row's id as the message's identity (the
 * e-mail's Message-ID, the gateway's Idempotency-Key) so a receiver that checks can drop a repeat.
 */
import nodemailer from 'nodemailer';

export interface MessagingConfig {
  smtpUrl?: string | undefined;
  mailFrom: string;
  smsGatewayUrl?: string | undefined;
  smsGatewayToken?: string | undefined;
  /** The deadline of one SMTP or gateway call, in ms (default 20 s). */
  timeoutMs?: number;
}

export interface Deliverable {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
}

export type TransportName = 'outbox' | 'smtp' | 'gateway' | 'zns';

export interface Transport {
  /** Which transport takes this channel's messages. */
  nameFor(channel: Deliverable['channel']): TransportName;
  /** Hands the message over; throws when it was not accepted (in time). */
  deliver(message: Deliverable): Promise<TransportName>;
  close(): void;
}

export function createTransport(config: MessagingConfig): Transport {
  const timeoutMs = config.timeoutMs ?? 20_000;
  // A server that accepts the connection and stays silent fails at the greeting, not after minutes.
  const smtp = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: Math.min(10_000, timeoutMs),
        greetingTimeout: Math.min(10_000, timeoutMs),
        socketTimeout: timeoutMs,
      })
    : null;
  const domain = /@([^>\s]+)/.exec(config.mailFrom)?.[1] ?? 'localhost';

  const nameFor = (channel: Deliverable['channel']): TransportName =>
    channel === 'email' ? (smtp ? 'smtp' : 'outbox') : config.smsGatewayUrl ? 'gateway' : 'outbox';

  async function sendMail(message: Deliverable): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`SMTP: no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      await Promise.race([
        smtp!.sendMail({
          from: config.mailFrom,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          messageId: `<outbox-${message.id}@${domain}>`,
        }),
        deadline,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function sendSms(message: Deliverable): Promise<void> {
    const response = await fetch(config.smsGatewayUrl!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `outbox-${message.id}`,
        ...(config.smsGatewayToken ? { authorization: `Bearer ${config.smsGatewayToken}` } : {}),
      },
      body: JSON.stringify({ to: message.recipient, text: message.body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }

  return {
    nameFor,
    async deliver(message) {
      const name = nameFor(message.channel);
      if (name === 'smtp') await sendMail(message);
      else if (name === 'gateway') await sendSms(message);
      return name;
    },
    close() {
      smtp?.close();
    },
  };
}
