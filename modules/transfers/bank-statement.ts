/**
 * The bank-statement driver (decision 0018): the credits to our account the bank booked between
 * two times, read from the bank itself — so a credit whose notification never came is still found.
 * A real bank's (or a statement service's) API is another implementation of `StatementSource`;
 * without one in production, an operator uploads the statement file in the studio (statement-file.ts).
 *
 * Outside production the simulated bank is the driver: it remembers every transfer it made from the
 * payment page — also the ones whose notification it was told to drop — and lists them as a
 * statement. Its memory is per process, like the gateways' simulator (payments/gateway-simulator.ts).
 */
import { randomInt } from 'node:crypto';
import type { BankNotificationDriver, IncomingCredit, WebhookBody } from './bank-notifications.ts';

export interface StatementSource {
  /** The source's name, for the logs. */
  name: string;
  /** Credits to our account booked in [from, to), oldest first. */
  credits(from: Date, to: Date): Promise<IncomingCredit[]>;
}

const LEDGER_LIMIT = 50_000;

export type SimulatedBank = ReturnType<typeof createSimulatedBank>;

export function createSimulatedBank(account: string, driver: BankNotificationDriver) {
  const ledger: IncomingCredit[] = [];

  /** A transfer to our account for order `code`, with the note a bank writes; signed as its notification. */
  function transfer(code: string, amount: number, when = new Date()) {
    const credit: IncomingCredit = {
      transactionId: `SIM${when.getTime()}${randomInt(1_000_000)}`,
      amount,
      note: `MBVCB.${randomInt(1_000_000, 9_999_999)}.${code}.CT tu 0912345678 NGUYEN VAN AN`,
      account,
      sender: 'NGUYEN VAN AN',
      bookedAt: when.toISOString(),
    };
    if (ledger.length >= LEDGER_LIMIT) ledger.shift();
    ledger.push(credit);
    const body: WebhookBody = {
      transactions: [
        {
          id: credit.transactionId,
          amount,
          description: credit.note,
          account_number: account,
          sender: 'NGUYEN VAN AN',
          when: credit.bookedAt!,
        },
      ],
    };
    const rawBody = JSON.stringify(body);
    return { credit, notice: { rawBody, signature: driver.sign(rawBody), header: driver.signatureHeader } };
  }

  const statement: StatementSource = {
    name: 'simulator',
    async credits(from, to) {
      return ledger.filter((credit) => {
        const at = Date.parse(credit.bookedAt!);
        return at >= from.getTime() && at < to.getTime();
      });
    },
  };

  return { transfer, statement };
}
