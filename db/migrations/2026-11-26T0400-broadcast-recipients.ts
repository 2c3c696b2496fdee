/**
 * Broadcasts delivered exactly once (issue 18, decision 0012): a broadcast's notification carries its
 * `broadcast_id`, and one unique index allows one row per (broadcast, learner). A batch run again after
 * a crash, or by a second instance at the same time, inserts nothing twice (`on conflict do nothing`).
 *
 * Rows written before this migration have no `broadcast_id` (NULL), and the index is partial
 * (`broadcast_id is not null`), so old data — duplicates included — never stops it from being built.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('broadcast_id', 'integer').execute();
  await db.schema
    .createIndex('notifications_broadcast_user')
    .unique()
    .on('notifications')
    .columns(['broadcast_id', 'user_id'])
    .where(sql.ref('broadcast_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_broadcast_user').execute();
  await db.schema.alterTable('notifications').dropColumn('broadcast_id').execute();
}
