import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, readBenchDatabaseUrl } from './env.ts';

/** A VAPID key pair for these tests only (npx web-push generate-vapid-keys). */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BHA0csE6mG6bVjHX1V2cOSChir6C9y8dEhotrIYU3T3eAp9ive0Jq3A6ygygPnGY9JX5ZkMMwPgb3s9DKfvAHUc',
  VAPID_PRIVATE_KEY: 'dDhgoMIP_F9gzPnl8ErFYbZkO2BCGqZnikzICNWObVw',
};

describe('loadEnv', () => {
  it('gives the documented defaults for an empty environment', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      APP_ENV: 'demo',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      SITE_NAME: 'Khai Trí',
      PUBLIC_URL: 'http://localhost:3000',
      DISABLED_RECOGNITION: 1,
      RATE_LIMIT_PER_MINUTE: 10_000,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset and trims values', () => {
    const env = loadEnv({ PORT: ' 4000 ', DATABASE_URL: '', PUBLIC_URL: 'https://khaitri.vn/' });
    expect(env.PORT).toBe(4000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('https://khaitri.vn');
  });

  it('stops with a list naming every bad variable', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        APP_ENV: 'staging',
        PUBLIC_URL: 'ftp://x',
        SESSION_SECRET: 'short',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'APP_ENV', 'PUBLIC_URL', 'SESSION_SECRET'])
      expect(problems).toContain(name);
    expect((error as EnvError).message).toMatch(/^Cấu hình không hợp lệ:\n {2}- /);
  });

  it('requires a session secret in production', () => {
    expect(() => loadEnv({ APP_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(loadEnv({ APP_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...VAPID }).APP_ENV).toBe('production');
  });

  it('refuses a fleet (INSTANCE_COUNT > 1) that one instance would keep to itself, naming each variable', () => {
    let error: unknown;
    try {
      loadEnv({ INSTANCE_COUNT: '2' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const named = (error as EnvError).problems.map((line) => line.split(':')[0]);
    expect(named).toEqual([
      'SESSION_SECRET',
      'DATABASE_URL',
      'S3_BUCKET',
      'REDIS_URL',
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY',
    ]);
    expect((error as EnvError).message).toMatch(/SHARED_DATA_DIR=1/);
    const fleet = {
      INSTANCE_COUNT: '3',
      SESSION_SECRET: 'x'.repeat(32),
      DATABASE_URL: 'postgres://db/khaitri',
      REDIS_URL: 'redis://cache:6379',
      ...VAPID,
    };
    // Local-disk uploads only on a volume every instance mounts; S3 needs no flag.
    expect(() => loadEnv(fleet)).toThrow(/S3_BUCKET: bắt buộc khi INSTANCE_COUNT=3/);
    expect(loadEnv({ ...fleet, SHARED_DATA_DIR: '1' }).INSTANCE_COUNT).toBe(3);
    expect(loadEnv({ ...fleet, S3_BUCKET: 'khaitri-media' }).SHARED_DATA_DIR).toBe(false);
    // One instance needs none of it.
    expect(loadEnv({ INSTANCE_COUNT: '1' }).INSTANCE_COUNT).toBe(1);
  });

  it('requires both VAPID keys in production and accepts none elsewhere (a pair is generated)', () => {
    const production = { APP_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadEnv(production)).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: VAPID.VAPID_PUBLIC_KEY })).toThrow(/cả hai/);
    expect(() => loadEnv({ ...VAPID, VAPID_PUBLIC_KEY: 'ngắn' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(loadEnv({ ...production, ...VAPID }).VAPID_SUBJECT).toBe('mailto:hotro@khaitri.vn');
    expect(loadEnv({}).VAPID_PUBLIC_KEY).toBeUndefined();
  });

  it('parses comma lists and flags', () => {
    const env = loadEnv({ IFRAME_HOSTS: 'a.vn, b.vn ,,', TRUST_PROXY: 'yes' });
    expect(env.IFRAME_HOSTS).toEqual(['a.vn', 'b.vn']);
    expect(env.TRUST_PROXY).toBe(true);
  });

  it('allows PUBLIC_URL’s host, plus localhost and 127.0.0.1 outside production, or the listed hosts', () => {
    expect(loadEnv({}).ALLOWED_HOSTS).toEqual(['localhost:3000', 'localhost', '127.0.0.1', '[::1]']);
    const production = { APP_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...VAPID };
    expect(loadEnv({ ...production, PUBLIC_URL: 'https://khaitri.vn' }).ALLOWED_HOSTS).toEqual(['khaitri.vn']);
    expect(
      loadEnv({ ...production, PUBLIC_URL: 'https://khaitri.vn', ALLOWED_HOSTS: 'm.khaitri.vn, khaitri.com.vn:8443' })
        .ALLOWED_HOSTS,
    ).toEqual(['khaitri.vn', 'm.khaitri.vn', 'khaitri.com.vn:8443']);
    expect(() => loadEnv({ ALLOWED_HOSTS: 'https://evil.example/' })).toThrow(/ALLOWED_HOSTS/);
  });
});

describe('readBenchDatabaseUrl', () => {
  it('takes BENCH_DATABASE_URL, else the test suite’s PostgreSQL, else none', () => {
    const bench = 'postgres://postgres@127.0.0.1:5432/bench';
    const test = 'postgres://postgres@127.0.0.1:5432/khai_tri_test';
    expect(readBenchDatabaseUrl({ BENCH_DATABASE_URL: bench, TEST_DATABASE_URL: test })).toBe(bench);
    expect(readBenchDatabaseUrl({ BENCH_DATABASE_URL: ' ', TEST_DATABASE_URL: test })).toBe(test);
    expect(readBenchDatabaseUrl({})).toBeUndefined();
  });
});
