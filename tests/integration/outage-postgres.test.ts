/**
 * PostgreSQL outages (decision 0011), on a private cluster this test stops and starts (never the
 * machine's shared server): requests during the outage are answered 503 at once with the
 * Vietnamese message — JSON for the API, the unavailable page for a browser, text for a page's data
 * request — /readyz fails, the process survives, and it serves again when PostgreSQL is back,
 * without a restart. Two instances starting together on an empty database both start.
 * PostgreSQL-only by nature: it runs in the PostgreSQL pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadEnv } from '../../config/env.ts';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { prepareDatabase } from '../../db/prepare.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../lib/errors.ts';
import { createServices } from '../../modules/services.ts';
import { createApp } from '../../server/app.ts';
import { createUser } from '../factories/accounts.ts';
import { createCourse } from '../factories/catalog.ts';
import { nextClientAddress } from '../helpers/auth.ts';
import { findPostgresBin, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-servers.ts';
import { createTestContext, currentEngine, type TestContext, type TestLogger } from '../helpers/test-app.ts';

const bin = findPostgresBin();

/** Collects what is logged, to show an outage is reported once and the recovery once. */
function recordingLogger() {
  const lines: Array<{ level: string; message: string }> = [];
  const logger: TestLogger = {
    info: (_details, message) => lines.push({ level: 'info', message }),
    warn: (_details, message) => lines.push({ level: 'warn', message }),
    error: (_details, message) => lines.push({ level: 'error', message }),
  };
  return { logger, lines, count: (pattern: RegExp) => lines.filter((line) => pattern.test(line.message)).length };
}

describe.runIf(currentEngine() === 'postgres')(
  `PostgreSQL outages${bin ? '' : ' (needs the PostgreSQL server tools under /usr/lib/postgresql: .ci/run uses the machine’s)'}`,
  () => {
    let cluster: PrivatePostgres;
    let t: TestContext;
    const log = recordingLogger();
    let courseSlug = '';
    const phone = '84903111222';
    let password = '';

    beforeAll(async () => {
      if (!bin) throw new Error('PostgreSQL server tools not found under /usr/lib/postgresql');
      cluster = await startPrivatePostgres(bin);
      const url = await cluster.createDatabase('khai_tri_outage');
      t = await createTestContext({ databaseUrl: url, pages: true, logger: log.logger });
      courseSlug = (await createCourse(t.db, { title: 'Ôn thi Vật lý 12 cấp tốc' })).slug;
      password = (await createUser(t.db, { phone })).password;
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      await cluster?.destroy();
    });

    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login.json',
        payload: { username: '0903111222', password },
        remoteAddress: nextClientAddress(),
      });
    const page = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' }, remoteAddress: nextClientAddress() });

    it('answers 503 fast while PostgreSQL is stopped, and serves again once it is back, without a restart', async () => {
      expect((await login()).statusCode).toBe(200);
      expect((await page('/tim-kiem/vat-ly')).statusCode).toBe(200);
      const signedIn = (await login()).json().data.token as string;

      await cluster.stop();
      try {
        const started = Date.now();
        const refused = await login();
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('15');
        expect(refused.json()).toEqual({
          error: { code: 'SERVICE_UNAVAILABLE', message: 'Hệ thống đang bận, vui lòng thử lại sau ít phút.' },
        });
        // A session is checked against the database before the route: the same answer.
        const viewer = await t.app.inject({
          method: 'GET',
          url: '/api/user/user.json',
          headers: { authorization: `Bearer ${signedIn}` },
        });
        expect(viewer.statusCode).toBe(503);
        expect(viewer.json().error.code).toBe('SERVICE_UNAVAILABLE');

        // A browser gets the unavailable page (with the site's styles), not the /404 redirect.
        const document = await page('/tim-kiem/vat-ly');
        expect(document.statusCode).toBe(503);
        expect(document.headers['content-type']).toMatch(/text\/html/);
        expect(document.headers['cache-control']).toBe('no-store');
        expect(document.body).toContain(SERVICE_UNAVAILABLE_MESSAGE);
        expect(document.body).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
        expect(document.body).toContain('Quay về trang chủ');
        // A client-side navigation's data request: the message as text (the browser shows it as a 503).
        const data = await page('/tim-kiem/vat-ly.data');
        expect(data.statusCode).toBe(503);
        expect(data.headers['x-remix-response']).toBeUndefined();
        expect(data.body).toBe(SERVICE_UNAVAILABLE_MESSAGE);
        // A resource route (React Router answers it without entry.server): 503 too, never a 500.
        const sitemap = await page('/sitemap.xml');
        expect(sitemap.statusCode).toBe(503);
        expect(sitemap.headers['retry-after']).toBeDefined();
        expect(sitemap.body).toBe(SERVICE_UNAVAILABLE_MESSAGE);

        const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'postgres' });
      } finally {
        await cluster.start();
      }

      // The pool opens new connections: the same process serves again.
      expect((await login()).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ok' });
      expect((await page('/sitemap.xml')).statusCode).toBe(200);
      const details = await t.app.inject({
        method: 'GET',
        url: `/api/user/course/details.json?slug=${courseSlug}`,
        remoteAddress: nextClientAddress(),
      });
      expect(details.statusCode).toBe(200);
      expect((await page('/tim-kiem/vat-ly')).statusCode).toBe(200);

      // Reported once each way, not once per request; nothing logged as an error.
      expect(log.count(/^database unreachable/)).toBe(1);
      expect(log.count(/^database reachable again/)).toBe(1);
      expect(log.lines.filter((line) => line.level === 'error')).toEqual([]);
    });

    it('lets two instances start together on an empty database: one migrates and seeds, both serve', async () => {
      const url = await cluster.createDatabase('khai_tri_two_starts');
      const env = loadEnv({
        APP_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: t.dataDir,
        SESSION_SECRET: 'x'.repeat(32),
      });
      const handles: DatabaseHandle[] = [0, 1].map(() => connectDatabase({ databaseUrl: url, dataDir: t.dataDir }));
      try {
        const results = await Promise.all(
          handles.map((database) => prepareDatabase(database, { seedDemo: true, uploadsDir: `${t.dataDir}/uploads` })),
        );
        expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
        expect(results.filter((result) => result.applied.length > 0)).toHaveLength(1);
        const settings = await sql<{ n: number }>`select count(*)::int as n from site_settings`.execute(handles[0]!.db);
        expect(settings.rows[0]!.n).toBeGreaterThan(0);
        for (const database of handles) {
          const services = createServices({ db: database.db, engine: database.engine, env });
          const app = await createApp({ env, db: database.db, services });
          try {
            expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
            expect(
              (await app.inject({ method: 'GET', url: '/api/user/course.json?limit=1' })).json().data,
            ).toHaveLength(1);
          } finally {
            await app.close();
          }
        }
      } finally {
        await Promise.all(handles.map((database) => database.close()));
      }
    }, 120_000);
  },
);
