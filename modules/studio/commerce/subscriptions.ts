/**
 * Studio carrier subscriptions: the list (search by phone or name, folded; state filter; CSV), a
 * subscription's history, charges and renewal attempts, and the admin's cancel, which goes through
 * the subscriptions service (renewals stop, access lasts to the paid period's end, the learner is told).
 */
import { sql, type Kysely } from 'kysely';
import type { Database, SubscriptionStatus } from '../../../db/schema.ts';
import { iso, isoOrNull, searchTerms } from '../../../kernel/db/index.ts';
import { toCsv } from '../../../kernel/http/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format/date.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionsService } from '../../subscriptions/subscriptions.service.ts';
import { foldVietnamese } from '../../../lib/text/fold.ts';
import type { Actor, Page } from '../studio.service.ts';

type Audit = (
  actor: Actor,
  action: string,
  target: { type: string; id: string | number },
  summary: unknown,
) => Promise<unknown>;

export const SUBSCRIPTION_NOT_FOUND = 'Không tìm thấy gói cước.';
const CHARGE_TEXT: Record<string, string> = {
  pending: 'chưa rõ kết quả, đang tra cứu nhà mạng',
  success: 'thành công',
  insufficient_balance: 'không đủ số dư',
  timeout: 'nhà mạng không phản hồi',
  error: 'nhà mạng từ chối',
};

export interface SubscriptionQuery extends Page {
  q?: string | undefined;
  status?: SubscriptionStatus | undefined;
}

