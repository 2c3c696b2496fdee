/**
 * The fleet test (issue 18): two app processes (`server/main.ts` with the built pages, ports of
 * their own, disks of their own) on one PostgreSQL database, one Redis and one S3 bucket — a
 * private PostgreSQL cluster and Redis this test may stop, and the signature-checking radosgw.
 * Each check is one test; they run in order, the outages last. An instance that exits fails the run.
 *
 * Run with `npm run test:fleet` after `npx react-router build` (`.ci/run` runs it after `npm test`).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { readIsCi } from '../../config/env.ts';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { createCourse, createLesson } from '../factories/catalog.ts';
import {
  findPostgresBin,
  findRedisServer,
  freePort,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from '../helpers/private-servers.ts';
import { createTestBucket, findTestS3Server, s3AppEnv, type TestBucket } from '../helpers/s3-server.ts';
import { startInstance, waitUntilServing, type AppInstance } from './instances.ts';

const run = promisify(execFile);
const ADMIN = { username: 'quantri@khaitri.vn', password: 'KhaiTri@2026' };
/** exams.tick: the shortest periodic job (server/jobs.ts), sent as one throttled job per slot. */
const PERIODIC = { name: 'exams.tick', everySeconds: 15 };

const s3Server = await findTestS3Server();
const pgBin = findPostgresBin();
const redisBin = findRedisServer();
const missing = [
  s3Server ? null : 'radosgw (apt-get install radosgw ceph-mon ceph-osd)',
  pgBin ? null : 'PostgreSQL server tools',
  redisBin ? null : 'redis-server',
].filter(Boolean);
if (missing.length > 0 && readIsCi()) throw new Error(`The fleet test needs ${missing.join(', ')}.`);
if (!fs.existsSync(path.resolve(import.meta.dirname, '../../build/server/index.js')))
  throw new Error('The fleet test needs the built pages: npx react-router build');
if (missing.length > 0) console.warn(`Fleet test NOT RUN: missing ${missing.join(', ')}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request; a refused connection or a timeout is status 0 (a dead instance, never acceptable). */
async function request(
  instance: AppInstance,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; body?: Buffer<ArrayBuffer>; type?: string; accept?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer<ArrayBuffer> | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['content-type'] = options.type ?? 'application/octet-stream';
    body = options.body;
  }
  try {
    const response = await fetch(`${instance.baseUrl}${url}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}

const json = <T>(answer: Answer) => JSON.parse(answer.body) as T;

