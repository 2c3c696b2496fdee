/**
 * A contest certificate whose result a key correction took below the contest's threshold is
 * revoked, not deleted: its code still verifies, and says since when and why it is no longer valid.
 */
import type { Kysely } from 'kysely';
import { timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certificates').addColumn('revoked_at', timestampType(db)).execute();
  await db.schema.alterTable('certificates').addColumn('revoked_reason', 'varchar(500)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certificates').dropColumn('revoked_reason').execute();
  await db.schema.alterTable('certificates').dropColumn('revoked_at').execute();
}
