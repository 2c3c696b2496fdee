/**
 * The outbox becomes the record of every outgoing e-mail and SMS (modules/messaging, decision 0012
 * "Messages"): a request writes the row `queued` and enqueues a job; the job claims the row
 * (`sending`, `claimed_at` is the lease), hands it to the transport and marks it `sent`. Rows written
 * before this migration were already delivered to the local outbox: they are `sent`.
 */
import { sql, type Kysely } from 'kysely';
import { timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .alterTable('outbox_messages')
    .addColumn('state', 'varchar(10)', (col) =>
      col
        .notNull()
        .defaultTo('sent')
        .check(sql`state in ('queued', 'sending', 'sent')`),
    )
    .execute();
  // One-time codes and links go on the fast queue.
  await db.schema
    .alterTable('outbox_messages')
    .addColumn('urgent', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('outbox_messages')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox_messages').addColumn('claimed_at', ts).execute();
  await db.schema.alterTable('outbox_messages').addColumn('sent_at', ts).execute();
  // 'outbox' (kept here: development and demo), 'smtp' or 'gateway'.
  await db.schema.alterTable('outbox_messages').addColumn('transport', 'varchar(10)').execute();
  await db.schema.alterTable('outbox_messages').addColumn('error', 'varchar(500)').execute();
  await db.schema.createIndex('outbox_messages_state_idx').on('outbox_messages').columns(['state', 'id']).execute();
  await db.schema
    .createIndex('outbox_messages_recipient_idx')
    .on('outbox_messages')
    .columns(['recipient', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_messages_recipient_idx').execute();
  await db.schema.dropIndex('outbox_messages_state_idx').execute();
  for (const column of ['error', 'transport', 'sent_at', 'claimed_at', 'attempts', 'urgent', 'state'])
    await db.schema.alterTable('outbox_messages').dropColumn(column).execute();
}
