/**
 * The job queue on SQLite (decision 0012): a durable runner on the `jobs` table. A job is claimed by
 * one conditional update (created/retry → active), run under its deadline, then completed, retried
 * after its backoff or failed; a run left active past its deadline (a crash) is taken back. A periodic
 * job's period is claimed by inserting its `job_periods` row, so several runners on one database
 * send it once per period.
 */
import { sql, type Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import {
  assertQueueName,
  DEFAULT_POLICY,
  errorText,
  retryDelayMs,
  type FailedJob,
  type JobHandler,
  type JobPolicy,
  type JobQueue,
  type JobSchedule,
  type QueueCounts,
  type SendOptions,
} from './jobs.queue.ts';
import type { JobsTable } from './jobs.table.ts';
import type { Selectable } from 'kysely';

export interface SqliteQueueOptions {
  /** How often each queue looks for due jobs and periods (default 1 s). */
  pollMs?: number;
  log?: { error(object: object, message: string): void };
}

type Row = Selectable<JobsTable>;

const MAINTENANCE_MS = 10 * 60_000;

export function createSqliteQueue(db: Kysely<Database>, options: SqliteQueueOptions = {}): JobQueue {
  const pollMs = options.pollMs ?? 1000;
  const policies = new Map<string, Required<JobPolicy>>();
  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, number>();
  const busy = new Set<string>();
  /** Queues woken while their drain was running: it looks once more before it stops. */
  const again = new Set<string>();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let lastMaintenance = 0;
  let started = false;

  const policyOf = (name: string) => policies.get(name) ?? DEFAULT_POLICY;

  async function send(name: string, data: object = {}, opts: SendOptions = {}): Promise<string | null> {
    assertQueueName(name);
    const queuePolicy = policyOf(name);
    const { within, ...options } = opts;
    const policy = { ...queuePolicy, ...definedOnly(options) };
    const now = new Date();
    const row = await (within ?? db)
      .insertInto('jobs')
      .values({
        queue: name,
        data: JSON.stringify(data),
        state: 'created',
        singleton_key: queuePolicy.unique ? (opts.singletonKey ?? null) : null,
        retry_limit: policy.retryLimit,
        retry_count: 0,
        retry_delay_seconds: policy.retryDelaySeconds,
        retry_backoff: policy.retryBackoff ? 1 : 0,
        expire_seconds: policy.expireInSeconds,
        start_after: (opts.startAfter ?? now).toISOString(),
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row && started && queuePolicy.immediate && !opts.startAfter && !within) wake(name);
    return row ? String(row.id) : null;
  }

  /** Works the queue now in this process (a send to an `immediate` queue). */
  function wake(name: string): void {
    const handler = handlers.get(name);
    if (!handler) return;
    again.add(name);
    const run = drain(name, handler).catch((error: unknown) =>
      options.log?.error({ err: error, queue: name }, 'job queue poll failed'),
    );
    running.add(run);
    void run.finally(() => running.delete(run));
  }

  /** Takes back runs left active past their deadline (their process died). */
  async function reclaimExpired(now: Date): Promise<void> {
    const stale = await db
      .selectFrom('jobs')
      .selectAll()
      .where('state', '=', 'active')
      .where(sql<boolean>`julianday(started_at) + expire_seconds / 86400.0 < julianday(${now.toISOString()})`)
      .execute();
    for (const row of stale) await finish(row, new Error('Quá hạn: công việc không xong trước hạn chót.'));
  }

  async function claim(name: string): Promise<Row | undefined> {
    const now = new Date().toISOString();
    return db
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
      .executeTakeFirst();
  }

  /** Completes (no error) or fails a run; the update only lands on the run it was claimed as. */
  async function finish(row: Row, error?: unknown): Promise<void> {
    const now = new Date();
    const fence = db.updateTable('jobs').where('id', '=', row.id).where('state', '=', 'active');
    const claimed = row.started_at === null ? fence : fence.where('started_at', '=', row.started_at as string);
    if (error === undefined) {
      await claimed.set({ state: 'completed', completed_at: now.toISOString() }).execute();
      return;
    }
    const output = JSON.stringify({ message: errorText(error) });
    if (row.retry_count < row.retry_limit) {
      const policy = { retryDelaySeconds: row.retry_delay_seconds, retryBackoff: row.retry_backoff === 1 };
      const startAfter = new Date(now.getTime() + retryDelayMs(policy, row.retry_count + 1));
      await claimed
        .set({ state: 'retry', retry_count: row.retry_count + 1, start_after: startAfter.toISOString(), output })
        .execute();
    } else {
      await claimed.set({ state: 'failed', completed_at: now.toISOString(), output }).execute();
    }
  }

  async function runOne(name: string, handler: JobHandler, row: Row): Promise<void> {
    let deadline: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        handler({ id: String(row.id), name, data: JSON.parse(row.data) as unknown }),
        new Promise((_, reject) => {
          deadline = setTimeout(
            () => reject(new Error('Quá hạn: công việc không xong trước hạn chót.')),
            row.expire_seconds * 1000,
          );
        }),
      ]);
      await finish(row);
    } catch (error) {
      await finish(row, error);
    } finally {
      clearTimeout(deadline);
    }
  }

  /** Runs the queue's due jobs one after the other (one at a time per queue and instance). */
  async function drain(name: string, handler: JobHandler): Promise<void> {
    if (busy.has(name)) return;
    busy.add(name);
    try {
      do {
        again.delete(name);
        // A run claimed as the queue stops is still worked (stop() waits for it); none is claimed after.
        for (let row = started ? await claim(name) : undefined; row; row = started ? await claim(name) : undefined)
          await runOne(name, handler, row);
      } while (again.has(name) && started);
    } finally {
      busy.delete(name);
    }
  }

  async function claimPeriods(now: Date): Promise<void> {
    for (const [name, everySeconds] of schedules) {
      const periodMs = everySeconds * 1000;
      const periodStart = new Date(Math.floor(now.getTime() / periodMs) * periodMs).toISOString();
      const claimed = await db
        .insertInto('job_periods')
        .values({ name, period_start: periodStart })
        .onConflict((oc) => oc.doNothing())
        .returning('name')
        .executeTakeFirst();
      if (claimed) await send(name, { period: periodStart }, { singletonKey: `period:${name}` });
    }
  }

  async function maintain(now: Date): Promise<void> {
    if (now.getTime() - lastMaintenance < MAINTENANCE_MS) return;
    lastMaintenance = now.getTime();
    const day = 86_400_000;
    await db
      .deleteFrom('jobs')
      .where('state', '=', 'completed')
      .where('completed_at', '<', new Date(now.getTime() - 7 * day).toISOString())
      .execute();
    await db
      .deleteFrom('jobs')
      .where('state', '=', 'failed')
      .where('completed_at', '<', new Date(now.getTime() - 30 * day).toISOString())
      .execute();
    await db
      .deleteFrom('job_periods')
      .where('period_start', '<', new Date(now.getTime() - day).toISOString())
      .execute();
  }

  async function tick(): Promise<void> {
    const now = new Date();
    await reclaimExpired(now);
    await claimPeriods(now);
    await maintain(now);
    for (const [name, handler] of handlers) {
      const run = drain(name, handler).catch((error: unknown) =>
        options.log?.error({ err: error, queue: name }, 'job queue poll failed'),
      );
      running.add(run);
      void run.finally(() => running.delete(run));
    }
  }

  function loop(): void {
    timer = setTimeout(() => {
      const run = tick()
        .catch((error: unknown) => options.log?.error({ err: error }, 'job queue tick failed'))
        .finally(() => {
          running.delete(run);
          if (started) loop();
        });
      running.add(run);
    }, pollMs);
  }

  return {
    engine: 'sqlite',
    async define(name, policy = {}) {
      assertQueueName(name);
      policies.set(name, { ...DEFAULT_POLICY, ...definedOnly(policy) });
    },
    send,
    async work(name, handler) {
      assertQueueName(name);
      handlers.set(name, handler as JobHandler);
    },
    async schedule(name, every: JobSchedule) {
      assertQueueName(name);
      if (!(every.everySeconds >= 1)) throw new Error(`invalid period for ${name}`);
      schedules.set(name, Math.round(every.everySeconds));
      policies.set(name, { ...policyOf(name), unique: true });
    },
    async start() {
      if (started) return;
      started = true;
      await tick();
      loop();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      // A tick in progress may start drains: wait until nothing is left.
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async counts(): Promise<QueueCounts[]> {
      const rows = await db
        .selectFrom('jobs')
        .select(['queue', 'state', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy(['queue', 'state'])
        .execute();
      return tally(
        rows.map((row) => ({ name: row.queue, state: row.state, count: Number(row.count) })),
        [...handlers.keys(), ...policies.keys()],
      );
    },
    async failed(limit = 20): Promise<FailedJob[]> {
      const rows = await db
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'failed')
        .orderBy('completed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: String(row.id),
        name: row.queue,
        error: readError(row.output),
        attempts: row.retry_count + 1,
        failedAt: readDate(row.completed_at),
        createdAt: readDate(row.created_at),
      }));
    },
    async retry(name, id) {
      const jobId = Number(id);
      if (!Number.isSafeInteger(jobId)) return false;
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'retry',
          retry_limit: eb('retry_limit', '+', 1),
          start_after: new Date().toISOString(),
          completed_at: null,
        }))
        .where('id', '=', jobId)
        .where('queue', '=', name)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async health() {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return { engine: 'sqlite', started, failing: Number(row?.count ?? 0) };
    },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

/** The message of a stored error (`{ message }` JSON, pg-boss's serialised error included). */
export function readError(output: unknown): string {
  if (output === null || output === undefined) return '';
  const parsed = typeof output === 'string' ? safeParse(output) : output;
  if (parsed && typeof parsed === 'object' && 'message' in parsed) return String(parsed.message);
  return typeof output === 'string' ? output : JSON.stringify(output);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Per-queue counts from (queue, state, count) rows; known queues without jobs show zeros. */
export function tally(rows: { name: string; state: string; count: number }[], known: string[]): QueueCounts[] {
  const byName = new Map<string, QueueCounts>();
  const entry = (name: string) => {
    let counts = byName.get(name);
    if (!counts) {
      counts = { name, queued: 0, running: 0, failed: 0, completed: 0 };
      byName.set(name, counts);
    }
    return counts;
  };
  for (const name of known) entry(name);
  for (const row of rows) {
    const counts = entry(row.name);
    if (row.state === 'created' || row.state === 'retry') counts.queued += row.count;
    else if (row.state === 'active') counts.running += row.count;
    else if (row.state === 'failed') counts.failed += row.count;
    else if (row.state === 'completed') counts.completed += row.count;
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
