/** Campaigns (landing pages) and the courses and promotions they list (promotion rows: the promotions module). */
import type { NewCampaign } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

/** An active campaign inside its window. */
export function findLiveCampaign(db: Db, slug: string, now: string) {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('slug', '=', slug)
    .where('is_active', '=', 1)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .executeTakeFirst();
}

export function listItems(db: Db, campaignId: number) {
  return db
    .selectFrom('campaign_items')
    .select(['kind', 'target_id'])
    .where('campaign_id', '=', campaignId)
    .orderBy('position')
    .orderBy('target_id')
    .execute();
}

export async function insertCampaign(
  db: Db,
  campaign: NewCampaign,
  items: { kind: 'course' | 'promotion'; target_id: number }[] = [],
) {
  const { id } = await db.insertInto('campaigns').values(campaign).returning('id').executeTakeFirstOrThrow();
  if (items.length > 0) {
    await db
      .insertInto('campaign_items')
      .values(items.map((item, position) => ({ ...item, campaign_id: id, position })))
      .execute();
  }
  return { id };
}
