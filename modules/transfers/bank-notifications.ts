/**
 * The bank-notification driver: how a bank (or a bank-statement service) tells us of credits to the
 * VietQR account. The one driver here is a signed JSON webhook — `x-bank-signature` is the hex
 * HMAC-SHA256 of the raw body with BANK_WEBHOOK_SECRET — carrying one or more credits with their
 * bank transaction id, amount, note and booking time. Another provider's format is another driver
 * with the same two operations; the matching behind it does not change.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** One credit as a driver reads it from a notification. */
export interface IncomingCredit {
  transactionId: string;
  amount: number;
  note: string;
  account: string | null;
  sender: string | null;
  /** ISO time the bank booked it, if it says. */
  bookedAt: string | null;
}

export interface BankNotificationDriver {
  /** The signature header's name. */
  signatureHeader: string;
  verify(rawBody: string, signature: string | undefined): boolean;
  sign(rawBody: string): string;
}

/** The JSON body the webhook takes (transfers.routes.ts validates it with the same field names). */
export interface WebhookBody {
  transactions: {
    id: string;
    amount: number;
    description: string;
    account_number?: string | undefined;
    sender?: string | undefined;
    when?: string | undefined;
  }[];
}

export function hmacDriver(secret: string): BankNotificationDriver {
  const sign = (rawBody: string) => createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
  return {
    signatureHeader: 'x-bank-signature',
    sign,
    verify(rawBody, signature) {
      if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
      return timingSafeEqual(Buffer.from(sign(rawBody), 'hex'), Buffer.from(signature, 'hex'));
    },
  };
}

export function creditsOf(body: WebhookBody): IncomingCredit[] {
  return body.transactions.map((item) => ({
    transactionId: item.id,
    amount: item.amount,
    note: item.description,
    account: item.account_number ?? null,
    sender: item.sender ?? null,
    bookedAt: item.when ? new Date(item.when).toISOString() : null,
  }));
}
