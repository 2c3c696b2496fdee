/**
 * The studio's operations on bank transfers: the credits that need a person (unmatched, under-paid,
 * over-paid, to refund, stuck while being matched) or all of them, matching an unmatched credit
 * to an order by hand (audited as `transfer.match`), and reconciliation against the bank statement:
 * the latest runs, a run now (`transfer.reconcile`) and an uploaded statement file
 * (`transfer.import`). `Actor` is the studio's, passed on to the audit log.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import * as repo from './transfers.repository.ts';
import type { TransfersService } from './transfers.service.ts';
import type { BankCreditRow, BankCreditSource, BankCreditState, BankStatementRunRow } from './transfers.table.ts';

export const CREDIT_STATE_LABELS: Record<BankCreditState, string> = {
  received: 'Đang đối chiếu',
  matched: 'Đã khớp đơn',
  underpaid: 'Chuyển thiếu',
  overpaid: 'Chuyển thừa (cần hoàn phần thừa)',
  refund_queued: 'Chờ hoàn tiền',
  unmatched: 'Chưa khớp đơn',
};

export const CREDIT_SOURCE_LABELS: Record<BankCreditSource, string> = {
  webhook: 'Ngân hàng báo có',
  statement: 'Tìm thấy khi đối soát sao kê',
  import: 'Từ tệp sao kê tải lên',
};

export const RUN_KIND_LABELS: Record<BankStatementRunRow['kind'], string> = {
  job: 'Tự động',
  manual: 'Đối soát ngay',
  import: 'Tệp sao kê',
};

/** The credits a person must look at. */
export const NEEDS_ATTENTION: BankCreditState[] = ['unmatched', 'underpaid', 'overpaid', 'refund_queued', 'received'];

export type TransfersAdmin<Actor> = ReturnType<typeof createTransfersAdmin<Actor>>;

export function createTransfersAdmin<Actor>(deps: {
  db: Kysely<Database>;
  transfers: TransfersService;
  audit: AuditLog<Actor>;
  /** The actor's name as the credit keeps it (who matched it). */
  nameOf: (actor: Actor) => string;
}) {
  const { db } = deps;

  function toView(row: BankCreditRow) {
    return {
      id: row.id,
      transaction_id: row.transaction_id,
      amount: row.amount,
      note: row.note,
      sender: row.sender,
      booked_at: readDate(row.booked_at).toISOString(),
      state: row.state,
      state_label: CREDIT_STATE_LABELS[row.state],
      excess: row.excess,
      order_code: row.order_code,
      matched_by: row.matched_by,
      source: row.source,
      source_label: CREDIT_SOURCE_LABELS[row.source],
    };
  }

  function runView(row: BankStatementRunRow) {
    const time = (value: Date | string | null) => (value === null ? null : readDate(value).toISOString());
    return {
      id: row.id,
      kind: row.kind,
      kind_label: RUN_KIND_LABELS[row.kind],
      window_from: time(row.window_from)!,
      window_to: time(row.window_to)!,
      file_name: row.file_name,
      listed: row.listed,
      recorded: row.recorded,
      known: row.known,
      unmatched: row.unmatched,
      error: row.error,
      started_by: row.started_by,
      created_at: time(row.created_at)!,
      finished_at: time(row.finished_at),
    };
  }

  const statement = deps.transfers.reconciliation;

  /** The latest runs, and whether a driver reads the statement (else only files reconcile). */
  async function runs(limit = 10) {
    return {
      automatic: statement.automatic,
      every_minutes: statement.everyMinutes,
      window_minutes: statement.windowMinutes,
      items: (await statement.recentRuns(limit)).map(runView),
    };
  }

  const latestRun = async (id: number) => runView((await repo.findRun(db, id))!);

  /** "Đối soát ngay": the statement's last window, now. */
  async function reconcileNow(actor: Actor) {
    const report = await statement.run('manual', new Date(), deps.nameOf(actor));
    await deps.audit(actor, 'transfer.reconcile', { type: 'bank_statement_run', id: report.id }, { ...report });
    return latestRun(report.id);
  }

  /** A statement file: nothing is written when any line is wrong. */
  async function importStatement(actor: Actor, fileName: string | null, csv: string) {
    const report = await statement.importFile(csv, fileName, deps.nameOf(actor));
    await deps.audit(
      actor,
      'transfer.import',
      { type: 'bank_statement_run', id: report.id },
      { file_name: fileName, ...report },
    );
    return { ...(await latestRun(report.id)), debits: report.debits };
  }

  async function list(query: { page: number; limit: number; view: 'can-xu-ly' | 'tat-ca' }) {
    const states = query.view === 'tat-ca' ? null : NEEDS_ATTENTION;
    const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
    const [rows, total] = await Promise.all([repo.listCredits(db, states, page), repo.countCredits(db, states)]);
    return { items: rows.map(toView), total };
  }

  async function match(actor: Actor, creditId: number, orderCode: string) {
    const credit = await deps.transfers.matchByHand(creditId, orderCode, deps.nameOf(actor));
    await deps.audit(
      actor,
      'transfer.match',
      { type: 'bank_credit', id: creditId },
      {
        transaction_id: credit.transaction_id,
        amount: credit.amount,
        order_code: credit.order_code,
        state: credit.state,
      },
    );
    return toView(credit);
  }

  return { list, match, runs, reconcileNow, importStatement };
}
