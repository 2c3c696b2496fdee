/**
 * Studio site: a teacher profile may be linked to the user account that teaches (role `teacher`).
 * At most one profile per account; removing the account keeps the profile, unlinked.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('teachers')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('teachers_user_idx').on('teachers').column('user_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('teachers_user_idx').execute();
  await db.schema.alterTable('teachers').dropColumn('user_id').execute();
}
