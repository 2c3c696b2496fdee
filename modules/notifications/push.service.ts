/**
 * Web Push (RFC 8030 + VAPID, RFC 8292) through the `web-push` library: no third-party service.
 * A learner's browsers subscribe after they opted in; every notification the notifications service
 * creates is also pushed to them, in the background — a push never fails the notification. A
 * push service answering 404 or 410 means the subscription is gone: it is deleted.
 */
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

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

const PRIVATE_HOST = /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.|\[?::1\]?$|\[?f[cd])/i;

export type PushService = ReturnType<typeof createPushService>;

export function createPushService(db: Kysely<Database>, config: PushConfig) {
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

  async function sendOne(
    subscription: { id: number; endpoint: string; p256dh: string; auth: string },
    payload: string,
  ) {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        { vapidDetails, TTL: 24 * 3600, timeout: 10_000, urgency: 'normal' },
      );
      await db
        .updateTable('push_subscriptions')
        .set({ last_sent_at: nowIso() })
        .where('id', '=', subscription.id)
        .execute();
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
        return;
      }
      config.log?.warn({ err: error, subscription: subscription.id, status }, 'web push failed');
    }
  }

  async function deliver(userIds: number[], message: PushMessage): Promise<void> {
    const payload = JSON.stringify(message);
    for (let start = 0; start < userIds.length; start += 500) {
      const subscriptions = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth'])
        .where('user_id', 'in', userIds.slice(start, start + 500))
        .execute();
      // A few at a time: a broadcast must not open thousands of sockets at once.
      for (let i = 0; i < subscriptions.length; i += 20) {
        await Promise.all(subscriptions.slice(i, i + 20).map((subscription) => sendOne(subscription, payload)));
      }
    }
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

    /** Pushes in the background; errors are logged, never thrown. */
    push(userIds: number[], message: PushMessage): void {
      if (userIds.length === 0) return;
      const task = deliver(userIds, message)
        .catch((error: unknown) => config.log?.error({ err: error }, 'web push delivery failed'))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },

    /** Resolves once every background push started so far has finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
