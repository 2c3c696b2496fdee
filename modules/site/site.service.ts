import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { BannerRow, Database } from '../../db/schema.ts';
import type { Cache } from '../cache/cache.ts';
import * as repo from './site.repository.ts';

export const SETTING_KEYS = [
  'BACKGROUND_HOME_PC',
  'BACKGROUND_HOME_MB',
  'NUMBER_SCHOOL',
  'NUMBER_LESSON',
  'NUMBER_STUDENT',
  'NUMBER_PARTNER',
  'COLOR_BANNER_HOME',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type SiteSettings = Record<SettingKey, string>;

export const PLACEMENT_CODES = Array.from({ length: 26 }, (_, index) => index + 1);

export interface NavigationItem {
  id: number;
  title: string;
  url: string;
  children: NavigationItem[];
}
export type Navigation = Record<string, NavigationItem[]>;

export interface BannerView {
  id: number;
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
  position: number;
  starts_at: string | null;
  ends_at: string | null;
}

export interface PublicSettings {
  disabledRecognition: number;
  serviceId: string;
  baseURL: string;
}

export interface RouteRuleMatch {
  target: string;
  status: 301 | 302 | 307 | 308;
  external: boolean;
}

export interface SitePage {
  slug: string;
  title: string;
  description: string | null;
  content: string;
  updated_at: string;
}

export interface SiteServiceDeps {
  db: Kysely<Database>;
  cache: Cache;
  sanitize: (html: string) => string;
  publicSettings: PublicSettings;
}

const HOT_TTL_MS = 30_000;

export type SiteService = ReturnType<typeof createSiteService>;

export function createSiteService({ db, cache, sanitize, publicSettings }: SiteServiceDeps) {
  async function getSettings(): Promise<SiteSettings> {
    return cache.wrap('site:settings', HOT_TTL_MS, async () => {
      const rows = await repo.listSettings(db);
      const settings = Object.fromEntries(SETTING_KEYS.map((key) => [key, ''])) as SiteSettings;
      for (const row of rows) {
        if ((SETTING_KEYS as readonly string[]).includes(row.key)) settings[row.key as SettingKey] = row.value;
      }
      return settings;
    });
  }

  async function getNavigation(): Promise<Navigation> {
    return cache.wrap('site:navigation', HOT_TTL_MS, async () =>
      buildNavigation(await repo.listActiveNavigationItems(db)),
    );
  }

  /** Live banners of the given placements that the visitor may see, grouped by placement code. */
  async function listBanners(options: {
    placements: number[];
    signedIn: boolean;
  }): Promise<Record<number, BannerView[]>> {
    const all = await cache.wrap('site:banners', HOT_TTL_MS, async () =>
      (await repo.listLiveBanners(db, PLACEMENT_CODES, nowIso())).map((row) => mapBanner(row, sanitize)),
    );
    const now = Date.now();
    const grouped: Record<number, BannerView[]> = {};
    for (const placement of options.placements) grouped[placement] = [];
    for (const banner of all) {
      if (!options.placements.includes(banner.placement)) continue;
      if (banner.display_rule === 'signed_in' && !options.signedIn) continue;
      if (banner.display_rule === 'signed_out' && options.signedIn) continue;
      // The cached list may be up to HOT_TTL_MS old: recheck the window against the clock.
      if (banner.starts_at && Date.parse(banner.starts_at) > now) continue;
      if (banner.ends_at && Date.parse(banner.ends_at) <= now) continue;
      grouped[banner.placement]?.push(banner);
    }
    return grouped;
  }

  async function findPage(slug: string): Promise<SitePage | null> {
    const row = await repo.findPublishedPageBySlug(db, slug);
    if (!row) return null;
    return {
      slug: row.slug,
      title: row.title,
      description: row.description,
      content: sanitize(row.content),
      updated_at: readDate(row.updated_at).toISOString(),
    };
  }

  /** The route rule for a path (trailing slash and case ignored), if one is active. */
  async function resolveRouteRule(path: string): Promise<RouteRuleMatch | null> {
    const rules = await cache.wrap('site:route-rules', HOT_TTL_MS, async () => {
      const map = new Map<string, RouteRuleMatch>();
      for (const rule of await repo.listActiveRouteRules(db)) {
        map.set(normalizeRulePath(rule.path), {
          target: rule.target,
          status: ([301, 302, 307, 308] as const).find((code) => code === rule.status_code) ?? 302,
          external: /^https?:\/\//i.test(rule.target),
        });
      }
      return map;
    });
    return rules.get(normalizeRulePath(path)) ?? null;
  }

  async function getPageData(options: { signedIn: boolean; placements?: number[] }) {
    const [settings, navigation, banners] = await Promise.all([
      getSettings(),
      getNavigation(),
      listBanners({ placements: options.placements ?? PLACEMENT_CODES, signedIn: options.signedIn }),
    ]);
    return { settings, navigation, banners };
  }

  function invalidate(): void {
    cache.invalidate('site:');
  }

  return {
    getSettings,
    getPublicSettings: (): PublicSettings => publicSettings,
    getNavigation,
    listBanners,
    findPage,
    resolveRouteRule,
    getPageData,
    invalidate,
  };
}

export function normalizeRulePath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? '/';
  const trimmed = withoutQuery.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

function buildNavigation(rows: Awaited<ReturnType<typeof repo.listActiveNavigationItems>>): Navigation {
  const byId = new Map<number, NavigationItem>();
  for (const row of rows) byId.set(row.id, { id: row.id, title: row.title, url: row.url, children: [] });
  const navigation: Navigation = { header: [], footer: [] };
  for (const row of rows) {
    const item = byId.get(row.id)!;
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    if (parent) parent.children.push(item);
    else (navigation[row.menu] ??= []).push(item);
  }
  return navigation;
}

/** A stored banner as the public site shows it (its popup content sanitized by `sanitize`). */
export function mapBanner(row: BannerRow, sanitize: (html: string) => string): BannerView {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    media_type: row.media_type,
    display_rule: row.display_rule,
    placement: row.placement,
    image_pc: row.image_pc,
    image_mobile: row.image_mobile,
    video_url: row.video_url,
    link_url: row.link_url,
    content: row.content === null ? null : sanitize(row.content),
    position: row.position,
    starts_at: row.starts_at === null ? null : readDate(row.starts_at).toISOString(),
    ends_at: row.ends_at === null ? null : readDate(row.ends_at).toISOString(),
  };
}
