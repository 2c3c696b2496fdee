/**
 * Personal data (issue 22 part 5, decision 0024; modules/privacy): the history of consents per
 * purpose, the learner's export and deletion requests with their deadlines (at most one open request
 * of each kind per learner: a partial unique index), parents' consents for learners under 16, and
 * the studio's breach records. No foreign keys to users: the records outlive a pseudonymised account.
 */
import { sql, type Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await addIdColumn(db, db.schema.createTable('privacy_consents'))
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('purpose', 'varchar(12)', (col) =>
      col.notNull().check(sql`purpose in ('service', 'analytics', 'marketing', 'messages')`),
    )
    .addColumn('granted', 'integer', (col) => col.notNull().check(sql`granted in (0, 1)`))
    .addColumn('policy_version', 'varchar(20)', (col) => col.notNull())
    .addColumn('source', 'varchar(8)', (col) => col.notNull().check(sql`source in ('learner', 'parent')`))
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('privacy_consents_user_idx')
    .on('privacy_consents')
    .columns(['user_id', 'purpose', 'id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('privacy_requests'))
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('kind', 'varchar(10)', (col) => col.notNull().check(sql`kind in ('export', 'deletion')`))
    .addColumn('state', 'varchar(12)', (col) =>
      col.notNull().check(sql`state in ('pending', 'waiting', 'processing', 'completed', 'failed', 'cancelled')`),
    )
    .addColumn('acknowledged_at', ts)
    .addColumn('due_at', ts, (col) => col.notNull())
    .addColumn('scheduled_for', ts)
    .addColumn('json_key', 'varchar(200)')
    .addColumn('html_key', 'varchar(200)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('completed_at', ts)
    .addColumn('cancelled_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('privacy_requests_open_idx')
    .on('privacy_requests')
    .columns(['user_id', 'kind'])
    .unique()
    .where(sql<boolean>`state in ('pending', 'waiting', 'processing')`)
    .execute();
  await db.schema
    .createIndex('privacy_requests_state_idx')
    .on('privacy_requests')
    .columns(['state', 'due_at'])
    .execute();
  await db.schema.createIndex('privacy_requests_user_idx').on('privacy_requests').columns(['user_id', 'id']).execute();

  await addIdColumn(db, db.schema.createTable('privacy_parental_consents'))
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('parent_phone', 'varchar(20)', (col) => col.notNull())
    .addColumn('confirmed_at', ts)
    .addColumn('withdrawn_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('privacy_parental_consents_user_idx')
    .on('privacy_parental_consents')
    .columns(['user_id', 'id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('privacy_breaches'))
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'varchar(4000)', (col) => col.notNull())
    .addColumn('detected_at', ts, (col) => col.notNull())
    .addColumn('notify_by', ts, (col) => col.notNull())
    .addColumn('affected_count', 'integer', (col) => col.notNull())
    .addColumn('state', 'varchar(10)', (col) => col.notNull().check(sql`state in ('open', 'notified', 'closed')`))
    .addColumn('notified_at', ts)
    .addColumn('created_by', 'integer', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['privacy_breaches', 'privacy_parental_consents', 'privacy_requests', 'privacy_consents'])
    await db.schema.dropTable(table).execute();
}
