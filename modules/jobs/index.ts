/** The jobs module's public face: one job queue (pg-boss on PostgreSQL, a table runner on SQLite). */
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { createPgQueue } from './jobs.pg.ts';
import { createSqliteQueue } from './jobs.sqlite.ts';
import type { JobQueue } from './jobs.queue.ts';
import { createJobsAdmin, type JobsAdmin, type JobsAdminDeps } from './jobs.admin.ts';

export type * from './jobs.queue.ts';
export type { JobsTables } from './jobs.table.ts';
export { jobsAdminRoutes } from './jobs.admin.routes.ts';
export { createJobsAdmin, QUEUE_LABELS, type JobsAdmin } from './jobs.admin.ts';

export interface JobQueueOptions {
  /** How often idle workers look for jobs, in ms (default 1 s on SQLite, 2 s on PostgreSQL). */
  pollMs?: number;
  log?: { error(object: object, message: string): void };
}

export function createJobQueue(db: Kysely<Database>, engine: Engine, options: JobQueueOptions = {}): JobQueue {
  const log = options.log ? { log: options.log } : {};
  if (engine === 'postgres')
    return createPgQueue(db, {
      ...log,
      ...(options.pollMs ? { pollingIntervalSeconds: Math.max(0.5, options.pollMs / 1000) } : {}),
    });
  return createSqliteQueue(db, { ...log, ...(options.pollMs ? { pollMs: options.pollMs } : {}) });
}

export interface JobServices<Actor> {
  /** The job queue (pg-boss on PostgreSQL, a table runner on SQLite); started by server/main.ts. */
  jobs: JobQueue;
  /** The studio's jobs page: counts per queue, failed jobs, retry. */
  jobsAdmin: JobsAdmin<Actor>;
}

/** The queue and its studio page, for the composition root (modules/services.ts). */
export function createJobServices<Actor>(deps: {
  db: Kysely<Database>;
  engine: Engine;
  audit: JobsAdminDeps<Actor>['audit'];
  log?: JobQueueOptions['log'];
  /** The queue, when the composition root made it first (services that enqueue are built before this). */
  jobs?: JobQueue;
}): JobServices<Actor> {
  const jobs = deps.jobs ?? createJobQueue(deps.db, deps.engine, deps.log ? { log: deps.log } : {});
  return { jobs, jobsAdmin: createJobsAdmin({ queue: jobs, audit: deps.audit }) };
}
