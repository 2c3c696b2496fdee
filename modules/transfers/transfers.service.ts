/**
 * Bank transfers by VietQR (decision 0018). The learner's page shows a QR for the exact amount with
 * the order code as the note; the bank notifies each credit (bank-notifications.ts); this service
 * records it once per bank transaction id, finds the order in the note and, once the credits of an
 * order reach its amount, confirms the transfer attempt through the payments module — the same
 * late-payment rule as a gateway's IPN (decision 0007): the order completes, or the payment joins
 * the refund queue when the order can no longer be fulfilled. Under-paid credits wait for the rest;
 * over-payment is flagged for refund; a credit without an order waits in the studio. Credits the
 * bank's statement lists go through the same `receive` (statement-reconciliation.ts).
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, OrderRow, PaymentRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { encodeVietQr, orderCodesInNote, transferNote } from '../../lib/vietqr/payload.ts';
import { qrSvg } from '../../lib/vietqr/qr-image.ts';
import { hmacDriver, type IncomingCredit } from './bank-notifications.ts';
import { createSimulatedBank, type StatementSource } from './bank-statement.ts';
import { createStatementReconciliation } from './statement-reconciliation.ts';
import type { TransfersConfig } from './transfers.config.ts';
import * as repo from './transfers.repository.ts';
import type { BankCreditRow, BankCreditSource, BankCreditState } from './transfers.table.ts';

/** What the payments module offers transfers (modules/payments/payments.service.ts). */
export interface TransferPayments {
  transferTarget(orderCode: string): Promise<{ order: OrderRow; payment: PaymentRow } | null>;
  confirmTransfer(payment: PaymentRow, bankTransactionId: string): Promise<'fulfilled' | 'refunded' | 'already'>;
}

/** What the orders module tells about a learner's own order (NOT_FOUND when it is someone else's). */
export interface TransferOrders {
  details(userId: number, code: string): Promise<{ code: string; payment_method: string }>;
}

/** The learner's view of a transfer: waiting, under-paid, paid, expired, cancelled, refund pending. */
export type TransferState = 'waiting' | 'underpaid' | 'paid' | 'expired' | 'cancelled' | 'refund_pending';

export const NOT_A_TRANSFER = 'Đơn hàng này không thanh toán bằng chuyển khoản.';

export type TransfersService = ReturnType<typeof createTransfersService>;

