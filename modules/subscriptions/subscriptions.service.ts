/**
 * Carrier-billed subscriptions: a package (pod) with an SMS code, bought with consent, charged to the
 * learner's phone account, renewed each cycle (renewals.ts), cancelled any time for free. The first
 * charge goes through an order like any purchase, so the order, its enrolments (source
 * `subscription`) and the learner's order list stay the single record of what was bought.
 */
import type { Kysely, Transaction } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database, OrderRow, SubscriptionRow, SubscriptionStatus } from '../../db/schema.ts';
import { isoOrNull } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { computeAccessEnd, UNLIMITED_PRICE_PERIOD } from '../../lib/format/price-periods.ts';
import { formatPhone } from '../../lib/phone.ts';
import * as accountsRepo from '../accounts/accounts.repository.ts';
import type { CartLine } from '../cart/cart.service.ts';
import type { EnrolmentsService } from '../enrolments/index.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import * as ordersRepo from '../orders/orders.repository.ts';
import { chargeAndConfirm, type CarrierConfig, type ChargeResult } from './carrier.ts';
import { createChargeHistory } from './charge-history.ts';
import type { ChargeToSettle } from './renewals.ts';
import {
  describeDisclosure,
  packageName,
  SUBSCRIPTIONS_PAGE,
  type PackageFacts,
  type SubscriptionNotifier,
} from './subscription-messages.ts';
import * as repo from './subscriptions.repository.ts';

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: 'Đang xử lý',
  active: 'Đang hoạt động',
  cancelled: 'Đã hủy',
  suspended: 'Tạm dừng',
  failed: 'Chưa đăng ký được',
};

const CARRIER_PAYMENT_TYPES = new Set(['sms', 'sms_online']);
const DAY_MS = 86_400_000;

export const CARRIER_MESSAGES = {
  off: 'Thanh toán qua tài khoản di động chưa mở cho gói học này.',
  consent: 'Vui lòng đọc và đồng ý với điều khoản trừ tiền tài khoản di động trước khi thanh toán.',
  noPhone:
    'Tài khoản của bạn chưa có số điện thoại. Vui lòng cập nhật số điện thoại trong Hồ sơ để thanh toán qua tài khoản di động.',
  oneLine: 'Mỗi lần chỉ đăng ký được một gói cước qua tài khoản di động. Vui lòng để lại một gói trong giỏ hàng.',
  promotion: 'Mã giảm giá không áp dụng cho gói cước trừ tiền tài khoản di động.',
  already: 'Bạn đang dùng gói cước này rồi.',
  insufficient: 'Tài khoản di động của bạn không đủ số dư để thanh toán gói cước. Vui lòng nạp thêm tiền rồi thử lại.',
  timeout: 'Nhà mạng chưa phản hồi nên gói cước chưa được đăng ký. Vui lòng thử lại sau ít phút.',
  error: 'Nhà mạng từ chối giao dịch. Vui lòng thử lại sau hoặc chọn phương thức thanh toán khác.',
  pending:
    'Nhà mạng chưa xác nhận kết quả trừ tiền. Chúng tôi đang tra cứu lại với nhà mạng và sẽ báo kết quả qua tin nhắn và thông báo trong vài phút. Bạn không cần thanh toán lại.',
  checking: 'Giao dịch đăng ký trước của bạn đang chờ nhà mạng xác nhận. Vui lòng đợi kết quả trong vài phút.',
  notFound: 'Không tìm thấy gói cước.',
} as const;

/** A subscription still `pending` this long after its first charge began was abandoned (the process stopped). */
export const PENDING_ABANDONED_MS = 15 * 60_000;

/** Reminders: every 7 days for packages shorter than a month, every 30 days for a month and longer. */
export function reminderIntervalDays(cycle: number): number {
  const end = computeAccessEnd(new Date(0), cycle);
  return end !== null && end.getTime() < 30 * DAY_MS ? 7 : 30;
}

/** The first reminder: a day before the interval is up (before the first renewal of weekly and monthly packages). */
export function firstReminderAt(start: Date, cycle: number): Date {
  return new Date(start.getTime() + (reminderIntervalDays(cycle) - 1) * DAY_MS);
}

export function isCarrierPackage(pod: { payment_type: string; cycle: number; sms_code: string | null }) {
  return CARRIER_PAYMENT_TYPES.has(pod.payment_type) && pod.cycle !== UNLIMITED_PRICE_PERIOD && Boolean(pod.sms_code);
}