(missing.length > 0 ? describe.skip : describe)('a fleet of two instances', () => {
  let cluster: PrivatePostgres;
  let redis: PrivateRedis;
  let bucket: TestBucket;
  let database: DatabaseHandle;
  let a: AppInstance;
  let b: AppInstance;
  let token = '';
  let bothUpAt = 0;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-fleet-'));

  beforeAll(async () => {
    const began = Date.now();
    [cluster, redis, bucket] = await Promise.all([
      startPrivatePostgres(pgBin!),
      startPrivateRedis(redisBin!),
      createTestBucket(s3Server!),
    ]);
    const databaseUrl = await cluster.createDatabase('khai_tri_fleet');
    const vapid = webpush.generateVAPIDKeys();
    const env = {
      APP_ENV: 'test',
      LOG_LEVEL: 'info',
      INSTANCE_COUNT: '2',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ...s3AppEnv(bucket.server),
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Started together on the empty database: one migrates and seeds, the other waits its turn.
    a = startInstance({ name: 'A', port: portA, dataDir: path.join(workDir, 'a'), env });
    b = startInstance({ name: 'B', port: portB, dataDir: path.join(workDir, 'b'), env });
    const spawned = Date.now();
    await Promise.all([waitUntilServing(a, 150_000), waitUntilServing(b, 150_000)]);
    bothUpAt = Date.now();
    console.info(
      `fleet up: servers and bucket in ${((spawned - began) / 1000).toFixed(1)} s, ` +
        `two instances serving ${((bothUpAt - spawned) / 1000).toFixed(1)} s later`,
    );
    database = connectDatabase({ databaseUrl, dataDir: workDir });
    const login = await request(a, 'POST', '/api/user/login.json', { json: ADMIN });
    expect(login.status, login.body).toBe(200);
    token = json<{ data: { token: string } }>(login).data.token;
  }, 200_000);

  afterEach(() => {
    for (const instance of [a, b])
      expect(instance?.exit() ?? null, `${instance?.name} exited:\n${instance?.tail()}`).toBeNull();
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await redis?.stop();
    await cluster?.destroy();
    await bucket?.destroy();
    fs.rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  /** On a failed check, what both instances wrote last. */
  function showLogsOnFailure() {
    onTestFailed(() => {
      for (const instance of [a, b]) console.error(`── ${instance.name} (last lines)\n${instance.tail(60)}`);
    });
  }

  it('shares sessions: a sign-in on A is valid on B', async () => {
    showLogsOnFailure();
    const me = await request(b, 'GET', '/api/user/user.json', { token });
    expect(me.status, me.body).toBe(200);
  });

  it('shows an admin edit made on A on B within 1 s (API and page micro-cache)', async () => {
    showLogsOnFailure();
    const course = await createCourse(database.db, { title: 'Hóa học 12 nền tảng', is_published: 1 });
    const details = `/api/user/course/details.json?slug=${course.slug}`;
    const page = `/khoa-hoc/${course.slug}`;
    // B caches the course (the API's cache and the anonymous page's micro-cache).
    for (let i = 0; i < 2; i++) {
      expect((await request(b, 'GET', details)).body).toContain('Hóa học 12 nền tảng');
      expect((await request(b, 'GET', page, { accept: 'text/html' })).body).toContain('Hóa học 12 nền tảng');
    }
    const current = json<{ data: Record<string, unknown> }>(
      await request(a, 'GET', `/api/admin/courses/${course.id}.json`, { token }),
    ).data;
    const input = Object.fromEntries(
      ['type', 'category_id', 'teacher_id', 'summary', 'description', 'price_new', 'price_old', 'thumbnail']
        .filter((key) => current[key] !== null && current[key] !== undefined)
        .map((key) => [key, current[key]]),
    );
    const title = 'Hóa học 12 nâng cao (sửa trên A)';
    const saved = await request(a, 'PUT', `/api/admin/courses/${course.id}.json`, {
      token,
      json: { ...input, title },
    });
    expect(saved.status, saved.body).toBe(200);
    const deadline = Date.now() + 1_000;
    let seen = { api: false, page: false };
    while (Date.now() < deadline && !(seen.api && seen.page)) {
      seen = {
        api: seen.api || (await request(b, 'GET', details)).body.includes(title),
        page: seen.page || (await request(b, 'GET', page, { accept: 'text/html' })).body.includes(title),
      };
      if (!(seen.api && seen.page)) await sleep(50);
    }
    expect(seen, 'the new title on B within 1 s of the save on A').toEqual({ api: true, page: true });
  });

  it('completes a resumable upload whose chunks alternate between A and B, and transcodes it once', async () => {
    showLogsOnFailure();
    const course = await createCourse(database.db, { title: 'Khóa video đội máy', is_published: 0 });
    const lesson = await createLesson(database.db, {
      course_id: course.id,
      content_type: 'video',
      title: 'Bài video đội máy',
    });
    // About 11 MiB, so the chunks are 5 MiB, 5 MiB and the rest (S3 multipart's smallest part).
    const clip = path.join(workDir, 'clip.mp4');
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '4', '-shortest'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '24M', '-minrate', '24M', '-maxrate', '24M'],
      ...['-bufsize', '24M', '-x264-params', 'nal-hrd=cbr', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
    ]);
    const bytes = fs.readFileSync(clip);
    const part = 5 * 1024 * 1024;
    expect(bytes.length).toBeGreaterThan(2 * part);
    const base = `/api/admin/courses/${course.id}/lessons/${lesson.id}/uploads`;
    const created = await request(a, 'POST', `${base}.json`, {
      token,
      json: { filename: 'clip.mp4', size: bytes.length },
    });
    expect(created.status, created.body).toBe(200);
    const uploadId = json<{ data: { upload_id: string } }>(created).data.upload_id;
    const chunks: Array<[AppInstance, number, number]> = [
      [a, 0, part],
      [b, part, 2 * part],
      [a, 2 * part, bytes.length],
    ];
    let last: { offset: number; complete: boolean; asset_id: number | null } | undefined;
    for (const [instance, from, to] of chunks) {
      const answer = await request(instance, 'PATCH', `${base}/${uploadId}.json?offset=${from}`, {
        token,
        body: bytes.subarray(from, to),
      });
      expect(answer.status, `chunk ${from}–${to} on ${instance.name}: ${answer.body}`).toBe(200);
      last = json<{ data: typeof last }>(answer).data;
      expect(last!.offset).toBe(to);
    }
    expect(last).toMatchObject({ complete: true, offset: bytes.length });
    expect(last!.asset_id).toBeGreaterThan(0);

    // Both instances run a transcoding worker; the asset is transcoded once, by one of them.
    const status = `/api/admin/courses/${course.id}/lessons/${lesson.id}/video.json`;
    let video: { status: string } = { status: '' };
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && video.status !== 'ready' && video.status !== 'failed') {
      await sleep(1_000);
      video = json<{ data: { status: string } }>(await request(b, 'GET', status, { token })).data;
    }
    expect(video.status).toBe('ready');
    const assets = await database.db
      .selectFrom('video_assets')
      .select(['id', 'status', 'attempts'])
      .where('lesson_id', '=', lesson.id)
      .execute();
    expect(assets).toEqual([{ id: last!.asset_id, status: 'ready', attempts: 1 }]);
  }, 180_000);

  it('keeps pages and the API answering 200 while Redis is stopped; /readyz says degraded', async () => {
    showLogsOnFailure();
    const course = await createCourse(database.db, { title: 'Vật lý 11 cơ bản', is_published: 1 });
    const urls = [
      ['/', 'text/html'],
      [`/khoa-hoc/${course.slug}`, 'text/html'],
      ['/api/user/course.json', 'application/json'],
      [`/api/user/course/details.json?slug=${course.slug}`, 'application/json'],
    ] as const;
    await redis.stop();
    try {
      // The failure came 5–10 s into the outage (the limiter's Redis commands timing out).
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        for (const instance of [a, b]) {
          for (const [url, accept] of urls) {
            const answer = await request(instance, 'GET', url, { accept });
            expect(answer.status, `${instance.name} ${url}: ${answer.body.slice(0, 300)}`).toBe(200);
          }
          const me = await request(instance, 'GET', '/api/user/user.json', { token });
          expect(me.status, `${instance.name} /api/user/user.json: ${me.body}`).toBe(200);
        }
        await sleep(500);
      }
      for (const instance of [a, b]) {
        const login = await request(instance, 'POST', '/api/user/login.json', { json: ADMIN });
        expect(login.status, `${instance.name} login: ${login.body}`).toBe(200);
        const ready = await request(instance, 'GET', '/readyz');
        expect(ready.status).toBe(200);
        expect(json(ready)).toMatchObject({ status: 'degraded', redis: 'degraded' });
      }
    } finally {
      await redis.start();
    }
    for (const instance of [a, b]) {
      const deadline = Date.now() + 30_000;
      let redisState = '';
      while (Date.now() < deadline && redisState !== 'ok') {
        redisState = json<{ redis: string }>(await request(instance, 'GET', '/readyz')).redis;
        if (redisState !== 'ok') await sleep(500);
      }
      expect(redisState, `${instance.name} back on Redis`).toBe('ok');
    }
  }, 90_000);

  it(`runs a periodic job (${PERIODIC.name}, every ${PERIODIC.everySeconds} s) once per period`, async () => {
    showLogsOnFailure();
    // Whole periods that began after both instances were up and have ended (Redis plays no part in
    // the queue, so the periods of its outage count too).
    const periods = async () => {
      const { rows } = await sql<{ slot: Date; jobs: number; completed: number; retries: number }>`
        select singleton_on as slot, count(*)::int as jobs,
               count(*) filter (where state = 'completed')::int as completed,
               coalesce(sum(retry_count), 0)::int as retries
          from pgboss.job
         where name = ${PERIODIC.name} and singleton_on is not null
         group by singleton_on order by singleton_on`.execute(database.db);
      const now = Date.now();
      return rows.filter(
        (row) =>
          new Date(row.slot).getTime() >= bothUpAt &&
          new Date(row.slot).getTime() + (PERIODIC.everySeconds + 5) * 1000 <= now,
      );
    };
    const deadline = Date.now() + (4 * PERIODIC.everySeconds + 10) * 1000;
    let done = await periods();
    while (done.length < 2 && Date.now() < deadline) {
      await sleep(1_000);
      done = await periods();
    }
    expect(done.length, 'two whole periods with both instances up').toBeGreaterThanOrEqual(2);
    for (const period of done) expect(period).toMatchObject({ jobs: 1, completed: 1, retries: 0 });
  }, 120_000);

  it('answers 503 while PostgreSQL is stopped for 10 s, never crashes, and serves again without a restart', async () => {
    showLogsOnFailure();
    const pids = [a.pid, b.pid];
    await cluster.stop();
    const answers: string[] = [];
    try {
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        for (const instance of [a, b]) {
          const me = await request(instance, 'GET', '/api/user/user.json', { token });
          const ready = await request(instance, 'GET', '/readyz');
          answers.push(`${instance.name} ${me.status} ${ready.status}`);
          expect(me.status, `${instance.name} during the outage: ${me.body}`).toBe(503);
          expect(json<{ error: { code: string } }>(me).error.code).toBe('SERVICE_UNAVAILABLE');
          expect(ready.status).toBe(503);
        }
        await sleep(500);
      }
    } finally {
      await cluster.start();
    }
    expect(answers.length).toBeGreaterThan(4);
    for (const instance of [a, b]) {
      const deadline = Date.now() + 30_000;
      let answer: Answer = { status: 0, body: '' };
      while (Date.now() < deadline && answer.status !== 200) {
        answer = await request(instance, 'GET', '/api/user/user.json', { token });
        if (answer.status !== 200) await sleep(500);
      }
      expect(answer.status, `${instance.name} after the outage: ${answer.body}`).toBe(200);
      expect((await request(instance, 'GET', '/', { accept: 'text/html' })).status).toBe(200);
      const ready = await request(instance, 'GET', '/readyz');
      expect(ready.status).toBe(200);
    }
    // The same processes, never restarted.
    expect([a.pid, b.pid]).toEqual(pids);
    expect([a.exit(), b.exit()]).toEqual([null, null]);
  }, 90_000);
});
