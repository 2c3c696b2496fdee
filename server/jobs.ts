/**
 * The periodic work, as scheduled jobs on the one job queue (decision 0012): each runs once per
 * period across every instance, with a deadline and retries. Each handler is idempotent (a
 * conditional update claims every row it changes), so a run repeated after a crash does no harm.
 */
import type { Services } from '../modules/services.ts';

interface JobsLog {
  info(object: object, message: string): void;
}

interface Periodic {
  name: string;
  everySeconds: number;
  /** The deadline of one run. */
  expireInSeconds: number;
  run(now: Date): Promise<void>;
}

export function periodicJobs(services: Services, log: JobsLog): Periodic[] {
  const statement = services.transfers?.reconciliation;
  return [
    // Bank transfers: the credits the bank's statement lists for the last window that no notification
    // brought are recorded and matched like a notified one (decision 0018). Only with a statement driver.
    ...(statement?.automatic
      ? [
          {
            name: 'transfers.reconcile',
            everySeconds: statement.everyMinutes * 60,
            expireInSeconds: 10 * 60,
            run: async (now: Date) => {
              const report = await statement.run('job', now);
              if (report.recorded > 0) log.info({ report }, 'bank statement reconciled');
            },
          },
        ]
      : []),
    // Unpaid orders expire after ORDER_EXPIRY_MINUTES.
    {
      name: 'orders.expire',
      everySeconds: 60,
      expireInSeconds: 5 * 60,
      run: async (now) => {
        const expired = await services.orders.expireOverdue(now);
        if (expired > 0) log.info({ expired }, 'unpaid orders expired');
      },
    },
    // Gateway payments left pending (a lost IPN) are queried at their gateway.
    {
      name: 'payments.reconcile',
      everySeconds: services.paymentsConfig.reconcileEveryMinutes * 60,
      expireInSeconds: 10 * 60,
      run: async (now) => {
        const report = await services.payments.reconcile(now);
        if (report.completed + report.refunded + report.failed + report.errors.length > 0)
          log.info({ report }, 'payments reconciled');
      },
    },
    // Carrier-billed subscriptions: charges of unknown outcome (asked of the operator), renewals,
    // retries, suspensions and reminders. A charge the operator has not answered for an hour fails
    // the run, after its work, so it shows on the studio's jobs page.
    {
      name: 'subscriptions.renew',
      everySeconds: 60,
      expireInSeconds: 10 * 60,
      run: async (now) => {
        const { charges } = await services.renewals.runDue(now);
        if (charges.overdue.length > 0)
          throw new Error(`Nhà mạng chưa trả lời kết quả trừ tiền: ${charges.overdue.join(', ')}`.slice(0, 1000));
      },
    },
    // Scheduled course publishing: each due course is claimed by a conditional update.
    {
      name: 'courses.publish-scheduled',
      everySeconds: 60,
      expireInSeconds: 5 * 60,
      run: async (now) => {
        const report = await services.courseExtras.publishDue(now);
        if (report.published.length + report.failed.length > 0) log.info({ report }, 'scheduled courses published');
      },
    },
    // Resumable video uploads abandoned for a day: their rows and partial files go.
    {
      name: 'video-uploads.sweep',
      everySeconds: 60 * 60,
      expireInSeconds: 30 * 60,
      run: async (now) => {
        const removed = await services.videoUploads.sweepAbandoned(now);
        if (removed > 0) log.info({ removed }, 'abandoned video uploads removed');
      },
    },
    // The transcoder's temporary folders older than a transcode's deadline go; videos left without a
    // job (a send that failed, a transcoder that died) get it sent again.
    {
      name: 'video.maintain',
      everySeconds: 10 * 60,
      expireInSeconds: 5 * 60,
      run: async () => {
        const report = await services.video.maintain();
        if (report.removedDirs + report.resent > 0) log.info({ report }, 'video maintenance');
      },
    },
    // Exam attempts past their deadline are submitted even when the browser is gone (every read of an
    // attempt also closes it first, so this only makes results and rankings prompt); contest reminders
    // go out 15 minutes before opening and final results are certified. Each step is claimed or
    // idempotent (modules/exams).
    {
      name: 'exams.tick',
      everySeconds: 15,
      expireInSeconds: 2 * 60,
      run: async () => {
        const report = await services.exams.tick();
        if (report.closed + report.reminded + report.certified > 0) log.info({ report }, 'exam runner tick');
      },
    },
    // The Zalo OA access token of ZNS lives 25 hours: renewed when less than an hour is left, its
    // single-use refresh token claimed by one instance (decision 0023). A failed renewal fails the run
    // (messages go by SMS meanwhile) so it shows on the studio's jobs page.
    {
      name: 'messages.zns-token',
      everySeconds: 10 * 60,
      expireInSeconds: 2 * 60,
      run: async (now) => {
        const result = await services.messaging.refreshZnsToken(now);
        if (result === 'refreshed') log.info({}, 'ZNS access token refreshed');
      },
    },
    // Account deletions whose waiting period is over: personal fields erased, orders and invoices
    // kept (decision 0024). Each request is claimed by a conditional update.
    {
      name: 'privacy.deletions',
      everySeconds: 10 * 60,
      expireInSeconds: 5 * 60,
      run: async (now) => {
        const report = await services.privacy.processDueDeletions(now);
        if (report.completed > 0) log.info({ report }, 'account deletions completed');
        if (report.failed.length > 0) throw new Error(`Xóa tài khoản lỗi: yêu cầu ${report.failed.join(', ')}`);
      },
    },
  ];
}

/** Declares, schedules and works every periodic job; the caller starts the queue. */
export async function schedulePeriodicJobs(services: Services, log: JobsLog): Promise<void> {
  const { jobs } = services;
  for (const job of periodicJobs(services, log)) {
    await jobs.define(job.name, {
      retryLimit: 2,
      retryDelaySeconds: 10,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds,
    });
    await jobs.work(job.name, () => job.run(new Date()));
    await jobs.schedule(job.name, { everySeconds: job.everySeconds });
  }
}

/** Works the queues whose jobs are sent by the app (not periodic): broadcasts. Before the queue starts. */
export async function workQueuedJobs(services: Services): Promise<void> {
  await services.broadcasts.work();
}

/** Declares the queues of outgoing mail, SMS, Web Push and e-invoices and their workers; the caller starts the queue. */
export async function registerDeliveryJobs(
  services: Pick<Services, 'messaging' | 'push' | 'invoices' | 'privacy'>,
): Promise<void> {
  await services.messaging.registerJobs();
  await services.push.registerJobs();
  await services.invoices.registerJobs();
  await services.privacy.registerJobs();
}
