/**
 * Zalo Notification Service: an SMS of the outbox may carry its Zalo template ({kind, data} as
 * JSON), tried before SMS and forgotten once Zalo took or declined it (decision 0023).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox_messages').addColumn('zns', 'varchar(2000)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox_messages').dropColumn('zns').execute();
}
