/**
 * The Zalo Official Account's tokens for ZNS (modules/messaging, decision 0023 "Keeping the OA
 * token fresh"): one row holding the current access token, its expiry and the single-use refresh
 * token. A refresh is claimed by a conditional update on the refresh token's value (`claim_id`,
 * `claimed_at` is the lease), so two instances never spend the same refresh token.
 */
import type { Kysely } from 'kysely';
import { timestampType } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('zns_tokens')
    // Always 1: the one Official Account the product sends from.
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('access_token', 'varchar(2000)', (col) => col.notNull())
    // Null: unknown (a token from the configuration), refreshed at the next run of the job.
    .addColumn('access_expires_at', ts)
    .addColumn('refresh_token', 'varchar(2000)')
    // The configured tokens it was seeded from (a hash): new ones in the configuration replace the row.
    .addColumn('seed', 'varchar(64)', (col) => col.notNull())
    .addColumn('claim_id', 'varchar(40)')
    .addColumn('claimed_at', ts)
    .addColumn('refreshed_at', ts)
    .addColumn('last_error', 'varchar(500)')
    .addColumn('last_error_at', ts)
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('zns_tokens').execute();
}
