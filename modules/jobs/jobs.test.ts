/**
 * The job queue on the test's engine: retries with backoff, a periodic job shared by two queue
 * instances on one database, failed jobs in the studio (admins only) and their retry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestHelpers, type Session } from '../../tests/helpers/exam-contests.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createJobQueue, type JobQueue } from './index.ts';

let t: TestContext;
let admin: Session;
let editor: Session;
const { staff, call } = contestHelpers(() => t);
const queues: JobQueue[] = [];

function newQueue(): JobQueue {
  const queue = createJobQueue(t.db, t.database.engine, { pollMs: 200 });
  queues.push(queue);
  return queue;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  t = await createTestContext();
  [admin, editor] = [await staff('admin'), await staff('editor')];
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await t.close();
});

describe('job queue', () => {
  it('retries a failed job after a growing delay, then completes it', async () => {
    const queue = newQueue();
    const runs: number[] = [];
    await queue.define('test.flaky', { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true });
    await queue.work<{ phone: string }>('test.flaky', async (job) => {
      expect(job.data.phone).toBe('0912345678');
      runs.push(Date.now());
      if (runs.length < 3) throw new Error(`Cổng SMS không trả lời (lần ${runs.length})`);
    });
    await queue.start();
    expect(await queue.send('test.flaky', { phone: '0912345678' })).toBeTruthy();
    await until(async () => (await queue.counts()).some((item) => item.name === 'test.flaky' && item.completed === 1));
    expect(runs).toHaveLength(3);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(900);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(1_900);
    const counts = (await queue.counts()).find((item) => item.name === 'test.flaky');
    expect(counts).toMatchObject({ queued: 0, running: 0, failed: 0, completed: 1 });
  }, 30_000);

  it('works a queue whose worker is declared after the queue started, and a worker declared again replaces it', async () => {
    const queue = newQueue();
    await queue.start();
    const seen: string[] = [];
    await queue.work<{ lesson: string }>('test.late', async (job) => {
      seen.push(`first:${job.data.lesson}`);
    });
    await queue.send('test.late', { lesson: 'Phân số' });
    await until(() => seen.length === 1);
    await queue.work<{ lesson: string }>('test.late', async (job) => {
      seen.push(`second:${job.data.lesson}`);
    });
    await queue.send('test.late', { lesson: 'Hình học' });
    await until(() => seen.length === 2);
    expect(seen).toEqual(['first:Phân số', 'second:Hình học']);
  });

  it('keeps one waiting job per singleton key in a unique queue', async () => {
    const queue = newQueue();
    await queue.define('test.single', { unique: true });
    await queue.start();
    const later = new Date(Date.now() + 3_600_000);
    expect(await queue.send('test.single', { n: 1 }, { singletonKey: 'don-KT1', startAfter: later })).toBeTruthy();
    expect(await queue.send('test.single', { n: 2 }, { singletonKey: 'don-KT1', startAfter: later })).toBeNull();
  });

  it('stops only once what it fetched is worked and recorded: the database can close right after', async () => {
    const reader = newQueue();
    await reader.start();
    // Sent and stopped at once, a few times: the worker's fetch is sometimes on its way as it stops.
    const lessons = [
      'Đạo hàm',
      'Tích phân',
      'Số phức',
      'Xác suất',
      'Hình học không gian',
      'Dãy số',
      'Lôgarit',
      'Vectơ',
    ];
    for (const [index, lesson] of lessons.entries()) {
      const name = `test.ending.${index}`;
      const queue = newQueue();
      const worked: string[] = [];
      await queue.define(name, { immediate: true });
      await queue.work<{ lesson: string }>(name, async (job) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        worked.push(job.data.lesson);
      });
      await queue.start();
      await queue.send(name, { lesson });
      await queue.stop();
      const after = [...worked];
      // Nothing of the stopped queue is still on its way: another instance reads the job as done
      // (or as never taken), never as running; the handler ran before stop() returned, or never.
      const counts = (await reader.counts()).find((item) => item.name === name)!;
      expect(counts).toMatchObject({ running: 0, failed: 0 });
      expect(counts.completed + counts.queued).toBe(1);
      expect(after).toEqual(counts.completed === 1 ? [lesson] : []);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(worked).toEqual(after);
    }
  });

  it('runs a periodic job once per period with two queue instances on one database', async () => {
    const runs: number[] = [];
    const [first, second] = [newQueue(), newQueue()];
    for (const queue of [first, second]) {
      await queue.define('test.tick', { retryLimit: 0, expireInSeconds: 30 });
      await queue.work('test.tick', async () => {
        runs.push(Date.now());
      });
      await queue.schedule('test.tick', { everySeconds: 2 });
    }
    await first.start();
    await second.start();
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const to = Date.now();
    // The periods (aligned on the epoch) that began while both ran, and the one running at the start.
    const periods = Math.floor(to / 2_000) - Math.floor(from / 2_000) + 1;
    expect(runs.length).toBeLessThanOrEqual(periods);
    expect(runs.length).toBeGreaterThanOrEqual(periods - 2);
    const counts = (await first.counts()).find((item) => item.name === 'test.tick');
    expect(counts!.failed).toBe(0);
  }, 30_000);
});

describe('studio jobs page API', () => {
  it('is for admins only: 401 signed out, 403 for an editor', async () => {
    const routes = [
      ['GET', '/api/admin/jobs.json'],
      ['POST', '/api/admin/jobs/retry.json'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await call(editor, method, url);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json().error.message).toBe('Bạn không có quyền thực hiện thao tác này.');
    }
    const paths = (await t.app.inject({ url: '/api/openapi.json' })).json().paths as Record<string, unknown>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/admin/jobs.json', '/api/admin/jobs/retry.json']));
  });

  it('lists a failed job with its error and attempts; "Chạy lại" runs it again', async () => {
    const { jobs } = t.services;
    let calls = 0;
    // The test app starts the queue (mail and push jobs): stopped, to declare this test's queue first.
    await jobs.stop();
    await jobs.define('test.mail', { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false });
    await jobs.work('test.mail', async () => {
      calls += 1;
      if (calls <= 2) throw new Error('Máy chủ thư không trả lời');
    });
    expect((await t.app.inject({ url: '/readyz' })).json().queue).toMatchObject({ status: 'degraded', started: false });
    await jobs.start();
    const id = await jobs.send('test.mail', { to: 'hoc.vien@example.vn' });

    let failed: { id: string; name: string; error: string; attempts: number; label: string }[] = [];
    await until(async () => {
      const response = await call(admin, 'GET', '/api/admin/jobs.json');
      expect(response.statusCode).toBe(200);
      failed = response.json().data.failed;
      return failed.length > 0;
    });
    expect(failed[0]).toMatchObject({ id, name: 'test.mail', label: 'test.mail', error: 'Máy chủ thư không trả lời' });
    expect(failed[0]!.attempts).toBe(2);
    const overview = (await call(admin, 'GET', '/api/admin/jobs.json')).json().data;
    expect(overview.started).toBe(true);
    expect(overview.queues.find((item: { name: string }) => item.name === 'test.mail')).toMatchObject({ failed: 1 });
    expect((await t.app.inject({ url: '/readyz' })).json().queue).toEqual({ status: 'ok', started: true, failing: 1 });

    const retried = await call(admin, 'POST', '/api/admin/jobs/retry.json', { name: 'test.mail', id });
    expect(retried.statusCode).toBe(200);
    await until(async () => (await jobs.counts()).some((item) => item.name === 'test.mail' && item.completed === 1));
    expect(calls).toBe(3);
    const again = await call(admin, 'POST', '/api/admin/jobs/retry.json', { name: 'test.mail', id });
    expect(again.statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/admin/jobs.json')).json().data.failed).toEqual([]);
  }, 40_000);
});
