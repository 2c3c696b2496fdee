/**
 * Carrier charges with no known outcome are asked about by the resolver (modules/subscriptions,
 * decision 0012): it looks for pending charges by age, so they are indexed by status and time.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('carrier_charges_status_idx')
    .on('carrier_charges')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('carrier_charges_status_idx').execute();
}
