/**
 * The per-account throttle: fixed windows in process, and with REDIS_URL shared through Redis by
 * every instance (a password guessed against one instance counts on the other). CI starts Redis.
 */
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createTestContext } from '../../tests/helpers/test-app.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { PASSWORD_LIMITS } from '../accounts/sign-in-guard.ts';
import { createRedisThrottle, createThrottle } from './throttle.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** A connected Redis, or null when none answers here (the shared-store tests then have nothing to talk to). */
async function connectRedis(): Promise<Redis | null> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500 });
  try {
    await redis.connect();
    return redis;
  } catch {
    redis.disconnect();
    return null;
  }
}

describe('the in-process throttle', () => {
  it('allows `limit` hits in a window, then refuses with the time left, and forgets after the window', async () => {
    const throttle = createThrottle();
    const start = 1_000_000;
    for (let hit = 1; hit <= 3; hit += 1) expect((await throttle.hit('k', 3, 60_000, start)).allowed).toBe(true);
    expect(await throttle.peek('k', 3, start)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await throttle.hit('k', 3, 60_000, start + 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await throttle.peek('k', 3, start + 60_000)).allowed).toBe(true);
    await throttle.hit('k', 3, 60_000, start);
    await throttle.reset('k');
    expect(await throttle.peek('k', 3, start)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });
});

describe('the throttle on Redis', () => {
  it('counts in Redis with the window as its expiry, and falls back in process when Redis is gone', async (context) => {
    const redis = await connectRedis();
    if (!redis) return context.skip();
    const prefix = `t${Date.now()}:th:`;
    const throttle = createRedisThrottle(redis, prefix);
    expect((await throttle.hit('a', 2, 60_000)).allowed).toBe(true);
    expect((await throttle.hit('a', 2, 60_000)).allowed).toBe(true);
    const refused = await throttle.hit('a', 2, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(await redis.get(`${prefix}a`)).toBe('3');
    expect(await redis.pttl(`${prefix}a`)).toBeGreaterThan(55_000);
    expect((await throttle.peek('a', 2)).allowed).toBe(false);
    await throttle.reset('a');
    expect(await redis.exists(`${prefix}a`)).toBe(0);
    redis.disconnect();

    // Nothing listens on port 1: every call falls back to this instance's own counters.
    const gone = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 200 });
    gone.on('error', () => undefined);
    const lonely = createRedisThrottle(gone, prefix);
    expect((await lonely.hit('b', 1, 60_000)).allowed).toBe(true);
    expect((await lonely.hit('b', 1, 60_000)).allowed).toBe(false);
    gone.disconnect();
  });

  it('pauses password sign-in on an account guessed at on one instance on the other instance too', async (context) => {
    const probe = await connectRedis();
    if (!probe) return context.skip();
    probe.disconnect();
    const env = { REDIS_URL, SITE_LABEL: `t${Date.now()}` };
    const first = await createTestContext({ env });
    const second = await createTestContext({ env });
    try {
      const phone = '84903000777';
      await createUser(first.db, { phone });
      const user = await createUser(second.db, { phone });
      const login = (t: typeof first, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login.json',
          payload: { username: '0903000777', password },
          remoteAddress: nextClientAddress(),
        });
      // Each attempt from a new address and device: only the account's own daily count stops them.
      for (let attempt = 0; attempt < PASSWORD_LIMITS.account.hits; attempt += 1) {
        expect((await login(attempt % 2 === 0 ? first : second, 'sai-mat-khau')).statusCode).toBe(401);
      }
      const paused = await login(second, user.password);
      expect(paused.statusCode).toBe(429);
      expect(paused.json().error.message).toMatch(/đăng nhập bằng mã OTP/);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
