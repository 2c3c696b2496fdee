/**
 * `npm run bench -- jobs`: the job queue (modules/jobs) on each engine against the queue underneath
 * it, measured in the same run, and the latency an OTP SMS adds between the request and the outbox.
 *
 * - Enqueue: N sends one after the other. Complete: N waiting jobs worked to completion by one
 *   worker (a no-op handler), from the worker's start to the last completion.
 * - PostgreSQL baseline: pg-boss used directly on the same schema — `send` N times, then its own
 *   `fetch` and `complete` in a tight loop (one job per fetch, as our worker fetches). SQLite
 *   baseline: the same insert, claim (conditional UPDATE … RETURNING) and complete statements as the
 *   table runner, run bare in a loop (no handler, deadline timer or JSON).
 * - OTP: `forgot_password.json` for a phone with an account, from the request to the outbox row
 *   being `sent` by its job (sent_at), p50/p95 over the samples, in process.
 *
 * Target: ours ÷ baseline ≥ 0.8 for each figure. Below target still exits 0; errors exit 1.
 */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { readBenchDatabaseUrl } from '../config/env.ts';
import { readDate } from '../db/connect.ts';
import { createJobQueue } from '../modules/jobs/index.ts';
import { createUser } from '../tests/factories/accounts.ts';
import { nextClientAddress } from '../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';
import { judge, postgresNotRun, type Check, type ReportBenchmark } from './lib/bench.ts';

const TARGET = 0.8;
const JOBS = 1500;
const OTP_SAMPLES = 60;

interface Rates {
  enqueue: number;
  complete: number;
}

async function timed(body: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await body();
  return (performance.now() - started) / 1000;
}

/** Ours: a producer queue sends N jobs, then a worker queue (another instance) works them. */
async function ours(t: TestContext, name: string): Promise<Rates> {
  const producer = createJobQueue(t.db, t.services.engine, { pollMs: 20 });
  await producer.start();
  const enqueueSeconds = await timed(async () => {
    for (let n = 0; n < JOBS; n += 1) await producer.send(name, { n });
  });
  await producer.stop();
  const worker = createJobQueue(t.db, t.services.engine, { pollMs: 20 });
  let done = 0;
  let finished: () => void = () => {};
  const all = new Promise<void>((resolve) => (finished = resolve));
  await worker.work(name, async () => {
    done += 1;
    if (done === JOBS) finished();
  });
  const completeSeconds = await timed(async () => {
    await worker.start();
    await all;
  });
  await worker.stop();
  return { enqueue: JOBS / enqueueSeconds, complete: JOBS / completeSeconds };
}

/** pg-boss directly: send, then fetch + complete in a tight loop. */
async function barePgBoss(t: TestContext, name: string): Promise<Rates> {
  const current = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => t.db.executeQuery(CompiledQuery.raw(text, values ?? [])) as never },
    schema: current === 'public' ? 'pgboss' : `${current}_pgboss`,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.createQueue(name);
  const enqueueSeconds = await timed(async () => {
    for (let n = 0; n < JOBS; n += 1) await boss.send(name, { n });
  });
  const completeSeconds = await timed(async () => {
    for (let done = 0; done < JOBS;) {
      const [job] = await boss.fetch(name, { batchSize: 1 });
      if (!job) continue;
      await boss.complete(name, job.id);
      done += 1;
    }
  });
  await boss.stop({ graceful: false, wait: true });
  return { enqueue: JOBS / enqueueSeconds, complete: JOBS / completeSeconds };
}

