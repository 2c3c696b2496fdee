/**
 * Carrier-billed subscriptions: a package (pod) with an SMS code, bought with consent, charged to the
 * learner's phone account, renewed each cycle (renewals.ts), cancelled any time for free. The first
 * charge goes through an order like any purchase, so the order, its enrolments (source
 * `subscription`) and the learner's order list stay the single record of what was bought.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database, OrderRow, SubscriptionRow, SubscriptionStatus } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { computeAccessEnd, UNLIMITED_PRICE_PERIOD } from '../../lib/format/price-periods.ts';
import { formatPhone } from '../../lib/phone.ts';
import * as accountsRepo from '../accounts/accounts.repository.ts';
import type { CartLine } from '../cart/cart.service.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import type { CarrierConfig, ChargeResult } from './carrier.ts';
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
  clock?: () => Date;
}) {
  const { db, config, lifecycle, tell } = deps;
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
    const abandoned =
      existing.status === 'pending' && readDate(existing.updated_at).getTime() <= now.getTime() - PENDING_ABANDONED_MS;
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

  function refusal(result: ChargeResult) {
    if (result.outcome === 'insufficient_balance') return CARRIER_MESSAGES.insufficient;
    if (result.outcome === 'timeout') return CARRIER_MESSAGES.timeout;
    return CARRIER_MESSAGES.error;
  }

  /**
   * The first charge of a placed carrier order: success completes the order (enrolments with source
   * `subscription`, ending with the paid period) and starts the subscription; a refusal fails the
   * order (it can be ordered again) and throws the reason.
   */
  async function chargeOrder(order: OrderRow, plan: CarrierPlan) {
    const now = clock();
    const claimed = await claim(order.user_id, plan, now);
    if (!claimed) {
      await lifecycle.close(order.id, 'cancelled', CARRIER_MESSAGES.already);
      throw new AppError('CONFLICT', CARRIER_MESSAGES.already);
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
    const result = await config.provider!.charge({
      msisdn: plan.msisdn,
      amount: order.total,
      reference,
      content: `${config.siteName} ${packageName(factsOf(plan.pod))} ${plan.pod.sms_code}`,
    });
    await repo.settleCharge(db, chargeId, { status: result.outcome, ...result }, clock().toISOString());
    if (result.outcome !== 'success') {
      await repo.moveSubscription(db, claimed.id, ['pending'], {
        status: claimed.previous,
        updated_at: clock().toISOString(),
      });
      const reason = refusal(result);
      await lifecycle.close(order.id, 'failed', reason);
      throw new AppError('BUSINESS_RULE', reason, { payment_method: reason });
    }
    await lifecycle.fulfil(order.id, { source: 'subscription' });
    const end = computeAccessEnd(now, plan.pod.cycle)!;
    await repo.setEnrolmentEnd(db, order.id, end.toISOString());
    await repo.moveSubscription(db, claimed.id, ['pending'], {
      status: 'active',
      order_id: order.id,
      current_period_start: now.toISOString(),
      current_period_end: end.toISOString(),
      next_charge_at: end.toISOString(),
      retry_count: 0,
      next_reminder_at: firstReminderAt(now, plan.pod.cycle).toISOString(),
      cancelled_at: null,
      suspended_at: null,
      updated_at: clock().toISOString(),
    });
    await tell(order.user_id, plan.msisdn, 'subscribed', factsOf(plan.pod), { periodEnd: end });
    return { subscriptionId: claimed.id, periodEnd: end };
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
      await repo.setEnrolmentEnd(db, subscription.order_id, accessEnd.toISOString());
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
    const iso = (value: Date | string | null) => (value === null ? null : readDate(value).toISOString());
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
      current_period_end: iso(row.current_period_end),
      next_renewal_at: iso(row.next_charge_at),
      cancelled_at: iso(row.cancelled_at),
      can_cancel: row.status === 'active' || row.status === 'suspended',
      can_study: row.status !== 'suspended' && (readDate(row.current_period_end) ?? now) > now,
      cancel_sms: row.sms_code ? `HUY ${row.sms_code} gửi ${config.shortCode}` : null,
    }));
  }

  return {
    offer,
    prepare,
    chargeOrder,
    resumeRenewals,
    cancel,
    list,
    hotline,
    page: SUBSCRIPTIONS_PAGE,
    enabled: () => config.provider !== null,
  };
}
