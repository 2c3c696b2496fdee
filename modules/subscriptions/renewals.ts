/**
 * The renewal job (the `subscriptions.renew` job every minute; it takes `now`, so tests drive the
 * clock). At the period end it charges again: success extends the period and the enrolments; a
 * refusal or a timeout is retried 1, 2 and 3 days after the period end (access continues until the
 * next attempt), and after the third retry the subscription is suspended and access ends. Each
 * attempt's reference (subscription, period end, attempt) is unique in carrier_charges and written
 * before the operator is called: two jobs running at once insert the same reference, one is
 * refused, so an attempt — and a renewal — is charged once.
 *
 * A charge whose outcome is unknown (no answer, or a process that stopped after the operator
 * charged) stays `pending` and is resolved by asking the operator (`resolveCharges`, the first
 * step of every run): charged → the renewal (or first charge) is applied, not charged → it failed
 * and the retry rules apply, unreachable → asked again next run, and reported once it is overdue.
 * The charge row leaving `pending` is the claim, in the same transaction as the subscription's
 * move, so the outcome is applied exactly once however many runs race or crash.
 *
 * Reminders go out every 7 or 30 days (reminderIntervalDays), only between 07:00 and 22:00 in Vietnam.
 */
import type { Kysely, Transaction } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { CarrierChargeRow, Database, SubscriptionRow } from '../../db/schema.ts';
import { computeAccessEnd } from '../../lib/format/price-periods.ts';
import type { EnrolmentsService } from '../enrolments/index.ts';
import { chargeAndConfirm, settleByQuery, type CarrierConfig, type ChargeResult } from './carrier.ts';
import type { SubscriptionEvent, SubscriptionNotifier } from './subscription-messages.ts';
import { factsOf, reminderIntervalDays, type SubscriptionsService } from './subscriptions.service.ts';
import * as repo from './subscriptions.repository.ts';

export const RENEWAL_RETRY_DELAYS_HOURS = [24, 48, 72] as const;
export const REMINDER_HOURS = { from: 7, to: 22 } as const;
/** A pending charge is asked about once it is this old (a charge in flight answers well within it). */
export const UNSETTLED_QUERY_AFTER_MS = 2 * 60_000;
/** A charge the operator still cannot answer for after this long is reported (the job fails visibly). */
export const UNSETTLED_OVERDUE_MS = 60 * 60_000;
const HOUR_MS = 3_600_000;

/** 07:00 ≤ Vietnam local time (UTC+7) < 22:00. */
export function isReminderHour(now: Date): boolean {
  const hour = (now.getUTCHours() + 7) % 24;
  return hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.to;
}

/** The reference of one renewal attempt: `RN{id}-{period end, yyyymmddhhmm}-{attempt}`. */
export function renewalReference(subscription: Pick<SubscriptionRow, 'id' | 'current_period_end' | 'retry_count'>) {
  const end = readDate(subscription.current_period_end)!.toISOString().replace(/\D/g, '').slice(0, 12);
  return `RN${subscription.id}-${end}-${subscription.retry_count}`;
}

/** The attempt a renewal reference names, when it is for the subscription's current period; null otherwise. */
function attemptOf(subscription: SubscriptionRow, reference: string): number | null {
  const attempt = Number(/^RN\d+-\d{12}-(\d+)$/.exec(reference)?.[1] ?? NaN);
  if (!Number.isInteger(attempt) || subscription.current_period_end === null) return null;
  return renewalReference({ ...subscription, retry_count: attempt }) === reference ? attempt : null;
}

type Renewal = 'renewed' | 'retry' | 'suspended' | 'skipped';
export type ChargeToSettle = Pick<CarrierChargeRow, 'id' | 'reference' | 'subscription_id' | 'order_id' | 'created_at'>;