/** The table runner's own statements, bare. */
async function bareSqlite(t: TestContext, name: string): Promise<Rates> {
  const db = t.db;
  const enqueueSeconds = await timed(async () => {
    for (let n = 0; n < JOBS; n += 1) {
      const now = new Date().toISOString();
      await db
        .insertInto('jobs')
        .values({
          queue: name,
          data: JSON.stringify({ n }),
          state: 'created',
          singleton_key: null,
          retry_limit: 3,
          retry_count: 0,
          retry_delay_seconds: 30,
          retry_backoff: 1,
          expire_seconds: 900,
          start_after: now,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirst();
    }
  });
  const completeSeconds = await timed(async () => {
    for (let done = 0; done < JOBS; done += 1) {
      const now = new Date().toISOString();
      const row = await db
        .updateTable('jobs')
        .set({ state: 'active', started_at: now })
        .where(
          'id',
          '=',
          db
            .selectFrom('jobs')
            .select('id')
            .where('queue', '=', name)
            .where('state', 'in', ['created', 'retry'])
            .where('start_after', '<=', now)
            .orderBy('id')
            .limit(1),
        )
        .where('state', 'in', ['created', 'retry'])
        .returningAll()
        .executeTakeFirstOrThrow();
      await db
        .updateTable('jobs')
        .set({ state: 'completed', completed_at: new Date().toISOString() })
        .where('id', '=', row.id)
        .where('state', '=', 'active')
        .where('started_at', '=', row.started_at as string)
        .execute();
    }
  });
  return { enqueue: JOBS / enqueueSeconds, complete: JOBS / completeSeconds };
}

/** Request → outbox `sent`, per OTP SMS, in ms. */
async function otpLatencies(t: TestContext): Promise<number[]> {
  const latencies: number[] = [];
  for (let n = 0; n < OTP_SAMPLES; n += 1) {
    const phone = `8497${String(1_000_000 + n).slice(-7)}`;
    await createUser(t.db, { phone });
    const started = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot_password.json',
      payload: { username: `0${phone.slice(2)}` },
      remoteAddress: nextClientAddress(),
    });
    if (response.statusCode !== 200)
      throw new Error(`forgot_password answered ${response.statusCode}: ${response.body}`);
    for (;;) {
      const row = await t.db
        .selectFrom('outbox_messages')
        .select(['state', 'sent_at'])
        .where('recipient', '=', phone)
        .executeTakeFirst();
      if (row?.state === 'sent' && row.sent_at) {
        latencies.push(readDate(row.sent_at).getTime() - started);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
  return latencies.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function runEngine(label: string, t: TestContext, lines: string[], checks: Check[]): Promise<void> {
  const run = randomUUID().slice(0, 8);
  // Alternating sides; each on its own queue name.
  const bare = t.services.engine === 'postgres' ? barePgBoss : bareSqlite;
  const baseline = await bare(t, `bench.bare-${run}`);
  const product = await ours(t, `bench.ours-${run}`);
  const baselineName = t.services.engine === 'postgres' ? 'pg-boss fetch/complete' : 'runner statements bare';
  for (const figure of ['enqueue', 'complete'] as const) {
    const ratio = product[figure] / baseline[figure];
    lines.push(
      `  ${label} ${figure.padEnd(8)} modules/jobs ${product[figure].toFixed(0).padStart(6)}/s   ${baselineName} ${baseline[figure].toFixed(0).padStart(6)}/s   ratio ${ratio.toFixed(3)}`,
    );
    checks.push({
      label: `${label} ${figure} ratio`,
      value: ratio.toFixed(3),
      target: `≥ ${TARGET}`,
      verdict: judge(ratio, TARGET, 'at-least'),
    });
  }
  const latencies = await otpLatencies(t);
  lines.push(
    `  ${label} OTP SMS request → outbox sent: p50 ${percentile(latencies, 0.5)} ms, p95 ${percentile(latencies, 0.95)} ms (${latencies.length} requests)`,
  );
}

export const jobsBenchmark: ReportBenchmark = {
  kind: 'report',
  name: 'jobs',
  title: `Job queue: ${JOBS} jobs enqueued and completed per second, modules/jobs vs the bare queue (target ≥ ${TARGET}); OTP SMS latency`,
  needsBuild: false,
  async run() {
    const lines: string[] = [];
    const checks: Check[] = [];
    const env = { RATE_LIMIT_PER_MINUTE: '1000000' };
    const sqlite = await createTestContext({ env });
    try {
      await runEngine('SQLite    ', sqlite, lines, checks);
    } finally {
      await sqlite.close();
    }
    const databaseUrl = readBenchDatabaseUrl();
    if (!databaseUrl) {
      const skipped = postgresNotRun();
      lines.push(...skipped.lines);
      checks.push(...skipped.checks);
      return { lines, checks };
    }
    const postgres = await createTestContext({ env, databaseUrl });
    try {
      await runEngine('PostgreSQL', postgres, lines, checks);
    } finally {
      await postgres.close();
    }
    return { lines, checks };
  },
};
