/**
 * The studio's first increment: orders (search, detail, refund), learners (search, detail, lock
 * and unlock) and the audit log every studio write adds to.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, OrderStatus, PaymentMethod, Role } from '../../db/schema.ts';
import { iso, isoOrNull, searchTerms } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountsAdmin } from '../accounts/index.ts';
import * as accountsRepo from '../accounts/accounts.repository.ts';
import { ORDER_STATUS_LABELS } from '../orders/order-lifecycle.ts';
import * as orderRepo from '../orders/orders.repository.ts';
import { ORDER_NOT_FOUND, toSummary } from '../orders/orders.service.ts';
import type { Viewer } from '../services.ts';
import { maskSecrets } from './mask.ts';
import { createPaymentsAdmin, type RefundsService, runAuditedRefund } from '../payments/index.ts';
import * as repo from './studio.repository.ts';

export interface Actor {
  viewer: Viewer;
  ip: string | null;
}

export interface Page {
  page: number;
  limit: number;
}

const offsetOf = ({ page, limit }: Page) => ({ limit, offset: (page - 1) * limit });

/** A day (YYYY-MM-DD, Vietnam time) → the instant it starts; `next` → the instant the next day starts. */
export function vietnamDayStart(day: string, next = false): string {
  const start = new Date(`${day}T00:00:00+07:00`);
  if (Number.isNaN(start.getTime())) throw new AppError('VALIDATION_FAILED', 'Ngày không hợp lệ.');
  return new Date(start.getTime() + (next ? 86_400_000 : 0)).toISOString();
}

export interface OrderQuery extends Page {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  method?: PaymentMethod | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: repo.OrderFilter['sort'];
}

export interface UserQuery extends Page {
  q?: string | undefined;
  role?: Role | 'staff' | undefined;
}

export interface AuditQuery extends Page {
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  actor_id?: number | undefined;
}

export type StudioService = ReturnType<typeof createStudioService>;

