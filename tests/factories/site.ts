/**
 * Factories for the site tables. Tests and the demo seed build their rows through these, so the
 * seed always has the shape the tests check.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, NewBanner, NewNavigationItem, NewPage, NewRouteRule } from '../../db/schema.ts';
import * as repo from '../../modules/site/site.repository.ts';

let sequence = 0;
const next = () => ++sequence;

export function buildBanner(overrides: Partial<NewBanner> = {}): NewBanner {
  const n = next();
  const now = nowIso();
  return {
    title: `Banner ${n}`,
    type: 'banner',
    media_type: 'static',
    display_rule: 'all',
    placement: 1,
    image_pc: null,
    image_mobile: null,
    video_url: null,
    link_url: null,
    content: null,
    starts_at: null,
    ends_at: null,
    position: n,
    is_active: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export async function createBanner(db: Kysely<Database>, overrides: Partial<NewBanner> = {}) {
  const banner = buildBanner(overrides);
  const { id } = await repo.insertBanner(db, banner);
  return { ...banner, id };
}

export function buildNavigationItem(overrides: Partial<NewNavigationItem> = {}): NewNavigationItem {
  const n = next();
  const now = nowIso();
  return {
    menu: 'header',
    parent_id: null,
    title: `Mục ${n}`,
    url: `/muc-${n}`,
    position: n,
    is_active: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export async function createNavigationItem(db: Kysely<Database>, overrides: Partial<NewNavigationItem> = {}) {
  const item = buildNavigationItem(overrides);
  const { id } = await repo.insertNavigationItem(db, item);
  return { ...item, id };
}

export function buildPage(overrides: Partial<NewPage> = {}): NewPage {
  const n = next();
  const now = nowIso();
  return {
    slug: `trang-${n}`,
    title: `Trang ${n}`,
    description: `Mô tả trang ${n}`,
    content: `<p>Nội dung trang ${n}</p>`,
    is_published: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export async function createPage(db: Kysely<Database>, overrides: Partial<NewPage> = {}) {
  const page = buildPage(overrides);
  // `pages` is the content module's table (its studio writes it); a test or the seed inserts the row as is.
  const { id } = await db.insertInto('pages').values(page).returning('id').executeTakeFirstOrThrow();
  return { ...page, id };
}

export function buildRouteRule(overrides: Partial<NewRouteRule> = {}): NewRouteRule {
  const n = next();
  const now = nowIso();
  return {
    path: `/chuyen-huong-${n}`,
    target: '/khoa-hoc',
    status_code: 302,
    is_active: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export async function createRouteRule(db: Kysely<Database>, overrides: Partial<NewRouteRule> = {}) {
  const rule = buildRouteRule(overrides);
  const { id } = await repo.insertRouteRule(db, rule);
  return { ...rule, id };
}

export async function setSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await repo.upsertSetting(db, key, value, nowIso());
}