export function createStudioSubscriptions(deps: {
  db: Kysely<Database>;
  audit: Audit;
  subscriptions: SubscriptionsService;
}) {
  const { db, audit, subscriptions } = deps;

  function base() {
    return db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .innerJoin('courses', 'courses.id', 'subscriptions.course_id')
      .innerJoin('course_pods', 'course_pods.id', 'subscriptions.pod_id');
  }

  /**
   * The search: a phone (typed 09…, 84…, or a fragment of digits) matches the number; words match the
   * learner's name or the course title, both folded (ids found here, then filtered in SQL).
   */
  async function matchingIds(q: string | undefined): Promise<number[] | null> {
    const terms = searchTerms(q);
    if (!terms.q) return null;
    const digits = terms.q.replace(/\D/g, '');
    const phone = terms.phone ?? (/^[\d\s.+-]+$/.test(terms.q) && digits.length >= 3 ? digits.replace(/^0/, '') : null);
    const rows = await base()
      .select(['subscriptions.id', 'subscriptions.msisdn', 'users.full_name', 'courses.title'])
      .execute();
    return rows
      .filter((row) =>
        phone !== null
          ? row.msisdn.includes(phone)
          : foldVietnamese(`${row.full_name} ${row.title} ${formatPhone(row.msisdn)}`).includes(terms.q!),
      )
      .map((row) => row.id);
  }

  function filtered(query: Omit<SubscriptionQuery, 'page' | 'limit'>, ids: number[] | null) {
    let select = base();
    if (ids !== null)
      select = ids.length === 0 ? select.where(sql<boolean>`1 = 0`) : select.where('subscriptions.id', 'in', ids);
    if (query.status) select = select.where('subscriptions.status', '=', query.status);
    return select;
  }

  const columns = [
    'subscriptions.id',
    'subscriptions.status',
    'subscriptions.msisdn',
    'subscriptions.user_id',
    'subscriptions.price',
    'subscriptions.cycle',
    'subscriptions.current_period_end',
    'subscriptions.next_charge_at',
    'subscriptions.created_at',
    'users.full_name',
    'courses.title as course_title',
    'course_pods.name as package_name',
    'course_pods.sms_code',
  ] as const;

  interface Row {
    id: number;
    status: SubscriptionStatus;
    msisdn: string;
    user_id: number;
    price: number;
    cycle: number;
    current_period_end: Date | string | null;
    next_charge_at: Date | string | null;
    created_at: Date | string;
    full_name: string;
    course_title: string;
    package_name: string | null;
    sms_code: string | null;
  }
  function toRow(row: Row) {
    return {
      id: row.id,
      status: row.status,
      status_label: SUBSCRIPTION_STATUS_LABELS[row.status],
      msisdn: formatPhone(row.msisdn),
      user_id: row.user_id,
      full_name: row.full_name,
      course_title: row.course_title,
      package_name: row.package_name,
      sms_code: row.sms_code,
      price: row.price,
      cycle: row.cycle,
      current_period_end: isoOrNull(row.current_period_end),
      next_charge_at: isoOrNull(row.next_charge_at),
      created_at: iso(row.created_at),
    };
  }

  async function list(query: SubscriptionQuery) {
    const ids = await matchingIds(query.q);
    const rows = await filtered(query, ids)
      .select([...columns])
      .orderBy('subscriptions.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const count = await filtered(query, ids)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { items: rows.map(toRow), total: Number(count.n) };
  }

  async function csv(query: Omit<SubscriptionQuery, 'page' | 'limit'>) {
    const { items } = await list({ ...query, page: 1, limit: 100_000 });
    return toCsv(
      [
        'id',
        'status',
        'msisdn',
        'full_name',
        'course',
        'sms_code',
        'price',
        'cycle',
        'period_end',
        'next_charge_at',
        'created_at',
      ],
      items.map((s) => [
        s.id,
        s.status,
        s.msisdn,
        s.full_name,
        s.course_title,
        s.sms_code,
        s.price,
        s.cycle,
        s.current_period_end,
        s.next_charge_at,
        s.created_at,
      ]),
    );
  }

  async function detail(id: number) {
    const row = await base()
      .leftJoin('orders', 'orders.id', 'subscriptions.order_id')
      .select([
        ...columns,
        'subscriptions.retry_count',
        'subscriptions.cancelled_at',
        'subscriptions.suspended_at',
        'orders.code as order_code',
      ])
      .where('subscriptions.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', SUBSCRIPTION_NOT_FOUND);
    const [charges, audits] = await Promise.all([
      db.selectFrom('carrier_charges').selectAll().where('subscription_id', '=', id).orderBy('id').execute(),
      db
        .selectFrom('audit_log')
        .select(['actor_name', 'action', 'summary', 'created_at'])
        .where('target_type', '=', 'subscription')
        .where('target_id', '=', String(id))
        .orderBy('id')
        .execute(),
    ]);
    // The state history: the subscription's own timestamps, each charge, and the studio's actions.
    const history = [
      { at: iso(row.created_at), text: 'Đăng ký gói cước' },
      ...charges.map((c) => ({
        at: iso(c.created_at),
        text: `${c.kind === 'subscribe' ? 'Trừ tiền đăng ký' : 'Gia hạn'} ${c.amount.toLocaleString('vi-VN')}đ: ${CHARGE_TEXT[c.status] ?? c.status}${c.detail ? ` (${c.detail})` : ''}`,
      })),
      ...(row.suspended_at ? [{ at: iso(row.suspended_at), text: 'Tạm dừng vì gia hạn không thành công' }] : []),
      ...(row.cancelled_at ? [{ at: iso(row.cancelled_at), text: 'Đã hủy gói cước' }] : []),
      ...audits.map((a) => ({
        at: iso(a.created_at),
        text: `${a.actor_name} (studio): ${a.action === 'subscription.cancel' ? 'hủy gói' : a.action} — ${reasonOf(a.summary)}`,
      })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return {
      ...toRow(row),
      retry_count: row.retry_count,
      order_code: row.order_code,
      cancelled_at: isoOrNull(row.cancelled_at),
      suspended_at: isoOrNull(row.suspended_at),
      can_cancel: row.status === 'active' || row.status === 'suspended',
      history,
      charges: charges.map((c) => ({
        id: c.id,
        reference: c.reference,
        kind: c.kind,
        amount: c.amount,
        status: c.status,
        operator_txn_id: c.operator_txn_id,
        detail: c.detail,
        created_at: iso(c.created_at),
      })),
    };
  }

  async function cancel(actor: Actor, id: number, reason: string) {
    const before = await detail(id);
    if (!before.can_cancel)
      throw new AppError('BUSINESS_RULE', `Gói cước đang ở trạng thái “${before.status_label}”, không hủy được.`);
    const result = await subscriptions.cancel(before.user_id, { id });
    const after = await detail(id);
    await audit(
      actor,
      'subscription.cancel',
      { type: 'subscription', id },
      {
        reason,
        status: { from: before.status, to: result.subscription.status },
        access_until: after.current_period_end ? formatDateTime(after.current_period_end) : null,
      },
    );
    return detail(id);
  }

  return { statusLabels: SUBSCRIPTION_STATUS_LABELS, list, csv, detail, cancel };
}

function reasonOf(summary: string): string {
  try {
    const parsed = JSON.parse(summary) as { reason?: unknown };
    return typeof parsed.reason === 'string' ? parsed.reason : '';
  } catch {
    return '';
  }
}
