/**
 * Partnership requests ("cooperate"): schools, partners and teachers asking to work with us, with
 * the studio's state (new, contacted, won, lost) and notes. Web push subscriptions: one row per
 * browser endpoint, owned by the learner who opted in.
 */
import type { Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('partnership_requests'))
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('organization', 'varchar(200)', (col) => col.notNull())
    .addColumn('contact_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('phone', 'varchar(20)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('needs', 'text', (col) => col.notNull())
    .addColumn('learners', 'integer')
    .addColumn('source_path', 'varchar(500)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull().defaultTo('new'))
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    /** Organisation, contact, e-mail and phone folded (lib/text/fold.ts), for the studio search. */
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('partnership_requests_status_idx')
    .on('partnership_requests')
    .columns(['status', 'id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(1000)', (col) => col.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (col) => col.notNull())
    .addColumn('auth', 'varchar(100)', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('last_sent_at', timestampType(db))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('partnership_requests').execute();
}
