/**
 * The job queue on PostgreSQL: pg-boss (decision 0012), in its own schema (`pgboss`, or
 * `<schema>_pgboss` when the app runs in another schema than `public`, as each test file does), on
 * the app's own connection pool. Periodic jobs whose period is whole minutes use pg-boss's cron
 * schedule; shorter ones are sent by every instance as throttled jobs (one per time slot, enforced by
 * pg-boss's singleton index), so either way a period's job runs once across the fleet.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { readError, tally } from './jobs.sqlite.ts';
import {
  assertQueueName,
  DEFAULT_POLICY,
  type FailedJob,
  type JobHandler,
  type JobPolicy,
  type JobQueue,
  type SendOptions,
} from './jobs.queue.ts';

export interface PgQueueOptions {
  /** How often a worker asks for jobs (seconds, ≥ 0.5; default 2). */
  pollingIntervalSeconds?: number;
  log?: { error(object: object, message: string): void };
}

/** pg-boss's internal queues (its cron sender) are not the app's. */
const OWN = `name not like '\\_\\_pgboss\\_\\_%'`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cron line for periods of whole minutes that divide an hour, or whole hours that divide a day. */
export function cronFor(everySeconds: number): string | null {
  if (everySeconds % 60 !== 0) return null;
  const minutes = everySeconds / 60;
  if (minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  if (minutes % 60 === 0 && 24 % (minutes / 60) === 0)
    return minutes === 60 ? '0 * * * *' : `0 */${minutes / 60} * * *`;
  return null;
}

export function createPgQueue(db: Kysely<Database>, options: PgQueueOptions = {}): JobQueue {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const policies = new Map<string, JobPolicy>();
  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, number>();
  const throttles: NodeJS.Timeout[] = [];
  const created = new Set<string>();
  const workers = new Map<string, string>();
  let boss: PgBoss | undefined;
  let schema = 'pgboss';

  /**
   * pg-boss's statements and our handlers still running. pg-boss completes or fails a job without
   * awaiting it, and a fetch under way when it stops still hands its job to the handler, so its
   * own "wait" can end while statements are on the way: `stop()` waits for these too, so the
   * database is never closed under them.
   */
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  };

  // pg-boss runs its statements on the app's pool (one pool to size, to watch and to recover).
  const executeSql = (text: string, values?: unknown[]) =>
    track(db.executeQuery(CompiledQuery.raw(text, values ?? [])) as Promise<{ rows: any[] }>); // eslint-disable-line @typescript-eslint/no-explicit-any

  function running(): PgBoss {
    if (!boss) throw new Error('the job queue is not started');
    return boss;
  }

  async function ensureQueue(name: string): Promise<void> {
    if (created.has(name)) return;
    const current = running();
    const policy = { ...DEFAULT_POLICY, ...policies.get(name) };
    if (!(await current.getQueue(name))) {
      // Instances starting together create the same queues at the same moment: pg-boss's
      // create_queue (a partition and its indexes) can deadlock against another instance's, and
      // PostgreSQL aborts one of them. The loser waits for the winner's commit, or tries again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await current.createQueue(name, {
            name,
            // Singleton keys count (a periodic job never piles up): at most one waits and one runs.
            policy: policy.unique || schedules.has(name) ? 'stately' : 'standard',
            retryLimit: policy.retryLimit,
            retryDelay: policy.retryDelaySeconds,
            retryBackoff: policy.retryBackoff,
            expireInSeconds: policy.expireInSeconds,
          });
          break;
        } catch (error) {
          await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200 * attempt));
          if (await current.getQueue(name)) break;
          if (attempt >= 5) throw error;
        }
      }
    } else {
      await current.updateQueue(name, {
        name,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: policy.expireInSeconds,
      });
    }
    created.add(name);
  }

  async function sendThrottled(name: string, everySeconds: number): Promise<void> {
    await running().sendThrottled(name, {}, {}, everySeconds, `period:${name}`);
  }

  /** The one pg-boss worker of a queue, one job at a time. */
  async function startWorker(instance: PgBoss, name: string, handler: JobHandler): Promise<void> {
    const worker = await instance.work(name, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
      if (!job) return;
      // A job was there: look for the next one at once (a backlog is worked without polling pauses).
      const id = workers.get(name);
      if (id) instance.notifyWorker(id);
      await track(handler({ id: job.id, name: job.name, data: job.data }));
    });
    workers.set(name, worker);
  }

  return {
    engine: 'postgres',
    async define(name, policy = {}) {
      assertQueueName(name);
      policies.set(name, policy);
      created.delete(name);
      if (boss) await ensureQueue(name);
    },
    async send(name, data = {}, opts: SendOptions = {}) {
      assertQueueName(name);
      await ensureQueue(name);
      const { singletonKey, startAfter, retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds, within } = opts;
      const current = running();
      const id = await current.send(name, data, {
        // pg-boss runs its insert on the caller's transaction: the job commits or rolls back with it.
        ...(within
          ? {
              db: {
                executeSql: (text: string, values: unknown[]) => within.executeQuery(CompiledQuery.raw(text, values)),
              },
            }
          : {}),
        ...(singletonKey !== undefined ? { singletonKey } : {}),
        ...(startAfter ? { startAfter } : {}),
        ...(retryLimit !== undefined ? { retryLimit } : {}),
        ...(retryDelaySeconds !== undefined ? { retryDelay: retryDelaySeconds } : {}),
        ...(retryBackoff !== undefined ? { retryBackoff } : {}),
        ...(expireInSeconds !== undefined ? { expireInSeconds } : {}),
      });
      const worker = workers.get(name);
      if (id && worker && policies.get(name)?.immediate && !startAfter && !within) current.notifyWorker(worker);
      return id;
    },
    async work(name, handler) {
      assertQueueName(name);
      handlers.set(name, handler as JobHandler);
      // Declared on a running queue: its worker starts now (replacing the queue's previous one).
      if (!boss) return;
      await ensureQueue(name);
      const previous = workers.get(name);
      if (previous) await boss.offWork({ id: previous });
      await startWorker(boss, name, handler as JobHandler);
    },
    async schedule(name, every) {
      assertQueueName(name);
      if (!(every.everySeconds >= 1)) throw new Error(`invalid period for ${name}`);
      schedules.set(name, Math.round(every.everySeconds));
    },
    async start() {
      if (boss) return;
      const current = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
      schema = !current || current === 'public' ? 'pgboss' : `${current}_pgboss`;
      const instance = new PgBoss({ db: { executeSql }, schema, cronMonitorIntervalSeconds: 30 });
      // While the database is away every poll fails: one log line a minute says so.
      let lastLogged = 0;
      instance.on('error', (error) => {
        if (Date.now() - lastLogged < 60_000) return;
        lastLogged = Date.now();
        options.log?.error({ err: error }, 'job queue error (repeats are not logged for a minute)');
      });
      await instance.start();
      boss = instance;
      for (const name of new Set([...policies.keys(), ...handlers.keys(), ...schedules.keys()]))
        await ensureQueue(name);
      for (const [name, handler] of handlers) await startWorker(instance, name, handler);
      for (const [name, everySeconds] of schedules) {
        const cron = cronFor(everySeconds);
        if (cron) {
          await instance.schedule(name, cron, {}, { tz: 'UTC' });
          continue;
        }
        await sendThrottled(name, everySeconds);
        const timer = setInterval(
          () => {
            sendThrottled(name, everySeconds).catch((error: unknown) =>
              options.log?.error({ err: error, queue: name }, 'periodic job not sent'),
            );
          },
          Math.max(1, Math.floor(everySeconds / 5)) * 1000,
        );
        timer.unref();
        throttles.push(timer);
      }
    },
    async stop() {
      for (const timer of throttles.splice(0)) clearInterval(timer);
      const current = boss;
      boss = undefined;
      created.clear();
      workers.clear();
      if (!current) return;
      await current.stop({ graceful: true, wait: true, timeout: 10_000 });
      // Then what pg-boss left on the way (see inFlight), a turn of the event loop at a time, since
      // a settled fetch starts its handler a few ticks later.
      const deadline = Date.now() + 10_000;
      do {
        await Promise.allSettled([...inFlight]);
        await new Promise((resolve) => setImmediate(resolve));
      } while (inFlight.size > 0 && Date.now() < deadline);
    },
    async counts() {
      if (!boss) return tally([], [...handlers.keys(), ...policies.keys()]);
      const { rows } = await executeSql(
        `select name, state, count(*)::int as count from ${schema}.job where ${OWN} group by name, state`,
      );
      return tally(
        (rows as { name: string; state: string; count: number }[]).map((row) => ({ ...row, count: Number(row.count) })),
        [...handlers.keys(), ...policies.keys()],
      );
    },
    async failed(limit = 20): Promise<FailedJob[]> {
      if (!boss) return [];
      const { rows } = await executeSql(
        `select id, name, output, retry_count, completed_on, created_on from ${schema}.job
          where state = 'failed' and ${OWN} order by completed_on desc nulls last, created_on desc limit $1`,
        [limit],
      );
      return (
        rows as {
          id: string;
          name: string;
          output: unknown;
          retry_count: number;
          completed_on: Date | null;
          created_on: Date;
        }[]
      ).map((row) => ({
        id: row.id,
        name: row.name,
        error: readError(row.output),
        attempts: row.retry_count + 1,
        failedAt: readDate(row.completed_on),
        createdAt: readDate(row.created_on),
      }));
    },
    async retry(name, id) {
      if (!boss || !UUID.test(id)) return false;
      const { rows } = await executeSql(
        `with retried as (
           update ${schema}.job set state = 'retry', retry_limit = retry_limit + 1, start_after = now()
            where name = $1 and id = $2::uuid and state = 'failed' returning 1)
         select count(*)::int as count from retried`,
        [name, id],
      );
      return Number((rows[0] as { count: number } | undefined)?.count ?? 0) === 1;
    },
    async health() {
      if (!boss) return { engine: 'postgres', started: false, failing: 0 };
      const { rows } = await executeSql(
        `select count(*)::int as count from ${schema}.job where state = 'failed' and ${OWN}`,
      );
      return { engine: 'postgres', started: true, failing: Number((rows[0] as { count: number }).count) };
    },
  };
}
