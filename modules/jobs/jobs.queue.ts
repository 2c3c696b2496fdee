/**
 * One job queue behind one interface (decision 0012): pg-boss on PostgreSQL (jobs.pg.ts), a durable
 * table-backed runner on SQLite (jobs.sqlite.ts). Handlers must be idempotent: a job may run again
 * after a crash or a deadline.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface JobPolicy {
  /** Runs after the first failure (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30); doubled at each retry with `retryBackoff`. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** The deadline of one run, in seconds (default 15 minutes); past it the run counts as failed. */
  expireInSeconds?: number;
  /**
   * Singleton keys count in this queue: at most one job per key waits (and one runs). pg-boss's
   * `stately` policy; periodic queues are unique. Set when the queue is defined, before it is used.
   */
  unique?: boolean;
  /**
   * A send wakes this process's worker of the queue at once instead of waiting for its next poll
   * (one-time codes: delivered within milliseconds by the instance that took the request).
   */
  immediate?: boolean;
}

export interface SendOptions extends Omit<JobPolicy, 'unique' | 'immediate'> {
  /** In a `unique` queue, a send while a job with this key waits returns null (ignored otherwise). */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
  /**
   * Sends as part of this transaction of the app's database: the job exists if and only if the
   * transaction commits (the Web Push of the notifications it inserted). Such a job is taken at the
   * worker's next poll, not woken at once (the send happens before the commit).
   */
  within?: Transaction<Database>;
}

export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

/** Every N seconds (N ≥ 1), in periods aligned on the epoch so that every instance agrees on them. */
export interface JobSchedule {
  everySeconds: number;
}

export interface QueueCounts {
  name: string;
  queued: number;
  running: number;
  failed: number;
  completed: number;
}

export interface FailedJob {
  id: string;
  name: string;
  error: string;
  attempts: number;
  failedAt: Date | null;
  createdAt: Date;
}

export interface QueueHealth {
  engine: 'postgres' | 'sqlite';
  started: boolean;
  /** Jobs whose last run failed and that will not be retried. */
  failing: number;
}

/** Queues, handlers and schedules are declared before `start()` (pg-boss applies them there). */
export interface JobQueue {
  readonly engine: 'postgres' | 'sqlite';
  /** Declares a queue with its policy (idempotent). `send` and `work` declare it with defaults. */
  define(name: string, policy?: JobPolicy): Promise<void>;
  send(name: string, data?: object, options?: SendOptions): Promise<string | null>;
  work<T = unknown>(name: string, handler: JobHandler<T>): Promise<void>;
  /** A periodic job: sent once per period across every instance sharing the database. */
  schedule(name: string, every: JobSchedule): Promise<void>;
  start(): Promise<void>;
  /** Stops fetching and waits for the running jobs (bounded); the queue can be started again. */
  stop(): Promise<void>;
  counts(): Promise<QueueCounts[]>;
  failed(limit?: number): Promise<FailedJob[]>;
  /** Sends a failed job back to the queue; false when it is not (or no longer) failed. */
  retry(name: string, id: string): Promise<boolean>;
  health(): Promise<QueueHealth>;
}

export const DEFAULT_POLICY: Required<JobPolicy> = {
  unique: false,
  immediate: false,
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

/** The delay before retry number `retryCount` (1-based). */
export function retryDelayMs(
  policy: Pick<Required<JobPolicy>, 'retryDelaySeconds' | 'retryBackoff'>,
  retryCount: number,
): number {
  const base = policy.retryDelaySeconds * 1000;
  return policy.retryBackoff ? base * 2 ** Math.min(16, retryCount - 1) : base;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Queue names: letters, digits, dots, dashes and underscores (pg-boss's rule). */
export function assertQueueName(name: string): void {
  if (!/^[\w.-]{1,100}$/.test(name)) throw new Error(`invalid queue name: ${name}`);
}
