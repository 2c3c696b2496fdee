/**
 * The job queue on SQLite (modules/jobs, decision 0012): jobs with their state, retries and deadline,
 * and the claimed periods of the periodic jobs. On PostgreSQL pg-boss creates its own schema at start.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, isPostgres } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await addIdColumn(db, db.schema.createTable('jobs'))
    .addColumn('queue', 'varchar(100)', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('state', 'varchar(12)', (col) =>
      col.notNull().check(sql`state in ('created', 'retry', 'active', 'completed', 'failed')`),
    )
    .addColumn('singleton_key', 'varchar(200)')
    .addColumn('retry_limit', 'integer', (col) => col.notNull())
    .addColumn('retry_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('retry_delay_seconds', 'integer', (col) => col.notNull())
    .addColumn('retry_backoff', 'integer', (col) => col.notNull())
    .addColumn('expire_seconds', 'integer', (col) => col.notNull())
    .addColumn('start_after', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('output', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('jobs_fetch_idx').on('jobs').columns(['queue', 'state', 'start_after']).execute();
  await db.schema
    .createIndex('jobs_singleton_key')
    .on('jobs')
    .columns(['queue', 'singleton_key'])
    .unique()
    .where(sql<boolean>`singleton_key is not null and state in ('created', 'retry')`)
    .execute();
  await db.schema
    .createTable('job_periods')
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('job_periods_pkey', ['name', 'period_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.dropTable('job_periods').execute();
  await db.schema.dropTable('jobs').execute();
}
