/**
 * Reconciliation against the bank statement (decision 0018). The notification webhook is the fast
 * path; the statement is the complete one. Each run takes the credits the statement lists — from
 * the statement driver for the last window (the periodic `transfers.reconcile` job, or "Đối soát
 * ngay" in the studio), or from a statement file an operator uploaded — and records every credit
 * not yet in bank_credits through `receive`, the webhook's own path: the same matching (duplicate,
 * under- and over-paid, late, unmatched), and the same unique transaction id, so a credit both
 * notified and listed is recorded once whichever comes first, even when they race. Each run is a
 * row of bank_statement_runs: its window and how many credits were listed, new, already known
 * and left without an order.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { IncomingCredit } from './bank-notifications.ts';
import type { StatementSource } from './bank-statement.ts';
import { readStatementFile } from './statement-file.ts';
import * as repo from './transfers.repository.ts';
import type { BankCreditSource, BankCreditState, StatementRunKind } from './transfers.table.ts';

type Receive = (
  credit: IncomingCredit,
  payload: string,
  source: BankCreditSource,
) => Promise<{ state: BankCreditState; duplicate: boolean }>;

export const NO_STATEMENT_SOURCE =
  'Chưa kết nối sao kê ngân hàng: hãy tải lên tệp sao kê (CSV) xuất từ ngân hàng điện tử.';

export type StatementReconciliation = ReturnType<typeof createStatementReconciliation>;

export function createStatementReconciliation(deps: {
  db: Kysely<Database>;
  source: StatementSource | null;
  /** The periodic job's period, and how far back each run reads the statement. */
  everyMinutes: number;
  windowMinutes: number;
  receive: Receive;
}) {
  const { db } = deps;

  /** Records what a statement listed; the run row counts it, and keeps the error when one stops it. */
  async function record(
    runId: number,
    credits: { credit: IncomingCredit; payload: string }[],
    source: BankCreditSource,
  ) {
    const counts = { listed: credits.length, recorded: 0, known: 0, unmatched: 0, error: null as string | null };
    try {
      const known = await repo.knownTransactionIds(
        db,
        credits.map((item) => item.credit.transactionId),
      );
      for (const { credit, payload } of credits) {
        if (known.has(credit.transactionId)) {
          counts.known += 1;
          continue;
        }
        // A notification may have arrived since: `receive` then answers it as a duplicate.
        const result = await deps.receive(credit, payload, source);
        if (result.duplicate) counts.known += 1;
        else {
          counts.recorded += 1;
          if (result.state === 'unmatched') counts.unmatched += 1;
        }
      }
    } catch (error) {
      counts.error = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      throw error;
    } finally {
      await repo.finishRun(db, runId, counts, nowIso());
    }
    return counts;
  }

  /** The statement's last window from the driver: the periodic job (`job`) or the studio's button (`manual`). */
  async function run(kind: Exclude<StatementRunKind, 'import'>, now = new Date(), startedBy: string | null = null) {
    const source = deps.source;
    if (!source) throw new AppError('CONFLICT', NO_STATEMENT_SOURCE);
    const from = new Date(now.getTime() - deps.windowMinutes * 60_000);
    const runId = await repo.insertRun(db, {
      kind,
      from: from.toISOString(),
      to: now.toISOString(),
      fileName: null,
      startedBy,
      now: nowIso(),
    });
    let credits: IncomingCredit[];
    try {
      credits = await source.credits(from, now);
    } catch (error) {
      const message = `Không đọc được sao kê từ ngân hàng: ${error instanceof Error ? error.message : String(error)}`;
      await repo.finishRun(
        db,
        runId,
        { listed: 0, recorded: 0, known: 0, unmatched: 0, error: message.slice(0, 1000) },
        nowIso(),
      );
      throw new AppError('SERVICE_UNAVAILABLE', message);
    }
    const counts = await record(
      runId,
      credits.map((credit) => ({ credit, payload: JSON.stringify({ statement: source.name, ...credit }) })),
      'statement',
    );
    return { id: runId, ...counts };
  }

  /** A statement file uploaded in the studio: read whole first (a bad line writes nothing), then recorded. */
  async function importFile(text: string, fileName: string | null, startedBy: string) {
    const { lines, debits } = readStatementFile(text);
    const times = lines.map((item) => item.credit.bookedAt!).sort();
    const runId = await repo.insertRun(db, {
      kind: 'import',
      from: times[0]!,
      to: times[times.length - 1]!,
      fileName: fileName?.slice(0, 200) || null,
      startedBy,
      now: nowIso(),
    });
    const counts = await record(
      runId,
      lines.map(({ line, credit }) => ({ credit, payload: JSON.stringify({ file: fileName, line, ...credit }) })),
      'import',
    );
    return { id: runId, ...counts, debits };
  }

  return {
    /** Whether a driver reads the statement (else only uploaded files reconcile). */
    automatic: deps.source !== null,
    everyMinutes: deps.everyMinutes,
    windowMinutes: deps.windowMinutes,
    run,
    importFile,
    recentRuns: (limit = 10) => repo.listRuns(db, limit),
  };
}
