/**
 * Cache invalidation for a fleet: with REDIS_URL, `invalidate(prefix)` clears this instance's
 * entries and publishes the prefix on a Redis channel; every other instance clears the same
 * entries when the message arrives (well under a second). While Redis is away the change reaches
 * only this instance; an instance whose subscription comes back after a gap clears everything,
 * since it may have missed messages. Entries live at most their TTL either way.
 */
import { randomUUID } from 'node:crypto';
import type { Cache } from './cache.ts';
import type { RedisLink } from './redis.ts';

interface Invalidation {
  from: string;
  prefix: string;
}

export interface SharedCache extends Cache {
  /** True once the subscription is in place; false after `timeoutMs` (start-up waits briefly, then serves). */
  subscribed(timeoutMs: number): Promise<boolean>;
}

export function createSharedCache(local: Cache, link: RedisLink, channel: string): SharedCache {
  const instance = randomUUID();
  const subscriber = link.subscriber();
  let everSubscribed = false;
  let markSubscribed!: () => void;
  const firstSubscription = new Promise<void>((resolve) => (markSubscribed = resolve));

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: Invalidation;
    try {
      message = JSON.parse(text) as Invalidation;
    } catch {
      return;
    }
    if (message.from !== instance && typeof message.prefix === 'string') local.invalidate(message.prefix);
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        // Back after a gap: what changed meanwhile was not heard.
        if (everSubscribed) local.invalidate('');
        everSubscribed = true;
        markSubscribed();
      },
      () => undefined,
    );
  });

  return {
    wrap: (key, ttlMs, load) => local.wrap(key, ttlMs, load),
    onInvalidate: (listener) => local.onInvalidate(listener),
    invalidate(prefix) {
      local.invalidate(prefix);
      if (!link.ready()) return;
      const message: Invalidation = { from: instance, prefix };
      link.client.publish(channel, JSON.stringify(message)).catch(() => undefined);
    },
    subscribed: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        void firstSubscription.then(() => {
          clearTimeout(timer);
          resolve(true);
        });
      }),
  };
}
