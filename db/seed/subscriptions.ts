/** Carrier billing in the demo: an SMS code for every SMS package and the hotline told before buying. */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { setSetting } from '../../tests/factories/site.ts';
import { assignSmsCodes } from '../../tests/factories/subscriptions.ts';

export async function seedSubscriptions(db: Kysely<Database>): Promise<void> {
  await setSetting(db, 'HOTLINE', '1800 1090');
  await assignSmsCodes(db);
}
