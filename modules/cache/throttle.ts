/**
 * Fixed-window counters for per-account throttling (login failures, OTP sends, wrong activation
 * codes, comments, partnership requests). The windows are short, so a throttled account is never
 * locked out for long. In-process by default; with REDIS_URL the counters live in Redis, so every
 * instance behind the load balancer shares them (as the route rate limits do).
 */
import type { Redis } from 'ioredis';

export interface ThrottleResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface Throttle {
  /** Counts one hit; not allowed once `limit` hits fall inside the window. */
  hit(key: string, limit: number, windowMs: number, now?: number): Promise<ThrottleResult>;
  /** Reads without counting. */
  peek(key: string, limit: number, now?: number): Promise<ThrottleResult>;
  reset(key: string): Promise<void>;
  /** Lets go of a shared store's connection (the app's onClose). */
  close(): Promise<void>;
}

const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createThrottle(maxKeys = 100_000): Throttle {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const read = (key: string, now: number) => {
    const entry = windows.get(key);
    if (!entry || entry.resetAt <= now) return undefined;
    return entry;
  };
  return {
    async hit(key, limit, windowMs, now = Date.now()) {
      let entry = read(key, now);
      if (!entry) {
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
        if (windows.size > maxKeys) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
      }
      entry.count += 1;
      return { allowed: entry.count <= limit, retryAfterSeconds: retryAfter(entry.resetAt - now) };
    },
    async peek(key, limit, now = Date.now()) {
      const entry = read(key, now);
      if (!entry) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: entry.count < limit, retryAfterSeconds: retryAfter(entry.resetAt - now) };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {},
  };
}

/** INCR, with the window's expiry set by the first hit, in one atomic step: [count, ms left]. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return { count, left }`;

/**
 * The same counters in Redis under `prefix`. While Redis is away (not connected, or a command
 * fails) this instance counts on its own (in-process) rather than refusing every login; the
 * connection's owner (modules/cache/redis.ts) logs the outage once and closes it.
 */
export function createRedisThrottle(redis: Redis, prefix: string, fallback: Throttle = createThrottle()): Throttle {
  const name = (key: string) => `${prefix}${key}`;
  return {
    async hit(key, limit, windowMs, now) {
      if (redis.status !== 'ready') return fallback.hit(key, limit, windowMs, now);
      try {
        const [count, left] = (await redis.eval(HIT_SCRIPT, 1, name(key), String(windowMs))) as [number, number];
        return { allowed: count <= limit, retryAfterSeconds: retryAfter(left) };
      } catch {
        return fallback.hit(key, limit, windowMs, now);
      }
    },
    async peek(key, limit, now) {
      if (redis.status !== 'ready') return fallback.peek(key, limit, now);
      try {
        const [value, left] = await Promise.all([redis.get(name(key)), redis.pttl(name(key))]);
        const count = Number(value ?? 0);
        if (count === 0 || left === -2) return { allowed: true, retryAfterSeconds: 0 };
        return { allowed: count < limit, retryAfterSeconds: retryAfter(left) };
      } catch {
        return fallback.peek(key, limit, now);
      }
    },
    async reset(key) {
      await fallback.reset(key);
      if (redis.status === 'ready') await redis.del(name(key)).catch(() => undefined);
    },
    async close() {},
  };
}

/**
 * Server-to-server notifications (gateway IPNs, the carrier's SMS webhook) are never limited while
 * their signature is valid — a gateway's notifier is one address, and a sale peak must not turn
 * its notifications into 429s. Only badly signed ones count, per sending address: past the limit
 * they are refused before any further work.
 */
export const UNSIGNED_NOTIFICATION_LIMIT = { hits: 60, windowMs: 60_000 } as const;

export function countUnsignedNotification(throttle: Throttle, scope: string, address: string | null) {
  const { hits, windowMs } = UNSIGNED_NOTIFICATION_LIMIT;
  return throttle.hit(`unsigned:${scope}:${address ?? '-'}`, hits, windowMs);
}
