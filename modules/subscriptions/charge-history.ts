/**
 * Every carrier charge of the last 180 days, for the subscriber to look up (Decree 147/2024/NĐ-CP
 * asks providers of periodic content services for a tool showing the charges of 180 days;
 * docs/decisions/0020-carrier-billing-decree-147.md). Failed attempts are listed too, saying that
 * nothing was taken, so a learner who saw an SMS about a renewal can find it.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { CarrierChargeStatus, Database } from '../../db/schema.ts';
import { formatPhone } from '../../lib/phone.ts';
import { packageName } from './subscription-messages.ts';
import * as repo from './subscriptions.repository.ts';

export const CHARGE_HISTORY_DAYS = 180;
/** A daily package charges at most ~180 times in the window; more than this is never shown at once. */
const MAX_ROWS = 1000;
const DAY_MS = 86_400_000;

const VIETNAM_OFFSET_MS = 7 * 3_600_000;

/** The first moment of the window: midnight in Vietnam, 180 days before today (stable all day long). */
export function windowStart(now: Date): Date {
  const vietnamDay = Math.floor((now.getTime() + VIETNAM_OFFSET_MS) / DAY_MS);
  return new Date((vietnamDay - CHARGE_HISTORY_DAYS) * DAY_MS - VIETNAM_OFFSET_MS);
}

export const CHARGE_STATUS_LABELS: Record<CarrierChargeStatus, string> = {
  pending: 'Đang chờ nhà mạng xác nhận',
  success: 'Đã trừ tiền',
  insufficient_balance: 'Không trừ tiền (tài khoản không đủ số dư)',
  timeout: 'Không trừ tiền (nhà mạng xác nhận không có giao dịch)',
  error: 'Không trừ tiền (nhà mạng từ chối)',
};

export const CHARGE_KIND_LABELS = { subscribe: 'Đăng ký', renewal: 'Gia hạn' } as const;

export function createChargeHistory(deps: { db: Kysely<Database>; clock: () => Date }) {
  /** The learner's charges of the last 180 days and the sum actually taken. */
  async function list(userId: number) {
    const since = windowStart(deps.clock());
    const rows = await repo.listChargesForUser(deps.db, userId, since.toISOString(), MAX_ROWS);
    const items = rows.map((row) => ({
      id: row.id,
      at: readDate(row.created_at).toISOString(),
      kind: row.kind,
      kind_label: CHARGE_KIND_LABELS[row.kind],
      course_title: row.course_title,
      package_label: packageName({ podName: row.pod_name, cycle: row.cycle, courseTitle: '', smsCode: '', price: 0 }),
      sms_code: row.sms_code,
      amount: row.amount,
      status: row.status,
      status_label: CHARGE_STATUS_LABELS[row.status],
      charged: row.status === 'success',
      msisdn: formatPhone(row.msisdn),
      operator_txn_id: row.operator_txn_id,
    }));
    const total = items.reduce((sum, item) => sum + (item.charged ? item.amount : 0), 0);
    return { days: CHARGE_HISTORY_DAYS, since: since.toISOString(), total_charged: total, items };
  }
  return { list };
}

export type ChargeHistory = Awaited<ReturnType<ReturnType<typeof createChargeHistory>['list']>>;
