/**
 * Identity links: Google, Facebook and single sign-on (OpenID Connect) accounts tied to a user.
 * One external id belongs to one user; a user holds at most one account per provider.
 */
import type { Kysely } from 'kysely';
import { addIdColumn, timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await addIdColumn(db, db.schema.createTable('social_accounts'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(20)', (col) => col.notNull())
    .addColumn('provider_user_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('social_accounts_provider_uid', ['provider', 'provider_user_id'])
    .addUniqueConstraint('social_accounts_user_provider', ['user_id', 'provider'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_accounts').execute();
}
