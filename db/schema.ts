/**
 * Table types for Kysely. Timestamps are written as ISO 8601 strings and read back as a Date
 * (PostgreSQL) or a string (SQLite); services map them with `readDate`. Flags are 0/1 integers on
 * both engines so the same queries run everywhere.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Timestamp = ColumnType<Date | string, string, string>;
export type Flag = ColumnType<number, number | undefined, number>;

export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface NavigationItemsTable {
  id: Generated<number>;
  menu: string;
  parent_id: number | null;
  title: string;
  url: string;
  position: ColumnType<number, number | undefined, number>;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  type: 'banner' | 'popup';
  media_type: 'static' | 'video' | 'popup_content';
  display_rule: 'all' | 'signed_in' | 'signed_out';
  placement: number;
  image_pc: string | null;
  image_mobile: string | null;
  video_url: string | null;
  link_url: string | null;
  content: string | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  position: ColumnType<number, number | undefined, number>;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string | null;
  content: string;
  is_published: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RouteRulesTable {
  id: Generated<number>;
  path: string;
  target: string;
  status_code: ColumnType<number, number | undefined, number>;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  site_settings: SiteSettingsTable;
  navigation_items: NavigationItemsTable;
  banners: BannersTable;
  pages: PagesTable;
  route_rules: RouteRulesTable;
}

export type NavigationItemRow = Selectable<NavigationItemsTable>;
export type NewNavigationItem = Insertable<NavigationItemsTable>;
export type BannerRow = Selectable<BannersTable>;
export type NewBanner = Insertable<BannersTable>;
export type PageRow = Selectable<PagesTable>;
export type NewPage = Insertable<PagesTable>;
export type PageUpdate = Updateable<PagesTable>;
export type RouteRuleRow = Selectable<RouteRulesTable>;
export type NewRouteRule = Insertable<RouteRulesTable>;
