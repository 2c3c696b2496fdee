/**
 * The process's one Redis connection (with REDIS_URL): shared route limits, throttles and cache
 * invalidation. Redis is optional at run time: commands fail at once while it is away (no offline
 * queue, a short command timeout) so callers count in process instead of waiting, and the
 * connection keeps trying to come back. Going away and coming back are logged once each.
 */
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface RedisLink {
  /** Commands; they fail at once while Redis is away. */
  readonly client: Redis;
  /** True while connected: callers use their in-process fallback otherwise. */
  ready(): boolean;
  /** Resolves true once connected, false after `timeoutMs` (start-up waits a moment, then serves degraded). */
  waitUntilReady(timeoutMs: number): Promise<boolean>;
  /** A connection of its own for subscriptions (a subscribed connection takes no other command). */
  subscriber(): Redis;
  close(): Promise<void>;
}

/** Fail fast, reconnect forever (every 0.2 s, backing off to 2 s). */
export const REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  retryStrategy: (times) => Math.min(200 * times, 2_000),
  lazyConnect: false,
};

export function connectRedis(url: string, log?: RedisLogger): RedisLink {
  const client = new Redis(url, REDIS_OPTIONS);
  const subscribers: Redis[] = [];
  let away = false;
  let closing = false;
  const goneAway = (error?: unknown) => {
    if (away || closing) return;
    away = true;
    log?.warn(
      error ? { err: error } : {},
      'Redis unreachable: limits and throttles count in this process, cache changes reach only this instance, until it is back',
    );
  };
  // Without an 'error' listener ioredis prints every failed reconnection.
  client.on('error', (error) => goneAway(error));
  client.on('close', () => goneAway());
  client.on('ready', () => {
    if (!away) return;
    away = false;
    log?.info({}, 'Redis is back: limits, throttles and cache invalidation are shared again');
  });

  const ready = () => client.status === 'ready';
  return {
    client,
    ready,
    waitUntilReady(timeoutMs) {
      if (ready()) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (value: boolean) => {
          clearTimeout(timer);
          client.off('ready', onReady);
          resolve(value);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        client.on('ready', onReady);
      });
    },
    subscriber() {
      // Subscriptions are sent again by their owner on every 'ready' (see shared-cache.ts).
      const subscriber = client.duplicate({
        enableOfflineQueue: true,
        autoResubscribe: false,
        commandTimeout: undefined,
      });
      subscriber.on('error', () => undefined);
      subscribers.push(subscriber);
      return subscriber;
    },
    async close() {
      closing = true;
      await Promise.all(
        [client, ...subscribers].map(async (connection) => {
          if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
          else connection.disconnect();
        }),
      );
    },
  };
}
