/**
 * Web Push (RFC 8030 + VAPID, RFC 8292) through the `web-push` library: no third-party service.
 * A learner's browsers subscribe after they opted in; every notification the notifications service
 * creates is also pushed to them — as a `push.send` job on the job queue (decision 0012,
 * "Messages"), so a push never fails or slows the notification and survives a restart. A push
 * service answering 404 or 410 means the subscription is gone: it is deleted. Subscriptions that
 * failed otherwise are tried again by a follow-up job with a growing delay. Delivery is at least
 * once; a repeat carries the same RFC 8030 Topic (the push service keeps one undelivered copy) and
 * the same notification tag (the browser shows one).
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import webpush from 'web-push';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { JobQueue } from '../jobs/index.ts';

export interface PushConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Outside production an endpoint on a private or local address is accepted (a local push service in tests). */
  allowPrivateEndpoints: boolean;
  log?: { error(object: unknown, message: string): void; warn(object: unknown, message: string): void };
}

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service worker shows (public/sw.js). */
export interface PushMessage {
  title: string;
  body: string;
  /** The page a click opens (same site). */
  url: string;
  tag?: string;
}

export const PUSH_QUEUE = 'push.send';
/** Follow-up rounds for the subscriptions that failed, after a delay (their own queue, so `idle` is not held by them). */
export const PUSH_RETRY_QUEUE = 'push.retry';

/** A `push.send` job: the learners (first round) or the subscriptions left to try (later rounds). */
interface PushJob {
  message: PushMessage;
  userIds?: number[];
  subscriptionIds?: number[];
  round?: number;
}

/** Rounds of follow-up jobs for subscriptions that failed (30 s, 1, 2, 4 min), then the job fails. */
const PUSH_ROUNDS = 5;
const PUSH_RETRY_SECONDS = 30;

const PRIVATE_HOST = /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.|\[?::1\]?$|\[?f[cd])/i;

export type PushService = ReturnType<typeof createPushService>;

