/**
 * The invoice provider simulator (outside production): numbers invoices per template + series from
 * 1 without gaps — one conditional increment of `invoice_sequences` in the transaction that records
 * the issue, so two instances never take the same number and a refused request takes none — answers
 * a repeated request key with the invoice it already issued, and gives each invoice a lookup code.
 * `failNext(n)` makes the next n requests fail (tests, demos of the retry).
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import {
  InvoiceProviderError,
  type AdjustmentDraft,
  type InvoiceDraft,
  type InvoiceProvider,
  type IssuedInvoice,
} from './provider.ts';

const LOOKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function lookupCode(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (byte) => LOOKUP_ALPHABET[byte % LOOKUP_ALPHABET.length]).join('');
}

export interface InvoiceSimulator extends InvoiceProvider {
  /** The next `count` requests fail with `message` (0 clears). */
  failNext(count: number, message?: string): void;
}

export function createInvoiceSimulator(db: Kysely<Database>): InvoiceSimulator {
  let failures = 0;
  let failure = 'Nhà cung cấp hóa đơn (giả lập) không phản hồi.';

  async function record(draft: InvoiceDraft): Promise<IssuedInvoice> {
    if (failures > 0) {
      failures -= 1;
      throw new InvoiceProviderError(failure);
    }
    const answer = await db.transaction().execute(async (trx) => {
      const known = await trx
        .selectFrom('invoice_simulator_issues')
        .selectAll()
        .where('request_key', '=', draft.requestKey)
        .executeTakeFirst();
      if (known) return known;
      const { template, series } = draft;
      await trx
        .insertInto('invoice_sequences')
        .values({ template, series, last_number: 0 })
        .onConflict((oc) => oc.columns(['template', 'series']).doNothing())
        .execute();
      // The row lock of this UPDATE (PostgreSQL) or the write lock (SQLite) orders racing issues.
      const { last_number: number } = await trx
        .updateTable('invoice_sequences')
        .set({ last_number: sql`last_number + 1` })
        .where('template', '=', template)
        .where('series', '=', series)
        .returning('last_number')
        .executeTakeFirstOrThrow();
      const row = {
        request_key: draft.requestKey,
        template,
        series,
        number,
        lookup_code: lookupCode(),
        created_at: nowIso(),
      };
      await trx.insertInto('invoice_simulator_issues').values(row).execute();
      return row;
    });
    return {
      providerId: `SIM-${answer.template}${answer.series}-${answer.number}`,
      template: answer.template,
      series: answer.series,
      number: answer.number,
      lookupCode: answer.lookup_code,
    };
  }

  return {
    name: 'simulator',
    issue: record,
    adjust: (draft: AdjustmentDraft) => record(draft),
    replace: (draft: AdjustmentDraft) => record(draft),
    async lookup(code) {
      const row = await db
        .selectFrom('invoice_simulator_issues')
        .selectAll()
        .where('lookup_code', '=', code)
        .executeTakeFirst();
      if (!row) return null;
      return {
        providerId: `SIM-${row.template}${row.series}-${row.number}`,
        template: row.template,
        series: row.series,
        number: row.number,
        lookupCode: row.lookup_code,
      };
    },
    async cancel() {
      if (failures > 0) {
        failures -= 1;
        throw new InvoiceProviderError(failure);
      }
    },
    failNext(count, message) {
      failures = Math.max(0, count);
      if (message) failure = message;
    },
  };
}

/** Without a provider (production before one is configured): every request fails, visibly. */
export function createMissingProvider(): InvoiceProvider {
  const refuse = () =>
    Promise.reject(new InvoiceProviderError('Chưa cấu hình nhà cung cấp hóa đơn điện tử (INVOICE_PROVIDER).'));
  return { name: 'none', issue: refuse, adjust: refuse, replace: refuse, lookup: refuse, cancel: refuse };
}
