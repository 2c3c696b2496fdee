import type { Database, NewBanner, NewNavigationItem, NewRouteRule } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export function listSettings(db: Db) {
  return db.selectFrom('site_settings').select(['key', 'value']).execute();
}

export async function upsertSetting(db: Db, key: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

export function listActiveNavigationItems(db: Db) {
  return db
    .selectFrom('navigation_items')
    .select(['id', 'menu', 'parent_id', 'title', 'url', 'position'])
    .where('is_active', '=', 1)
    .orderBy('menu')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function insertNavigationItem(db: Db, item: NewNavigationItem) {
  return db.insertInto('navigation_items').values(item).returning('id').executeTakeFirstOrThrow();
}

/** Active banners whose window contains `now`, for the given placements, in display order. */
export function listLiveBanners(db: Db, placements: number[], now: string) {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('is_active', '=', 1)
    .where('placement', 'in', placements)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('placement')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function insertBanner(db: Db, banner: NewBanner) {
  return db.insertInto('banners').values(banner).returning('id').executeTakeFirstOrThrow();
}

export function findPublishedPageBySlug(db: Db, slug: string) {
  return db.selectFrom('pages').selectAll().where('slug', '=', slug).where('is_published', '=', 1).executeTakeFirst();
}

export function listActiveRouteRules(db: Db) {
  return db.selectFrom('route_rules').select(['path', 'target', 'status_code']).where('is_active', '=', 1).execute();
}

export function insertRouteRule(db: Db, rule: NewRouteRule) {
  return db.insertInto('route_rules').values(rule).returning('id').executeTakeFirstOrThrow();
}

export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ── The studio's site pages (site.admin.ts): every row, off ones too. These tables are small (tens
// to hundreds of rows): lists are read whole and searched, sorted and paged in the service.

export function listBanners(db: Db, placement?: number) {
  let query = db.selectFrom('banners').selectAll();
  if (placement !== undefined) query = query.where('placement', '=', placement);
  return query.orderBy('placement').orderBy('position').orderBy('id').execute();
}

export function findBanner(db: Db, id: number) {
  return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateBanner(db: Db, id: number, values: Partial<NewBanner>) {
  await db.updateTable('banners').set(values).where('id', '=', id).execute();
}

export async function deleteBanner(db: Db, id: number) {
  await db.deleteFrom('banners').where('id', '=', id).execute();
}

export function listNavigation(db: Db) {
  return db.selectFrom('navigation_items').selectAll().orderBy('menu').orderBy('position').orderBy('id').execute();
}

export function findNavigationItem(db: Db, id: number) {
  return db.selectFrom('navigation_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateNavigationItem(db: Db, id: number, values: Partial<NewNavigationItem>) {
  await db.updateTable('navigation_items').set(values).where('id', '=', id).execute();
}

export async function deleteNavigationItem(db: Db, id: number) {
  // Children go with their parent (the foreign key cascades; SQLite without the pragma too).
  await db.deleteFrom('navigation_items').where('parent_id', '=', id).execute();
  await db.deleteFrom('navigation_items').where('id', '=', id).execute();
}

export function listRouteRules(db: Db) {
  return db.selectFrom('route_rules').selectAll().orderBy('path').execute();
}

export function findRouteRule(db: Db, id: number) {
  return db.selectFrom('route_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRouteRuleByPath(db: Db, path: string) {
  return db.selectFrom('route_rules').select(['id']).where('path', '=', path).executeTakeFirst();
}

export async function updateRouteRule(db: Db, id: number, values: Partial<NewRouteRule>) {
  await db.updateTable('route_rules').set(values).where('id', '=', id).execute();
}

export async function deleteRouteRule(db: Db, id: number) {
  await db.deleteFrom('route_rules').where('id', '=', id).execute();
}