export function createPushService(db: Kysely<Database>, config: PushConfig, jobs: JobQueue) {
  const vapidDetails = { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey };
  const inFlight = new Set<Promise<void>>();

  function checkEndpoint(endpoint: string): void {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new AppError('VALIDATION_FAILED', 'Địa chỉ nhận thông báo không hợp lệ.', { endpoint: 'Không hợp lệ.' });
    }
    // Push services are public HTTPS hosts; a private address would let a subscription probe our network.
    const allowed = url.protocol === 'https:' && (config.allowPrivateEndpoints || !PRIVATE_HOST.test(url.hostname));
    if (!allowed || url.username || url.password)
      throw new AppError('VALIDATION_FAILED', 'Địa chỉ nhận thông báo không hợp lệ.', { endpoint: 'Không hợp lệ.' });
  }

  /** One subscription: true when delivered or gone (deleted), false when it may be tried again. */
  async function sendOne(
    subscription: { id: number; endpoint: string; p256dh: string; auth: string },
    payload: string,
    topic: string,
  ): Promise<boolean> {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        { vapidDetails, TTL: 24 * 3600, timeout: 10_000, urgency: 'normal', topic },
      );
      await db
        .updateTable('push_subscriptions')
        .set({ last_sent_at: nowIso() })
        .where('id', '=', subscription.id)
        .execute();
      return true;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
        return true;
      }
      config.log?.warn({ err: error, subscription: subscription.id, status }, 'web push failed');
      return false;
    }
  }

  /** The job: pushes to every subscription of the learners (or the listed ones); returns those that failed. */
  async function deliver(job: PushJob): Promise<number[]> {
    const payload = JSON.stringify(job.message);
    // RFC 8030 Topic (≤ 32 base64url characters): a repeated push replaces the undelivered copy.
    const topic = createHash('sha256').update(payload).digest('base64url').slice(0, 32);
    const failed: number[] = [];
    const ids = job.subscriptionIds ?? job.userIds ?? [];
    const column = job.subscriptionIds ? 'id' : 'user_id';
    for (let start = 0; start < ids.length; start += 500) {
      const subscriptions = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth'])
        .where(column, 'in', ids.slice(start, start + 500))
        .execute();
      // A few at a time: a broadcast must not open thousands of sockets at once.
      for (let i = 0; i < subscriptions.length; i += 20) {
        const batch = subscriptions.slice(i, i + 20);
        const sent = await Promise.all(batch.map((subscription) => sendOne(subscription, payload, topic)));
        batch.forEach((subscription, at) => {
          if (!sent[at]) failed.push(subscription.id);
        });
      }
    }
    return failed;
  }

  async function run(job: PushJob): Promise<void> {
    const failed = await deliver(job);
    if (failed.length === 0) return;
    const round = job.round ?? 1;
    if (round >= PUSH_ROUNDS)
      throw new Error(`Web Push: ${failed.length} đăng ký không nhận được sau ${round} lượt gửi.`);
    // Only the subscriptions that failed are tried again, after a growing delay.
    await jobs.send(
      PUSH_RETRY_QUEUE,
      { message: job.message, subscriptionIds: failed, round: round + 1 },
      { startAfter: new Date(Date.now() + PUSH_RETRY_SECONDS * 1000 * 2 ** (round - 1)) },
    );
  }

  /**
   * Enqueues the push (a job per 500 learners); resolves once it is durable — or, `within` a
   * transaction, once it is part of it (it commits with the rows it announces, or not at all).
   * `startAfter`: not before then (a broadcast outside its sending hours).
   */
  async function enqueue(
    userIds: number[],
    message: PushMessage,
    within?: Transaction<Database>,
    startAfter?: Date,
  ): Promise<void> {
    for (let start = 0; start < userIds.length; start += 500)
      await jobs.send(PUSH_QUEUE, { message, userIds: userIds.slice(start, start + 500) } satisfies PushJob, {
        ...(within ? { within } : {}),
        ...(startAfter ? { startAfter } : {}),
      });
  }

  /** Push jobs waiting or running (this database). */
  async function pending(): Promise<number> {
    const counts = await jobs.counts();
    const queue = counts.find((item) => item.name === PUSH_QUEUE);
    return queue ? queue.queued + queue.running : 0;
  }

  return {
    publicKey: () => config.publicKey,

    /** Stores (or moves to this learner) the browser's subscription. */
    async subscribe(userId: number, input: PushSubscriptionInput, userAgent: string | null): Promise<{ id: number }> {
      checkEndpoint(input.endpoint);
      const values = {
        user_id: userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        user_agent: userAgent?.slice(0, 300) ?? null,
        created_at: nowIso(),
      };
      const row = await db
        .insertInto('push_subscriptions')
        .values(values)
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            user_id: values.user_id,
            p256dh: values.p256dh,
            auth: values.auth,
            user_agent: values.user_agent,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },

    /** Removes this learner's subscription of that endpoint (never someone else's). */
    async unsubscribe(userId: number, endpoint: string): Promise<number> {
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async countFor(userId: number): Promise<number> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Pushes to the learners' browsers: enqueues `push.send` jobs and returns at once; an error
     * enqueuing is logged, never thrown (a push never fails the notification). `enqueue` is the same,
     * awaited.
     */
    push(userIds: number[], message: PushMessage): void {
      if (userIds.length === 0) return;
      const task = enqueue(userIds, message)
        .catch((error: unknown) => config.log?.error({ err: error }, 'web push not enqueued'))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },

    enqueue,

    /** Declares the `push.send` queue and its worker; the caller starts the queue (server/jobs.ts). */
    async registerJobs(): Promise<void> {
      // Immediate: a notification's push leaves within milliseconds from the instance that made it.
      await jobs.define(PUSH_QUEUE, {
        retryLimit: 3,
        retryDelaySeconds: 30,
        retryBackoff: true,
        expireInSeconds: 10 * 60,
        immediate: true,
      });
      await jobs.define(PUSH_RETRY_QUEUE, {
        retryLimit: 3,
        retryDelaySeconds: 30,
        retryBackoff: true,
        expireInSeconds: 10 * 60,
      });
      await jobs.work<PushJob>(PUSH_QUEUE, (job) => run(job.data));
      await jobs.work<PushJob>(PUSH_RETRY_QUEUE, (job) => run(job.data));
    },

    /**
     * Resolves once the pushes enqueued so far are done: no `push.send` job waits or runs (tests;
     * follow-up rounds are not waited for). Gives up after `timeoutMs`, or when the database is gone.
     */
    async idle(timeoutMs = 10_000): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      // At shutdown (0) only the enqueues under way are waited for: the jobs are durable, and the
      // database may already be gone.
      if (timeoutMs <= 0) return;
      const until = Date.now() + timeoutMs;
      const waiting = () => pending().catch(() => 0);
      while ((await waiting()) > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}