export function createStudioService(deps: {
  db: Kysely<Database>;
  refunds: RefundsService;
  /** The accounts module's studio operations: locking writes its users and sessions. */
  accounts: Pick<AccountsAdmin<Actor>, 'setLocked'>;
}) {
  const { db, refunds } = deps;

  function audit(actor: Actor, action: string, target: { type: string; id: string | number }, summary: unknown) {
    return repo.insertAudit(
      db,
      {
        actorId: actor.viewer.id,
        actorName: actor.viewer.fullName,
        action,
        targetType: target.type,
        targetId: String(target.id),
        summary,
        ip: actor.ip,
      },
      nowIso(),
    );
  }

  async function listOrders(query: OrderQuery) {
    const filter: repo.OrderFilter = {
      ...searchTerms(query.q),
      status: query.status,
      method: query.method,
      from: query.from ? vietnamDayStart(query.from) : undefined,
      to: query.to ? vietnamDayStart(query.to, true) : undefined,
      sort: query.sort,
    };
    const { rows, total } = await repo.searchOrders(db, filter, offsetOf(query));
    const items = rows.map((row) => ({
      code: row.code,
      status: row.status,
      status_label: ORDER_STATUS_LABELS[row.status],
      payment_method: row.payment_method,
      total: row.total,
      created_at: iso(row.created_at),
      completed_at: isoOrNull(row.completed_at),
      buyer: { id: row.user_id, full_name: row.full_name, phone: row.phone, email: row.email },
    }));
    return { items, total };
  }

  async function ordersCsv(query: Omit<OrderQuery, 'page' | 'limit'>) {
    const { items } = await listOrders({ ...query, page: 1, limit: 10_000 });
    return toCsv(
      ['code', 'status', 'payment_method', 'total', 'created_at', 'buyer_name', 'buyer_phone', 'buyer_email'],
      items.map((o) => [
        o.code,
        o.status,
        o.payment_method,
        o.total,
        o.created_at,
        o.buyer.full_name,
        o.buyer.phone,
        o.buyer.email,
      ]),
    );
  }

  async function orderDetail(code: string) {
    const order = await repo.findOrderWithBuyer(db, code.trim().toUpperCase());
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    const [items, payments, refundRows] = await Promise.all([
      orderRepo.listItems(db, [order.id]),
      repo.listPayments(db, order.id),
      repo.listRefunds(db, order.id),
    ]);
    const paymentIds = payments.map((p) => p.id);
    const [notifications, queries] = await Promise.all([
      repo.listNotifications(db, paymentIds),
      repo.listQueryAnswers(db, paymentIds),
    ]);
    return {
      ...toSummary(order),
      failure_reason: order.failure_reason,
      completed_at: isoOrNull(order.completed_at),
      closed_at: isoOrNull(order.closed_at),
      buyer: { id: order.user_id, full_name: order.full_name, phone: order.phone, email: order.email },
      items: items.map((i) => ({
        course_id: i.course_id,
        course_title: i.course_title,
        course_slug: i.course_slug,
        cycle: i.cycle,
        price: i.price,
        discount: i.discount,
      })),
      payments: payments.map((p) => {
        const paysOrder = order.payment_id === p.id;
        const refunded = refundRows.some((r) => r.payment_id === p.id && r.status !== 'refused');
        return {
          id: p.id,
          gateway: p.gateway,
          request_id: p.request_id,
          amount: p.amount,
          status: p.status,
          gateway_txn_id: p.gateway_txn_id,
          result_code: p.result_code,
          created_at: iso(p.created_at),
          /** The attempt that paid the order (its refund refunds the order). */
          pays_order: paysOrder,
          /** Succeeded, not refunded, and (for the order's own payment) the order is completed. */
          refundable: p.status === 'succeeded' && !refunded && (!paysOrder || order.status === 'completed'),
        };
      }),
      notifications: notifications.map((n) => ({
        id: n.id,
        payment_id: n.payment_id,
        channel: n.channel,
        payload: maskSecrets(n.payload),
        signature_valid: Boolean(n.signature_valid),
        outcome: n.outcome,
        created_at: iso(n.created_at),
      })),
      queries: queries.map((q) => ({
        id: q.id,
        payment_id: q.payment_id,
        status: q.status,
        result_code: q.result_code,
        payload: maskSecrets(q.payload),
        created_at: iso(q.created_at),
      })),
      refunds: refundRows.map((r) => ({
        id: r.id,
        payment_id: r.payment_id,
        amount: r.amount,
        reason: r.reason,
        actor: r.actor,
        status: r.status,
        gateway_ref: r.gateway_ref,
        result_code: r.result_code,
        message: r.message,
        raw: maskSecrets(r.raw),
        created_at: iso(r.created_at),
      })),
    };
  }

  /** Refunds through the gateway; the attempt is audited whether the gateway accepts it or not. */
  async function refundOrder(actor: Actor, input: { code: string; amount?: number | undefined; reason: string }) {
    const target = { type: 'order', id: input.code.trim().toUpperCase() };
    const { requestId: _requestId, ...result } = await runAuditedRefund(
      audit,
      actor,
      { action: 'order.refund', target, input },
      () => refunds.refundOrder({ ...input, actor: actor.viewer.fullName }),
      (done) => ({ amount: done.amount, reason: input.reason, result: done }),
    );
    return result;
  }

  async function listUsers(query: UserQuery) {
    const { rows, total } = await repo.searchUsers(db, { ...searchTerms(query.q), role: query.role }, offsetOf(query));
    return { items: rows.map(toUserItem), total };
  }

  async function usersCsv(query: Omit<UserQuery, 'page' | 'limit'>) {
    const { items } = await listUsers({ ...query, page: 1, limit: 10_000 });
    return toCsv(
      ['id', 'full_name', 'phone', 'email', 'role', 'status', 'created_at'],
      items.map((u) => [u.id, u.full_name, u.phone, u.email, u.role, u.status, u.created_at]),
    );
  }

  async function userDetail(id: number) {
    const user = await accountsRepo.findUserById(db, id);
    if (!user) throw new AppError('NOT_FOUND', 'Không tìm thấy người dùng.');
    const [enrolments, orders] = await Promise.all([
      repo.listEnrolmentsWithCourses(db, id),
      orderRepo.listOrders(db, id, 1, 20),
    ]);
    return {
      ...toUserItem(user),
      enrolments: enrolments.map((e) => ({
        id: e.id,
        course_title: e.title,
        course_slug: e.slug,
        source: e.source,
        starts_at: iso(e.starts_at),
        ends_at: isoOrNull(e.ends_at),
        revoked_at: isoOrNull(e.revoked_at),
      })),
      orders: orders.map((o) => ({
        code: o.code,
        status: o.status,
        status_label: ORDER_STATUS_LABELS[o.status],
        total: o.total,
        created_at: iso(o.created_at),
      })),
    };
  }

  /** Lock or unlock (the accounts module's rule and write), answered as the studio's user item. */
  async function setLocked(actor: Actor, id: number, locked: boolean) {
    const { user, revoked } = await deps.accounts.setLocked(actor, id, locked);
    return { ...toUserItem(user), sessions_revoked: revoked };
  }

  async function listAudit(query: AuditQuery) {
    const filter = {
      action: query.action,
      targetType: query.target_type,
      targetId: query.target_id,
      actorId: query.actor_id,
    };
    const { rows, total } = await repo.searchAudit(db, filter, offsetOf(query));
    const items = rows.map((row) => ({
      id: row.id,
      actor_id: row.actor_id,
      actor_name: row.actor_name,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      summary: row.summary,
      ip: row.ip,
      created_at: iso(row.created_at),
    }));
    return { items, total };
  }

  const desk = createPaymentsAdmin<Actor>({ refunds, audit });

  return {
    /** The order states in Vietnamese, for the filters. */
    orderStatusLabels: ORDER_STATUS_LABELS,
    audit,
    listOrders,
    ordersCsv,
    orderDetail,
    refundOrder,
    /** Payments that succeeded on an order they did not pay and are not refunded (needing attention). */
    listUnaccountedPayments: desk.listUnaccounted,
    refundPayment: desk.refundPayment,
    listUsers,
    usersCsv,
    userDetail,
    setLocked,
    listAudit,
  };
}

function toUserItem(user: {
  id: number;
  full_name: string;
  phone: string | null;
  email: string | null;
  role: Role;
  status: 'pending' | 'active' | 'locked';
  created_at: Date | string;
}) {
  return {
    id: user.id,
    full_name: user.full_name,
    phone: user.phone,
    email: user.email,
    role: user.role,
    status: user.status,
    created_at: iso(user.created_at),
  };
}
