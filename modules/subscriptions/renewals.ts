/**
 * The renewal job (server/main.ts runs it every minute; it takes `now`, so tests drive the clock).
 * At the period end it charges again: success extends the period and the enrolments; a refusal or
 * a timeout is retried 1, 2 and 3 days after the period end (access continues until the next
 * attempt), and after the third retry the subscription is suspended and access ends. Each attempt's
 * reference (subscription, period end, attempt) is unique in carrier_charges: two jobs running at
 * once insert the same reference, one is refused, so an attempt — and a renewal — is charged once.
 * Reminders go out every 7 or 30 days (reminderIntervalDays), only between 07:00 and 22:00 in Vietnam.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database, SubscriptionRow } from '../../db/schema.ts';
import { computeAccessEnd } from '../../lib/format/price-periods.ts';
import type { CarrierConfig } from './carrier.ts';
import type { SubscriptionNotifier } from './subscription-messages.ts';
import { factsOf, reminderIntervalDays } from './subscriptions.service.ts';
import * as repo from './subscriptions.repository.ts';

export const RENEWAL_RETRY_DELAYS_HOURS = [24, 48, 72] as const;
export const REMINDER_HOURS = { from: 7, to: 22 } as const;
const HOUR_MS = 3_600_000;

/** 07:00 ≤ Vietnam local time (UTC+7) < 22:00. */
export function isReminderHour(now: Date): boolean {
  const hour = (now.getUTCHours() + 7) % 24;
  return hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.to;
}

/** The reference of one renewal attempt: `RN{id}-{period end, yyyymmddhhmm}-{attempt}`. */
export function renewalReference(subscription: SubscriptionRow): string {
  const end = readDate(subscription.current_period_end)!.toISOString().replace(/\D/g, '').slice(0, 12);
  return `RN${subscription.id}-${end}-${subscription.retry_count}`;
}

export function createRenewalJob(deps: { db: Kysely<Database>; config: CarrierConfig; tell: SubscriptionNotifier }) {
  const { db, config, tell } = deps;

  async function renewOne(
    subscription: SubscriptionRow,
    now: Date,
  ): Promise<'renewed' | 'retry' | 'suspended' | 'skipped'> {
    const provider = config.provider;
    const pod = await repo.findCarrierPod(db, { podId: subscription.pod_id });
    if (!provider || !pod?.sms_code) return 'skipped';
    const reference = renewalReference(subscription);
    const chargeId = await repo.insertCharge(db, {
      reference,
      kind: 'renewal',
      subscriptionId: subscription.id,
      orderId: subscription.order_id,
      msisdn: subscription.msisdn,
      amount: subscription.price,
      now: now.toISOString(),
    });
    if (chargeId === null) return 'skipped'; // another run has this attempt
    const result = await provider.charge({
      msisdn: subscription.msisdn,
      amount: subscription.price,
      reference,
      content: `${config.siteName} gia han ${pod.sms_code}`,
    });
    await repo.settleCharge(db, chargeId, { status: result.outcome, ...result }, now.toISOString());
    const periodEnd = readDate(subscription.current_period_end)!;
    const facts = factsOf(pod);

    if (result.outcome === 'success') {
      // On time: the new period follows the old one; after retries it starts when the charge succeeded.
      const start = subscription.retry_count === 0 ? periodEnd : now;
      const end = computeAccessEnd(start, subscription.cycle)!;
      const period = {
        current_period_start: start.toISOString(),
        current_period_end: end.toISOString(),
        retry_count: 0,
        updated_at: now.toISOString(),
      };
      // Cancelled while the charge was out: the period was paid, so it is extended all the same.
      const moved =
        (await repo.moveSubscription(db, subscription.id, ['active'], {
          ...period,
          next_charge_at: end.toISOString(),
        })) || (await repo.moveSubscription(db, subscription.id, ['cancelled'], period));
      if (moved && subscription.order_id !== null)
        await repo.setEnrolmentEnd(db, subscription.order_id, end.toISOString());
      if (moved) await tell(subscription.user_id, subscription.msisdn, 'renewed', facts, { periodEnd: end });
      return 'renewed';
    }

    const delay = RENEWAL_RETRY_DELAYS_HOURS[subscription.retry_count];
    if (delay !== undefined) {
      const nextAttempt = new Date(periodEnd.getTime() + delay * HOUR_MS);
      const moved = await repo.moveSubscription(db, subscription.id, ['active'], {
        retry_count: subscription.retry_count + 1,
        next_charge_at: nextAttempt.toISOString(),
        updated_at: now.toISOString(),
      });
      if (moved) {
        // Access continues until the next attempt.
        if (subscription.order_id !== null)
          await repo.setEnrolmentEnd(db, subscription.order_id, nextAttempt.toISOString());
        await tell(subscription.user_id, subscription.msisdn, 'renewal_failed', facts, { nextAttempt });
      }
      return 'retry';
    }
    const moved = await repo.moveSubscription(db, subscription.id, ['active'], {
      status: 'suspended',
      next_charge_at: null,
      next_reminder_at: null,
      suspended_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    if (moved) {
      if (subscription.order_id !== null) await repo.setEnrolmentEnd(db, subscription.order_id, now.toISOString());
      await tell(subscription.user_id, subscription.msisdn, 'suspended', facts);
    }
    return 'suspended';
  }

  async function runRenewals(now: Date) {
    const counts = { renewed: 0, retry: 0, suspended: 0, skipped: 0 };
    for (const subscription of await repo.listDueRenewals(db, now.toISOString())) {
      counts[await renewOne(subscription, now)] += 1;
    }
    return counts;
  }

  async function sendReminders(now: Date): Promise<number> {
    if (!isReminderHour(now)) return 0;
    let sent = 0;
    for (const subscription of await repo.listDueReminders(db, now.toISOString())) {
      const due = readDate(subscription.next_reminder_at)!;
      const interval = reminderIntervalDays(subscription.cycle) * 24 * HOUR_MS;
      let next = due.getTime() + interval;
      while (next <= now.getTime()) next += interval;
      const moved = await repo.moveSubscription(
        db,
        subscription.id,
        ['active'],
        { next_reminder_at: new Date(next).toISOString(), updated_at: now.toISOString() },
        { nextReminderAt: due.toISOString() },
      );
      const pod = moved ? await repo.findCarrierPod(db, { podId: subscription.pod_id }) : undefined;
      if (!pod?.sms_code) continue;
      await tell(subscription.user_id, subscription.msisdn, 'reminder', factsOf(pod), {
        periodEnd: readDate(subscription.next_charge_at),
      });
      sent += 1;
    }
    return sent;
  }

  /** One tick of the job: renewals first, then reminders. */
  async function runDue(now: Date) {
    const renewals = await runRenewals(now);
    const reminders = await sendReminders(now);
    return { ...renewals, reminders };
  }

  return { runRenewals, sendReminders, runDue };
}

export type RenewalJob = ReturnType<typeof createRenewalJob>;
