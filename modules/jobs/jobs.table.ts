/**
 * The jobs module's tables (migration 2026-11-26T0110-jobs), composed into db/schema.ts. They exist
 * on SQLite only, where the table-backed runner (jobs.sqlite.ts) is the queue; on PostgreSQL pg-boss
 * keeps its own tables in its own schema (decision 0012).
 */
import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../kernel/db/columns.ts';

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  queue: string;
  /** JSON. */
  data: string;
  state: JobState;
  /** Set in unique queues only: at most one job with this key waits (created or retry). */
  singleton_key: string | null;
  retry_limit: number;
  retry_count: number;
  retry_delay_seconds: number;
  retry_backoff: number;
  expire_seconds: number;
  start_after: Timestamp;
  started_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  /** The last error (message), JSON. */
  output: string | null;
  created_at: Timestamp;
}

/** One row per periodic job and period: the instance that inserts it sends that period's job. */
export interface JobPeriodsTable {
  name: string;
  period_start: string;
}

export interface JobsTables {
  jobs: JobsTable;
  job_periods: JobPeriodsTable;
}
