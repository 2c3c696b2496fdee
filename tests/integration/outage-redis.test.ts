/**
 * Redis outages and shared state (decision 0011), on a private redis-server this test stops and
 * starts (never the machine's shared one): while Redis is away pages, the API and sign-in answer as
 * usual, the route limits still apply (in process), /readyz says "degraded" with a 200; when it is
 * back the limits live in Redis again. A cache invalidation on one instance clears another's cache
 * and page micro-cache over Redis pub/sub.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../modules/services.ts';
import { createApp } from '../../server/app.ts';
import { createUser } from '../factories/accounts.ts';
import { createCourse } from '../factories/catalog.ts';
import { findRedisServer, startPrivateRedis, type PrivateRedis } from '../helpers/private-servers.ts';
import { createTestContext, loadServerBuild, type TestContext, type TestLogger } from '../helpers/test-app.ts';

const binary = findRedisServer();

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`Redis outages and shared state${binary ? '' : ' (needs redis-server: .ci/run installs it)'}`, () => {
  let redis: PrivateRedis;
  let probe: Redis;
  let t: TestContext;
  const label = `o${Date.now()}`;
  const logged: string[] = [];
  const logger: TestLogger = {
    info: (_details, message) => logged.push(message),
    warn: (_details, message) => logged.push(message),
    error: (_details, message) => logged.push(`error: ${message}`),
  };
  let courseSlug = '';
  let password = '';

  beforeAll(async () => {
    if (!binary) throw new Error('redis-server not found');
    redis = await startPrivateRedis(binary);
    probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 200 });
    probe.on('error', () => undefined);
    await probe.connect();
    t = await createTestContext({
      pages: true,
      logger,
      env: { REDIS_URL: redis.url, SITE_LABEL: label, RATE_LIMIT_PER_MINUTE: '8', PAGE_CACHE_SECONDS: '60' },
    });
    courseSlug = (await createCourse(t.db, { title: 'Luyện đề Tiếng Anh THPT' })).slug;
    password = (await createUser(t.db, { phone: '84903222333' })).password;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    probe?.disconnect();
    await redis?.stop();
  });

  const from = (address: string) => ({ remoteAddress: address });
  let sequence = 0;
  /** A new address per request where a test repeats one (the limit here is 8 a minute). */
  const fresh = () => from(`10.9.2.${(sequence += 1)}`);
  const rateLimitKeys = () => probe.keys(`${label}:rl:*`);

  it('keeps serving pages, the API and sign-in while Redis is away, with the limits counted in process', async () => {
    // Connected: the route limit is counted in Redis.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/settings.json', ...from('10.9.0.1') })).statusCode,
    ).toBe(200);
    expect((await rateLimitKeys()).some((key) => key.endsWith('10.9.0.1'))).toBe(true);

    await redis.stop();
    await until(() => !t.services.redis!.ready(), 'the app notices Redis is gone');

    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' }, ...from('10.9.0.2') });
    expect(home.statusCode).toBe(200);
    const course = await t.app.inject({
      method: 'GET',
      url: `/api/user/course/details.json?slug=${courseSlug}`,
      ...from('10.9.0.3'),
    });
    expect(course.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login.json',
      payload: { username: '0903222333', password },
      ...from('10.9.0.4'),
    });
    expect(login.statusCode).toBe(200);
    // Sessions live in the database: the new session is recognised without Redis.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/user.json',
      headers: { authorization: `Bearer ${login.json().data.token}` },
      ...from('10.9.0.5'),
    });
    expect(me.statusCode).toBe(200);

    // The limit (8 a minute per address) still applies, counted by this instance.
    const statuses: number[] = [];
    for (let request = 0; request < 9; request += 1) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/user/settings.json', ...from('10.9.0.6') })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'degraded', redis: 'degraded', sessions: 'database' });

    await redis.start();
    await until(() => t.services.redis!.ready(), 'the app reconnects to Redis', 10_000);
    await until(() => probe.status === 'ready', 'the probe reconnects', 10_000);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ok', redis: 'ok' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/settings.json', ...from('10.9.0.7') })).statusCode,
    ).toBe(200);
    expect((await rateLimitKeys()).some((key) => key.endsWith('10.9.0.7'))).toBe(true);

    // Said once when it went, once when it came back; never an error.
    expect(logged.filter((line) => line.startsWith('Redis unreachable'))).toHaveLength(1);
    expect(logged.filter((line) => line.startsWith('Redis is back'))).toHaveLength(1);
    expect(logged.filter((line) => line.startsWith('error:'))).toEqual([]);
  });

  it('clears the other instance’s cache and page micro-cache when one instance invalidates', async () => {
    // A second instance on the same database and Redis.
    const services = createServices({ db: t.db, engine: t.database.engine, env: t.env });
    const build = await loadServerBuild();
    const other = await createApp({ env: t.env, db: t.db, services, getBuild: () => build, clientDir: 'build/client' });
    try {
      const details = async () =>
        (
          await other.inject({ method: 'GET', url: `/api/user/course/details.json?slug=${courseSlug}`, ...fresh() })
        ).json().data.title as string;
      const page = () =>
        other.inject({ method: 'GET', url: `/khoa-hoc/${courseSlug}`, headers: { accept: 'text/html' }, ...fresh() });
      expect(await details()).toBe('Luyện đề Tiếng Anh THPT');
      expect((await page()).headers['x-page-cache']).toBe('miss');
      expect((await page()).headers['x-page-cache']).toBe('hit');

      // An edit on the first instance (its write, then its invalidation, as the studio does).
      await t.db
        .updateTable('courses')
        .set({ title: 'Luyện đề Tiếng Anh THPT 2026' })
        .where('slug', '=', courseSlug)
        .execute();
      expect(await details()).toBe('Luyện đề Tiếng Anh THPT'); // still cached on the other instance
      const started = Date.now();
      t.services.cache.invalidate('catalog:');
      await until(
        async () => (await details()) === 'Luyện đề Tiếng Anh THPT 2026',
        'the other instance sees the edit',
        1_000,
      );
      expect(Date.now() - started).toBeLessThan(1_000);
      const after = await page();
      expect(after.headers['x-page-cache']).toBe('miss');
      expect(after.body).toContain('Luyện đề Tiếng Anh THPT 2026');
    } finally {
      await other.close();
    }
  });
});
