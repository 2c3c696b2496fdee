/**
 * The studio's carrier subscriptions: the list (search by phone or name, folded; state filter; CSV),
 * a subscription's history, charges and renewal attempts, and the admin's cancel, which goes through
 * the subscriptions service (renewals stop, access lasts to the paid period's end, the learner is
 * told). The learners' names come from accounts, the course titles and packages from the catalog,
 * the order codes from orders and the studio's actions from its audit log (all passed in by
 * modules/services.ts); the cancel is audited through the studio's log.
 */
import { sql } from 'kysely';
import type { SubscriptionRow, SubscriptionStatus } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { iso, isoOrNull, searchTerms, type Db } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format/date.ts';
import { formatPhone } from '../../lib/phone.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionsService } from './subscriptions.service.ts';

export const SUBSCRIPTION_NOT_FOUND = 'Không tìm thấy gói cước.';
const CHARGE_TEXT: Record<string, string> = {
  pending: 'chưa rõ kết quả, đang tra cứu nhà mạng',
  success: 'thành công',
  insufficient_balance: 'không đủ số dư',
  timeout: 'nhà mạng không phản hồi',
  error: 'nhà mạng từ chối',
};

interface Page {
  page: number;
  limit: number;
}

export interface SubscriptionQuery extends Page {
  q?: string | undefined;
  status?: SubscriptionStatus | undefined;
}

/** One of the studio's audit entries about a record. */
export interface AuditTrailEntry {
  actor_name: string;
  action: string;
  summary: string;
  created_at: Date | string;
}

export interface SubscriptionsAdminDeps<Actor> {
  db: Db;
  /** The studio's audit log (the actor is the studio's: passed on, never read here). */
  audit: AuditLog<Actor>;
  /** The studio's audit entries about one record, oldest first (a subscription's history shows them). */
  auditTrail(target: { type: string; id: string }): Promise<AuditTrailEntry[]>;
  /** The learner-facing service: the admin's cancel is the learner's. */
  subscriptions: Pick<SubscriptionsService, 'cancel'>;
  /** Accounts: names of users by id. */
  accounts: { contactsOf(ids: number[]): Promise<{ id: number; full_name: string }[]> };
  /** The catalog: course titles and packages (name, SMS code) by id, in any state. */
  catalog: {
    titlesOf(kind: 'courses', ids: number[]): Promise<{ id: number; title: string }[]>;
    packagesOf(ids: number[]): Promise<{ id: number; name: string | null; sms_code: string | null }[]>;
  };
  /** Orders: the code of an order by id (null when it is gone). */
  orders: { codeOf(orderId: number): Promise<string | null> };
}

export type SubscriptionsAdmin<Actor> = ReturnType<typeof createSubscriptionsAdmin<Actor>>;

type Row = Pick<
  SubscriptionRow,
  | 'id'
  | 'status'
  | 'msisdn'
  | 'user_id'
  | 'course_id'
  | 'pod_id'
  | 'price'
  | 'cycle'
  | 'current_period_end'
  | 'next_charge_at'
  | 'created_at'
>;

export function createSubscriptionsAdmin<Actor>(deps: SubscriptionsAdminDeps<Actor>) {
  const { db, audit, subscriptions, accounts, catalog } = deps;

  /** Names of the learners and titles of the courses of `rows`, by id. */
  async function namesOf(rows: { user_id: number; course_id: number }[]) {
    const [people, titles] = await Promise.all([
      accounts.contactsOf(rows.map((row) => row.user_id)),
      catalog.titlesOf(
        'courses',
        rows.map((row) => row.course_id),
      ),
    ]);
    return {
      person: new Map(people.map((p) => [p.id, p.full_name])),
      title: new Map(titles.map((c) => [c.id, c.title])),
    };
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
    const rows = await db.selectFrom('subscriptions').select(['id', 'msisdn', 'user_id', 'course_id']).execute();
    if (phone !== null) return rows.filter((row) => row.msisdn.includes(phone)).map((row) => row.id);
    const { person, title } = await namesOf(rows);
    return rows
      .filter((row) =>
        foldVietnamese(
          `${person.get(row.user_id) ?? ''} ${title.get(row.course_id) ?? ''} ${formatPhone(row.msisdn)}`,
        ).includes(terms.q!),
      )
      .map((row) => row.id);
  }

  function filtered(query: Omit<SubscriptionQuery, 'page' | 'limit'>, ids: number[] | null) {
    let select = db.selectFrom('subscriptions');
    if (ids !== null) select = ids.length === 0 ? select.where(sql<boolean>`1 = 0`) : select.where('id', 'in', ids);
    if (query.status) select = select.where('status', '=', query.status);
    return select;
  }

  const columns = [
    'id',
    'status',
    'msisdn',
    'user_id',
    'course_id',
    'pod_id',
    'price',
    'cycle',
    'current_period_end',
    'next_charge_at',
    'created_at',
  ] as const;

  /** The rows as the studio shows them, with the learner's name, the course title and the package. */
  async function toRows(rows: Row[]) {
    const [{ person, title }, packages] = await Promise.all([
      namesOf(rows),
      catalog.packagesOf(rows.map((row) => row.pod_id)),
    ]);
    const pack = new Map(packages.map((p) => [p.id, p]));
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      status_label: SUBSCRIPTION_STATUS_LABELS[row.status],
      msisdn: formatPhone(row.msisdn),
      user_id: row.user_id,
      full_name: person.get(row.user_id) ?? '',
      course_title: title.get(row.course_id) ?? '',
      package_name: pack.get(row.pod_id)?.name ?? null,
      sms_code: pack.get(row.pod_id)?.sms_code ?? null,
      price: row.price,
      cycle: row.cycle,
      current_period_end: isoOrNull(row.current_period_end),
      next_charge_at: isoOrNull(row.next_charge_at),
      created_at: iso(row.created_at),
    }));
  }

  async function list(query: SubscriptionQuery) {
    const ids = await matchingIds(query.q);
    const rows = await filtered(query, ids)
      .select([...columns])
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const count = await filtered(query, ids)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { items: await toRows(rows), total: Number(count.n) };
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
    const row = await db
      .selectFrom('subscriptions')
      .select([...columns, 'order_id', 'retry_count', 'cancelled_at', 'suspended_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', SUBSCRIPTION_NOT_FOUND);
    const [[shown], orderCode, charges, audits] = await Promise.all([
      toRows([row]),
      row.order_id === null ? null : deps.orders.codeOf(row.order_id),
      db.selectFrom('carrier_charges').selectAll().where('subscription_id', '=', id).orderBy('id').execute(),
      deps.auditTrail({ type: 'subscription', id: String(id) }),
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
      ...shown!,
      retry_count: row.retry_count,
      order_code: orderCode,
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