export const factsOf = (pod: repo.CarrierPod): PackageFacts => ({
  courseTitle: pod.course_title,
  podName: pod.pod_name,
  smsCode: pod.sms_code!,
  price: pod.price,
  cycle: pod.cycle,
});

export interface CarrierPlan {
  pod: repo.CarrierPod;
  msisdn: string;
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

export function createSubscriptionsService(deps: {
  db: Kysely<Database>;
  config: CarrierConfig;
  lifecycle: OrderLifecycle;
  tell: SubscriptionNotifier;
  /** The enrolments' own writes: access that follows the subscription. */
  enrolments: Pick<EnrolmentsService, 'setOrderAccessEnd'>;
  clock?: () => Date;
}) {
  const { db, config, lifecycle, tell, enrolments } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function hotline() {
    return (await repo.readHotlineSetting(db)) ?? config.hotline;
  }

  async function requireCarrierPod(podId: number) {
    const pod = await repo.findCarrierPod(db, { podId });
    if (!pod || !isCarrierPackage(pod) || !config.provider) {
      throw new AppError('BUSINESS_RULE', CARRIER_MESSAGES.off, { payment_method: CARRIER_MESSAGES.off });
    }
    return pod;
  }

  /** The disclosure for a package, or null when it cannot be bought with carrier billing. */
  async function offer(podId: number) {
    const pod = await repo.findCarrierPod(db, { podId });
    if (!pod || !isCarrierPackage(pod) || !config.provider) return null;
    return describeDisclosure(config, await hotline(), factsOf(pod));
  }

  /** Checks a checkout with carrier billing before the order is written. */
  async function prepare(
    userId: number,
    items: CartLine[],
    input: { consent?: boolean | undefined; promotion_code?: string | undefined },
  ): Promise<CarrierPlan> {
    if (items.length !== 1) throw new AppError('BUSINESS_RULE', CARRIER_MESSAGES.oneLine);
    const pod = await requireCarrierPod(items[0]!.pod.id);
    if (input.promotion_code?.trim()) {
      throw new AppError('BUSINESS_RULE', CARRIER_MESSAGES.promotion, { promotion_code: CARRIER_MESSAGES.promotion });
    }
    if (input.consent !== true) {
      throw new AppError('VALIDATION_FAILED', CARRIER_MESSAGES.consent, { consent: CARRIER_MESSAGES.consent });
    }
    const user = await accountsRepo.findUserById(db, userId);
    if (!user?.phone) throw new AppError('BUSINESS_RULE', CARRIER_MESSAGES.noPhone);
    return { pod, msisdn: user.phone };
  }

  /** Takes the learner's row for this package for a first charge; null when it is active or being charged. */
  async function claim(userId: number, plan: CarrierPlan, now: Date) {
    const { pod, msisdn } = plan;
    const values = { msisdn, price: pod.price, cycle: pod.cycle };
    const existing = await repo.findSubscription(db, { userId, podId: pod.pod_id });
    if (!existing) {
      const id = await repo.insertPendingSubscription(db, {
        userId,
        podId: pod.pod_id,
        courseId: pod.course_id,
        ...values,
        now: now.toISOString(),
      });
      return id === null ? null : { id, previous: 'failed' as SubscriptionStatus };
    }
    const ended = existing.current_period_end === null || readDate(existing.current_period_end) <= now;
    // A first charge answers within seconds; a row still pending long after was left by a stopped
    // process and must not block the learner for ever.
    // A charge still waiting for the operator's answer is not abandoned: it is resolved by a query.
    const abandoned =
      existing.status === 'pending' &&
      readDate(existing.updated_at).getTime() <= now.getTime() - PENDING_ABANDONED_MS &&
      !(await repo.hasUnsettledCharge(db, existing.id));
    const reusable =
      existing.status === 'failed' ||
      existing.status === 'suspended' ||
      (existing.status === 'cancelled' && ended) ||
      abandoned;
    if (!reusable) return null;
    const moved = await repo.moveSubscription(db, existing.id, [existing.status], {
      status: 'pending',
      ...values,
      updated_at: now.toISOString(),
    });
    return moved ? { id: existing.id, previous: abandoned ? ('failed' as const) : existing.status } : null;
  }

  function refusal(result: { outcome: string }) {
    if (result.outcome === 'insufficient_balance') return CARRIER_MESSAGES.insufficient;
    if (result.outcome === 'timeout') return CARRIER_MESSAGES.timeout;
    return CARRIER_MESSAGES.error;
  }

  /**
   * Applies a first charge's known outcome, once (the charge row leaving `pending` is the claim):
   * success completes the order (enrolments with source `subscription`, ending with the paid
   * period) and starts the subscription; a refusal fails the order and gives the row back its
   * `previous` state. Called at checkout and by the resolver for a charge that had no answer
   * (`notify`: the learner is told of a failure by message, having left the checkout before).
   */
  async function settleFirstCharge(
    charge: ChargeToSettle,
    result: ChargeResult,
    now: Date,
    options: { previous?: SubscriptionStatus; notify?: boolean } = { notify: true },
  ): Promise<'subscribed' | 'failed' | 'skipped'> {
    const subscription = charge.subscription_id
      ? await repo.findSubscription(db, { id: charge.subscription_id })
      : undefined;
    const order = charge.order_id ? await ordersRepo.findOrder(db, { id: charge.order_id }) : undefined;
    const pod = subscription ? await repo.findCarrierPod(db, { podId: subscription.pod_id }) : undefined;
    const settled = { status: result.outcome, transactionId: result.transactionId, detail: result.detail };
    const claim = (move: (trx: Transaction<Database>) => Promise<boolean>) =>
      db
        .transaction()
        .execute(async (trx) =>
          (await repo.settleCharge(trx, charge.id, settled, clock().toISOString())) ? move(trx) : null,
        );
    if (result.outcome !== 'success') {
      const moved = await claim(async (trx) =>
        subscription
          ? repo.moveSubscription(trx, subscription.id, ['pending'], {
              status: options.previous ?? 'failed',
              updated_at: clock().toISOString(),
            })
          : false,
      );
      if (moved === null) return 'skipped';
      if (order) await lifecycle.close(order.id, 'failed', refusal(result));
      if (moved && options.notify && pod?.sms_code)
        await tell(subscription!.user_id, subscription!.msisdn, 'not_subscribed', factsOf(pod));
      return 'failed';
    }
    // The money is taken: the order completes whatever happened to it meanwhile (fulfil is idempotent).
    if (order) await lifecycle.fulfil(order.id, { source: 'subscription' });
    const start = readDate(charge.created_at);
    const end = subscription ? computeAccessEnd(start, subscription.cycle)! : start;
    const moved = await claim(async (trx) => {
      if (!subscription) return false;
      if (order) await enrolments.setOrderAccessEnd(trx, order.id, end.toISOString());
      return repo.moveSubscription(trx, subscription.id, ['pending'], {
        status: 'active',
        order_id: order?.id ?? subscription.order_id,
        current_period_start: start.toISOString(),
        current_period_end: end.toISOString(),
        next_charge_at: end.toISOString(),
        retry_count: 0,
        next_reminder_at: firstReminderAt(start, subscription.cycle).toISOString(),
        cancelled_at: null,
        suspended_at: null,
        updated_at: now.toISOString(),
      });
    });
    if (moved === null) return 'skipped';
    if (moved && pod?.sms_code)
      await tell(subscription!.user_id, subscription!.msisdn, 'subscribed', factsOf(pod), { periodEnd: end });
    return 'subscribed';
  }

  /**
   * The first charge of a placed carrier order. A refusal fails the order (it can be ordered
   * again) and throws the reason; a charge whose outcome stays unknown after asking the operator
   * leaves the order pending (`pending: true`, the learner is told the answer will follow) for the
   * resolver (renewals.ts) to settle.
   */
  async function chargeOrder(order: OrderRow, plan: CarrierPlan) {
    const now = clock();
    const claimed = await claim(order.user_id, plan, now);
    if (!claimed) {
      await lifecycle.close(order.id, 'cancelled', CARRIER_MESSAGES.already);
      const existing = await repo.findSubscription(db, { userId: order.user_id, podId: plan.pod.pod_id });
      const checking = existing?.status === 'pending' && (await repo.hasUnsettledCharge(db, existing.id));
      throw new AppError('CONFLICT', checking ? CARRIER_MESSAGES.checking : CARRIER_MESSAGES.already);
    }
    const reference = `SUB${order.code}`;
    const chargeId = await repo.insertCharge(db, {
      reference,
      kind: 'subscribe',
      subscriptionId: claimed.id,
      orderId: order.id,
      msisdn: plan.msisdn,
      amount: order.total,
      now: now.toISOString(),
    });
    if (chargeId === null) throw new AppError('CONFLICT', CARRIER_MESSAGES.already);
    const result = await chargeAndConfirm(config.provider!, {
      msisdn: plan.msisdn,
      amount: order.total,
      reference,
      content: `${config.siteName} ${packageName(factsOf(plan.pod))} ${plan.pod.sms_code}`,
    });
    if (result.outcome === 'unknown') {
      await repo.noteCharge(db, chargeId, result.detail ?? '', clock().toISOString());
      return { pending: true as const, notice: CARRIER_MESSAGES.pending };
    }
    const charge = {
      id: chargeId,
      reference,
      subscription_id: claimed.id,
      order_id: order.id,
      created_at: now.toISOString(),
    };
    const outcome = await settleFirstCharge(charge, { ...result, outcome: result.outcome }, now, {
      previous: claimed.previous,
    });
    if (outcome === 'failed') {
      const reason = refusal(result);
      throw new AppError('BUSINESS_RULE', reason, { payment_method: reason });
    }
    return { pending: false as const };
  }

  /** `DK` for a package whose paid period is still running after a cancel: renewals resume, nothing is charged. */
  async function resumeRenewals(subscription: SubscriptionRow, pod: repo.CarrierPod) {
    const now = clock();
    const end = readDate(subscription.current_period_end);
    if (subscription.status !== 'cancelled' || !end || end <= now) return false;
    const moved = await repo.moveSubscription(db, subscription.id, ['cancelled'], {
      status: 'active',
      next_charge_at: end.toISOString(),
      next_reminder_at: firstReminderAt(now, subscription.cycle).toISOString(),
      cancelled_at: null,
      updated_at: now.toISOString(),
    });
    if (moved) await tell(subscription.user_id, subscription.msisdn, 'subscribed', factsOf(pod), { periodEnd: end });
    return moved;
  }

  /** Stops renewals (free, any time); access lasts until the paid period ends. Confirmed by SMS and notification. */
  async function cancel(userId: number, by: { id: number } | { podId: number }) {
    const subscription = await repo.findSubscription(db, 'id' in by ? by : { userId, podId: by.podId });
    if (!subscription || subscription.user_id !== userId) throw new AppError('NOT_FOUND', CARRIER_MESSAGES.notFound);
    if (subscription.status === 'cancelled') return { already: true, subscription };
    const now = clock();
    const periodEnd = readDate(subscription.current_period_end);
    const accessEnd = periodEnd && periodEnd > now ? periodEnd : now;
    const moved = await repo.moveSubscription(db, subscription.id, ['active', 'suspended'], {
      status: 'cancelled',
      next_charge_at: null,
      next_reminder_at: null,
      retry_count: 0,
      cancelled_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    if (!moved) throw new AppError('CONFLICT', 'Gói cước đang được xử lý, vui lòng thử lại sau ít phút.');
    if (subscription.order_id !== null && subscription.status === 'active') {
      await enrolments.setOrderAccessEnd(db, subscription.order_id, accessEnd.toISOString());
    }
    const pod = await repo.findCarrierPod(db, { podId: subscription.pod_id });
    if (pod?.sms_code) {
      await tell(userId, subscription.msisdn, 'cancelled', factsOf(pod), {
        periodEnd: subscription.status === 'active' ? accessEnd : null,
      });
    }
    return { already: false, subscription: (await repo.findSubscription(db, { id: subscription.id }))! };
  }

  async function list(userId: number) {
    const rows = await repo.listForUser(db, userId);
    const now = clock();
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      status_label: SUBSCRIPTION_STATUS_LABELS[row.status],
      course_title: row.course_title,
      course_slug: row.course_slug,
      package_label: packageName({ ...row, podName: row.pod_name, courseTitle: '', smsCode: '' }),
      sms_code: row.sms_code,
      price: row.price,
      cycle: row.cycle,
      msisdn: formatPhone(row.msisdn),
      current_period_end: isoOrNull(row.current_period_end),
      next_renewal_at: isoOrNull(row.next_charge_at),
      cancelled_at: isoOrNull(row.cancelled_at),
      can_cancel: row.status === 'active' || row.status === 'suspended',
      can_study: row.status !== 'suspended' && (readDate(row.current_period_end) ?? now) > now,
      cancel_sms: row.sms_code ? `HUY ${row.sms_code} gửi ${config.shortCode}` : null,
    }));
  }

  return {
    offer,
    prepare,
    chargeOrder,
    settleFirstCharge,
    resumeRenewals,
    cancel,
    list,
    /** Every charge of the last 180 days (Decree 147/2024). */
    charges: createChargeHistory({ db, clock }).list,
    hotline,
    page: SUBSCRIPTIONS_PAGE,
    checkingNotice: CARRIER_MESSAGES.pending,
    enabled: () => config.provider !== null,
  };
}
