/**
 * The studio's operations on bank transfers: the credits that need a person (unmatched, under-paid,
 * over-paid, to refund, stuck while being matched) or all of them, and matching an unmatched credit
 * to an order by hand (audited as `transfer.match`). `Actor` is the studio's, passed on to the audit log.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import * as repo from './transfers.repository.ts';
import type { TransfersService } from './transfers.service.ts';
import type { BankCreditRow, BankCreditState } from './transfers.table.ts';

export const CREDIT_STATE_LABELS: Record<BankCreditState, string> = {
  received: 'Đang đối chiếu',
  matched: 'Đã khớp đơn',
  underpaid: 'Chuyển thiếu',
  overpaid: 'Chuyển thừa (cần hoàn phần thừa)',
  refund_queued: 'Chờ hoàn tiền',
  unmatched: 'Chưa khớp đơn',
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
    };
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

  return { list, match };
}