export function createTransfersService(deps: {
  db: Kysely<Database>;
  config: TransfersConfig;
  payments: TransferPayments;
  orders: TransferOrders;
  /** The bank's statement driver; without it, the simulated bank's outside production (else files only). */
  statement?: StatementSource;
}) {
  const { db, config, payments } = deps;
  const driver = hmacDriver(config.webhookSecret);
  const bank = config.simulator ? createSimulatedBank(config.account, driver) : null;

  /**
   * Gives the credits of a settled attempt their states, oldest first: those that make up the
   * amount are matched (or refund_queued when the payment is being refunded), the one that crosses
   * it carries the excess, later ones are excess whole. Recomputed from the table each time, so a
   * replay or a race writes the same result.
   */
  async function settleCredits(payment: PaymentRow, base: 'matched' | 'refund_queued') {
    let running = 0;
    const now = nowIso();
    for (const credit of await repo.listForPayment(db, payment.id)) {
      const before = running;
      running += credit.amount;
      const excess = before >= payment.amount ? credit.amount : Math.max(0, running - payment.amount);
      const state: BankCreditState = excess > 0 && base === 'matched' ? 'overpaid' : base;
      if (credit.state !== state || credit.excess !== excess)
        await repo.updateCredit(db, credit.id, { state, excess }, now);
    }
  }

  /** Counts a recorded credit towards an order's transfer attempt and settles what it can. */
  async function apply(credit: BankCreditRow, target: { order: OrderRow; payment: PaymentRow }, matchedBy?: string) {
    const { payment } = target;
    await repo.updateCredit(
      db,
      credit.id,
      {
        order_id: target.order.id,
        order_code: target.order.code,
        payment_id: payment.id,
        ...(matchedBy ? { matched_by: matchedBy } : {}),
      },
      nowIso(),
    );
    const credits = await repo.listForPayment(db, payment.id);
    const received = credits.reduce((sum, item) => sum + item.amount, 0);
    if (received < payment.amount) {
      for (const item of credits) {
        if (item.state === 'received' || item.state === 'unmatched')
          await repo.updateCredit(db, item.id, { state: 'underpaid' }, nowIso());
      }
      return;
    }
    const outcome = await payments.confirmTransfer(payment, credit.transaction_id);
    const refunding =
      outcome === 'refunded' ||
      (outcome === 'already' && credits.some((item) => item.state === 'refund_queued' && item.id !== credit.id));
    await settleCredits(payment, refunding ? 'refund_queued' : 'matched');
  }

  /**
   * One credit, notified or listed by the statement: recorded once; matched to the order its note
   * names, else left for the studio.
   */
  async function receive(credit: IncomingCredit, payload: string, source: BankCreditSource = 'webhook') {
    const now = nowIso();
    const id = await repo.insertCredit(db, {
      ...credit,
      note: credit.note.slice(0, 500),
      bookedAt: credit.bookedAt ?? now,
      payload,
      source,
      now,
    });
    if (id === null) {
      const known = (await repo.findCredit(db, { transactionId: credit.transactionId }))!;
      return { transaction_id: credit.transactionId, state: known.state, duplicate: true };
    }
    const row = (await repo.findCredit(db, { id }))!;
    let target: Awaited<ReturnType<TransferPayments['transferTarget']>> = null;
    for (const code of orderCodesInNote(credit.note)) {
      target = await payments.transferTarget(code);
      if (target) break;
    }
    if (target) await apply(row, target);
    else await repo.updateCredit(db, id, { state: 'unmatched' }, nowIso());
    const state = (await repo.findCredit(db, { id }))!.state;
    return { transaction_id: credit.transactionId, state, duplicate: false };
  }

  /** The studio: an unmatched credit given to the order a person found for it. */
  async function matchByHand(creditId: number, orderCode: string, matchedBy: string) {
    const credit = await repo.findCredit(db, { id: creditId });
    if (!credit) throw new AppError('NOT_FOUND', 'Không tìm thấy giao dịch chuyển khoản.');
    if (credit.state !== 'unmatched') throw new AppError('CONFLICT', 'Giao dịch này đã được gán cho một đơn hàng.');
    const target = await payments.transferTarget(orderCode.trim().toUpperCase());
    if (!target) {
      throw new AppError('VALIDATION_FAILED', 'Không tìm thấy đơn hàng với mã này.', {
        order_code: 'Không tìm thấy đơn hàng với mã này.',
      });
    }
    await apply(credit, target, matchedBy);
    return (await repo.findCredit(db, { id: creditId }))!;
  }

  /** A learner's own transfer order, with what the bank credited for it so far. */
  async function lookup(userId: number, code: string) {
    const order = await deps.orders.details(userId, code);
    if (order.payment_method !== 'vietqr') throw new AppError('NOT_FOUND', NOT_A_TRANSFER);
    const target = (await payments.transferTarget(order.code))!;
    const received = await repo.sumForOrder(db, target.order.id);
    return { ...target, received };
  }

  function describe(order: OrderRow, received: number, refundPending: boolean, now = Date.now()) {
    const expiresAt = readDate(order.expires_at);
    const missing = Math.max(0, order.total - received);
    let state: TransferState;
    if (order.status === 'paid' || order.status === 'completed') state = 'paid';
    else if (refundPending || order.status === 'refunded') state = 'refund_pending';
    else if (order.status === 'cancelled') state = 'cancelled';
    else if (order.status !== 'pending' || expiresAt.getTime() <= now) state = 'expired';
    else state = received > 0 ? 'underpaid' : 'waiting';
    return {
      code: order.code,
      state,
      total: order.total,
      received,
      missing: state === 'paid' ? 0 : missing,
      expires_at: expiresAt.toISOString(),
      seconds_left: Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000)),
    };
  }

  async function status(userId: number, code: string) {
    const { order, payment, received } = await lookup(userId, code);
    const credits = await repo.listForPayment(db, payment.id);
    return describe(
      order,
      received,
      credits.some((credit) => credit.state === 'refund_queued'),
    );
  }

  /** The payment page: the QR for what is still due, the account in text, the note and the state. */
  async function page(userId: number, code: string) {
    const current = await status(userId, code);
    const note = transferNote(current.code);
    const amount = current.missing > 0 ? current.missing : current.total;
    const payload = encodeVietQr({ bin: config.bin, account: config.account, amount, note });
    return {
      ...current,
      amount,
      note,
      bank: { bin: config.bin, name: config.bankName, account: config.account, account_name: config.accountName },
      payload,
      qr_svg: await qrSvg(payload),
      simulator: config.simulator,
    };
  }

  /**
   * The simulator's bank (outside production): a transfer for `code`, with the note a bank writes,
   * and its signed notification — or none, when `notify` is false (a notification lost on the way:
   * only the statement finds it).
   */
  function simulateTransfer(code: string, amount: number, notify = true) {
    if (!bank) throw new AppError('NOT_FOUND', 'Ngân hàng mô phỏng chỉ có ngoài môi trường chính thức.');
    const { credit, notice } = bank.transfer(code, amount);
    return { credit, notice: notify ? notice : null };
  }

  const reconciliation = createStatementReconciliation({
    db,
    source: deps.statement ?? bank?.statement ?? null,
    everyMinutes: config.statementEveryMinutes,
    windowMinutes: config.statementWindowMinutes,
    receive,
  });

  return { driver, receive, matchByHand, status, page, simulateTransfer, reconciliation };
}