export function createRenewalJob(deps: {
  db: Kysely<Database>;
  config: CarrierConfig;
  tell: SubscriptionNotifier;
  firstCharges: Pick<SubscriptionsService, 'settleFirstCharge'>;
  /** The enrolments' own writes: access that follows the subscription. */
  enrolments: Pick<EnrolmentsService, 'setOrderAccessEnd'>;
}) {
  const { db, config, tell, enrolments } = deps;

  /**
   * Settles the charge and, in the same transaction, moves the subscription; null when another run
   * settled the charge first (nothing is applied twice), else whether the subscription moved.
   */
  function settleWith(
    charge: ChargeToSettle,
    result: ChargeResult,
    now: Date,
    move: (trx: Transaction<Database>) => Promise<boolean>,
  ): Promise<boolean | null> {
    const settled = { status: result.outcome, transactionId: result.transactionId, detail: result.detail };
    return db.transaction().execute(async (trx) => {
      if (!(await repo.settleCharge(trx, charge.id, settled, now.toISOString()))) return null;
      return move(trx);
    });
  }

  /** Applies a renewal charge's known outcome, once. */
  async function settleRenewal(charge: ChargeToSettle, result: ChargeResult, now: Date): Promise<Renewal> {
    const found =
      charge.subscription_id === null ? undefined : await repo.findSubscription(db, { id: charge.subscription_id });
    const attempt = found ? attemptOf(found, charge.reference) : null;
    if (!found || attempt === null) {
      // The subscription has moved on (bought again) or is gone: the charge is only recorded.
      await settleWith(charge, result, now, async () => false);
      return 'skipped';
    }
    const subscription = found;
    const pod = await repo.findCarrierPod(db, { podId: subscription.pod_id });
    const tellIf = async (
      moved: boolean,
      event: SubscriptionEvent,
      when: { periodEnd?: Date; nextAttempt?: Date } = {},
    ) => {
      if (moved && pod?.sms_code) await tell(subscription.user_id, subscription.msisdn, event, factsOf(pod), when);
    };
    const periodEnd = readDate(subscription.current_period_end)!;
    const samePeriod = { currentPeriodEnd: periodEnd.toISOString() };
    const enrolmentsEnd = async (trx: Transaction<Database>, at: Date) => {
      if (subscription.order_id !== null)
        await enrolments.setOrderAccessEnd(trx, subscription.order_id, at.toISOString());
    };

    if (result.outcome === 'success') {
      // On time: the new period follows the old one; after retries it starts when the charge was made.
      const start = attempt === 0 ? periodEnd : readDate(charge.created_at);
      const end = computeAccessEnd(start, subscription.cycle)!;
      const period = {
        current_period_start: start.toISOString(),
        current_period_end: end.toISOString(),
        retry_count: 0,
        updated_at: now.toISOString(),
      };
      const moved = await settleWith(charge, result, now, async (trx) => {
        // Cancelled while the charge was out: the period was paid, so it is extended all the same.
        const extended =
          (await repo.moveSubscription(
            trx,
            subscription.id,
            ['active'],
            { ...period, next_charge_at: end.toISOString() },
            samePeriod,
          )) || (await repo.moveSubscription(trx, subscription.id, ['cancelled'], period, samePeriod));
        if (extended) await enrolmentsEnd(trx, end);
        return extended;
      });
      if (moved === null) return 'skipped';
      await tellIf(moved, 'renewed', { periodEnd: end });
      return 'renewed';
    }

    const expect = { ...samePeriod, retryCount: attempt };
    const delay = RENEWAL_RETRY_DELAYS_HOURS[attempt];
    if (delay !== undefined) {
      const nextAttempt = new Date(periodEnd.getTime() + delay * HOUR_MS);
      const moved = await settleWith(charge, result, now, async (trx) => {
        const retried = await repo.moveSubscription(
          trx,
          subscription.id,
          ['active'],
          { retry_count: attempt + 1, next_charge_at: nextAttempt.toISOString(), updated_at: now.toISOString() },
          expect,
        );
        // Access continues until the next attempt.
        if (retried) await enrolmentsEnd(trx, nextAttempt);
        return retried;
      });
      if (moved === null) return 'skipped';
      await tellIf(moved, 'renewal_failed', { nextAttempt });
      return 'retry';
    }
    const moved = await settleWith(charge, result, now, async (trx) => {
      const suspended = await repo.moveSubscription(
        trx,
        subscription.id,
        ['active'],
        {
          status: 'suspended',
          next_charge_at: null,
          next_reminder_at: null,
          suspended_at: now.toISOString(),
          updated_at: now.toISOString(),
        },
        expect,
      );
      if (suspended) await enrolmentsEnd(trx, now);
      return suspended;
    });
    if (moved === null) return 'skipped';
    await tellIf(moved, 'suspended');
    return 'suspended';
  }

  async function renewOne(subscription: SubscriptionRow, now: Date): Promise<Renewal | 'pending'> {
    const provider = config.provider;
    const pod = await repo.findCarrierPod(db, { podId: subscription.pod_id });
    if (!provider || !pod?.sms_code) return 'skipped';
    const reference = renewalReference(subscription);
    const charge = {
      reference,
      subscription_id: subscription.id,
      order_id: subscription.order_id,
      created_at: now.toISOString(),
    };
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
    const result = await chargeAndConfirm(provider, {
      msisdn: subscription.msisdn,
      amount: subscription.price,
      reference,
      content: `${config.siteName} gia han ${pod.sms_code}`,
    });
    if (result.outcome === 'unknown') {
      await repo.noteCharge(db, chargeId, result.detail ?? '', now.toISOString());
      return 'pending';
    }
    return settleRenewal({ id: chargeId, ...charge }, { ...result, outcome: result.outcome }, now);
  }

  async function runRenewals(now: Date) {
    const counts = { renewed: 0, retry: 0, suspended: 0, skipped: 0, pending: 0 };
    for (const subscription of await repo.listDueRenewals(db, now.toISOString())) {
      counts[await renewOne(subscription, now)] += 1;
    }
    return counts;
  }

  /**
   * Asks the operator about every charge still pending after UNSETTLED_QUERY_AFTER_MS and applies
   * what it says; `overdue` lists the references it has not answered for UNSETTLED_OVERDUE_MS.
   */
  async function resolveCharges(now: Date) {
    const report = { checked: 0, settled: 0, waiting: 0, overdue: [] as string[] };
    const provider = config.provider;
    if (!provider) return report;
    const before = new Date(now.getTime() - UNSETTLED_QUERY_AFTER_MS).toISOString();
    for (const charge of await repo.listUnsettledCharges(db, before)) {
      report.checked += 1;
      const answer = await provider.query(charge.reference).catch(() => null);
      const result = settleByQuery(answer, charge.amount, true);
      if (result.outcome === 'unknown') {
        await repo.noteCharge(db, charge.id, result.detail ?? '', now.toISOString());
        report.waiting += 1;
        if (readDate(charge.created_at).getTime() <= now.getTime() - UNSETTLED_OVERDUE_MS)
          report.overdue.push(charge.reference);
        continue;
      }
      const known = { ...result, outcome: result.outcome };
      const outcome =
        charge.kind === 'renewal'
          ? await settleRenewal(charge, known, now)
          : await deps.firstCharges.settleFirstCharge(charge, known, now);
      if (outcome !== 'skipped') report.settled += 1;
    }
    return report;
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

  /** One tick of the job: charges of unknown outcome first, then renewals, then reminders. */
  async function runDue(now: Date) {
    const charges = await resolveCharges(now);
    const renewals = await runRenewals(now);
    const reminders = await sendReminders(now);
    return { ...renewals, reminders, charges };
  }

  return { runRenewals, resolveCharges, sendReminders, runDue };
}

export type RenewalJob = ReturnType<typeof createRenewalJob>;
