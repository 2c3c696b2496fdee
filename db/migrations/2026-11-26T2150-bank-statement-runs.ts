/**
 * Reconciliation against the bank statement (issue 22, decision 0018): how each credit reached
 * bank_credits (the webhook, the statement job, an uploaded statement file), and one row per
 * reconciliation run with its window and what it found.
 */
import type { Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .alterTable('bank_credits')
    .addColumn('source', 'varchar(20)', (col) => col.notNull().defaultTo('webhook'))
    .execute();
  await addIdColumn(db, db.schema.createTable('bank_statement_runs'))
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('window_from', ts, (col) => col.notNull())
    .addColumn('window_to', ts, (col) => col.notNull())
    .addColumn('file_name', 'varchar(200)')
    .addColumn('listed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('recorded', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('known', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('unmatched', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'varchar(1000)')
    .addColumn('started_by', 'varchar(200)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('finished_at', ts)
    .execute();
  await db.schema
    .createIndex('bank_statement_runs_created_idx')
    .on('bank_statement_runs')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_statement_runs').execute();
  await db.schema.alterTable('bank_credits').dropColumn('source').execute();
}
