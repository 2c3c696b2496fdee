/** The site module's tables: settings, menus, banners and route rules, composed into db/schema.ts. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Flag, Timestamp } from '../../kernel/db/columns.ts';

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

export interface RouteRulesTable {
  id: Generated<number>;
  path: string;
  target: string;
  status_code: ColumnType<number, number | undefined, number>;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface SiteTables {
  site_settings: SiteSettingsTable;
  navigation_items: NavigationItemsTable;
  banners: BannersTable;
  route_rules: RouteRulesTable;
}

export type NavigationItemRow = Selectable<NavigationItemsTable>;
export type NewNavigationItem = Insertable<NavigationItemsTable>;
export type BannerRow = Selectable<BannersTable>;
export type NewBanner = Insertable<BannersTable>;
export type RouteRuleRow = Selectable<RouteRulesTable>;
export type NewRouteRule = Insertable<RouteRulesTable>;
