/**
 * The studio's operations on the site's own tables: banners by placement, navigation menus, site
 * settings (SPEC §3 keys) and route rules with a tester. Every write is audited (through the
 * studio's audit log, passed in) and empties the site and catalog caches, so the public pages show
 * the change on the next request.
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate, retryOnUniqueViolation } from '../../db/connect.ts';
import type { BannerRow, Database } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { pageOf, type ListQuery } from '../../kernel/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Cache } from '../cache/index.ts';
import type { BannerInput, NavigationInput, RouteRuleInput, SettingsInput } from './site.admin.schemas.ts';
import * as repo from './site.repository.ts';
import { mapBanner, normalizeRulePath, SETTING_KEYS, type SiteService } from './site.service.ts';

/** A banner as the studio edits it: the public view with the stored content as typed, and its state. */
export function bannerView(row: BannerRow, now = Date.now()) {
  const banner = mapBanner(row, (html) => html);
  return {
    ...banner,
    is_active: row.is_active === 1,
    is_live:
      row.is_active === 1 &&
      (banner.starts_at === null || Date.parse(banner.starts_at) <= now) &&
      (banner.ends_at === null || Date.parse(banner.ends_at) > now),
    updated_at: readDate(row.updated_at).toISOString(),
  };
}
export type StudioBanner = ReturnType<typeof bannerView>;

export interface SiteAdminDeps<Actor> {
  db: Kysely<Database>;
  /** The shared cache: the catalog's pages show menus and banners too, so its entries are emptied. */
  cache: Cache;
  site: SiteService;
  /** The studio's audit log (the actor is the studio's: passed on, never read here). */
  audit: AuditLog<Actor>;
}

export type SiteAdmin<Actor> = ReturnType<typeof createSiteAdmin<Actor>>;

export function createSiteAdmin<Actor>(deps: SiteAdminDeps<Actor>) {
  const { db, cache, site, audit } = deps;
  const refresh = () => {
    site.invalidate();
    cache.invalidate('catalog:');
  };

  async function requireBanner(id: number) {
    const row = await repo.findBanner(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy banner.');
    return row;
  }

  // ── Banners ──

  async function listBanners(query: ListQuery & { placement?: number | undefined }) {
    const rows = (await repo.listBanners(db, query.placement)).map((row) => bannerView(row));
    return pageOf(rows, query, (row) => [row.title, row.link_url ?? '']);
  }

  async function saveBanner(actor: Actor, id: number | null, input: BannerInput) {
    const now = nowIso();
    const values = { ...input, is_active: input.is_active ? 1 : 0, updated_at: now };
    let bannerId = id;
    if (bannerId === null) {
      bannerId = (await repo.insertBanner(db, { ...values, created_at: now })).id;
    } else {
      await requireBanner(bannerId);
      await repo.updateBanner(db, bannerId, values);
    }
    await audit(
      actor,
      id === null ? 'banner.create' : 'banner.update',
      { type: 'banner', id: bannerId },
      {
        title: input.title,
        placement: input.placement,
        is_active: input.is_active,
        starts_at: input.starts_at,
        ends_at: input.ends_at,
      },
    );
    refresh();
    return bannerView(await requireBanner(bannerId));
  }

  async function deleteBanner(actor: Actor, id: number) {
    const row = await requireBanner(id);
    await repo.deleteBanner(db, id);
    await audit(actor, 'banner.delete', { type: 'banner', id }, { title: row.title, placement: row.placement });
    refresh();
    return { id };
  }

  // ── Navigation ──

  /** Every item of every menu (off ones too), in tree order with their depth. */
  async function listNavigation() {
    const rows = await repo.listNavigation(db);
    const byParent = new Map<number | null, typeof rows>();
    for (const row of rows) {
      const parent = row.parent_id !== null && rows.some((other) => other.id === row.parent_id) ? row.parent_id : null;
      byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
    }
    const ordered: {
      id: number;
      menu: string;
      parent_id: number | null;
      title: string;
      url: string;
      position: number;
      is_active: boolean;
      depth: number;
    }[] = [];
    const walk = (parent: number | null, depth: number) => {
      for (const row of byParent.get(parent) ?? []) {
        ordered.push({
          id: row.id,
          menu: row.menu,
          parent_id: row.parent_id,
          title: row.title,
          url: row.url,
          position: row.position,
          is_active: row.is_active === 1,
          depth,
        });
        if (depth < 10) walk(row.id, depth + 1);
      }
    };
    walk(null, 0);
    return ordered;
  }

  async function requireNavigationItem(id: number) {
    const row = await repo.findNavigationItem(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy mục menu.');
    return row;
  }

  /** The parent must be in the same menu and must not be the item itself or one of its descendants. */
  async function checkParent(id: number | null, input: NavigationInput) {
    if (input.parent_id === null) return;
    const parent = await repo.findNavigationItem(db, input.parent_id);
    const field = { parent_id: 'Mục cha không hợp lệ.' };
    if (!parent || parent.menu !== input.menu)
      throw new AppError('VALIDATION_FAILED', 'Mục cha phải thuộc cùng menu.', field);
    let cursor: number | null = parent.id;
    for (let hops = 0; cursor !== null && hops < 50; hops++) {
      if (cursor === id) throw new AppError('VALIDATION_FAILED', 'Không thể đặt một mục làm con của chính nó.', field);
      cursor = (await repo.findNavigationItem(db, cursor))?.parent_id ?? null;
    }
  }

  async function saveNavigationItem(actor: Actor, id: number | null, input: NavigationInput) {
    if (id !== null) await requireNavigationItem(id);
    await checkParent(id, input);
    const now = nowIso();
    const values = { ...input, is_active: input.is_active ? 1 : 0, updated_at: now };
    let itemId = id;
    if (itemId === null) itemId = (await repo.insertNavigationItem(db, { ...values, created_at: now })).id;
    else await repo.updateNavigationItem(db, itemId, values);
    await audit(
      actor,
      id === null ? 'navigation.create' : 'navigation.update',
      { type: 'navigation', id: itemId },
      input,
    );
    refresh();
    return (await listNavigation()).find((item) => item.id === itemId)!;
  }

  /** Sets the order of sibling items: the ids in their new order (all from one menu and parent). */
  async function reorderNavigation(actor: Actor, ids: number[]) {
    const rows = await Promise.all(ids.map((id) => repo.findNavigationItem(db, id)));
    const first = rows[0];
    if (
      !first ||
      new Set(ids).size !== ids.length ||
      rows.some((row) => !row || row.menu !== first.menu || row.parent_id !== first.parent_id)
    )
      throw new AppError('VALIDATION_FAILED', 'Chỉ sắp xếp được các mục cùng menu và cùng mục cha.');
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      for (const [index, id] of ids.entries())
        await repo.updateNavigationItem(trx, id, { position: (index + 1) * 10, updated_at: now });
    });
    await audit(actor, 'navigation.reorder', { type: 'navigation', id: first.menu }, { ids });
    refresh();
    return listNavigation();
  }

  async function deleteNavigationItem(actor: Actor, id: number) {
    const row = await requireNavigationItem(id);
    await repo.deleteNavigationItem(db, id);
    await audit(actor, 'navigation.delete', { type: 'navigation', id }, { title: row.title, menu: row.menu });
    refresh();
    return { id };
  }

  // ── Settings ──

  async function getSettings(): Promise<Record<string, string>> {
    const rows = await repo.listSettings(db);
    return Object.fromEntries(SETTING_KEYS.map((key) => [key, rows.find((row) => row.key === key)?.value ?? '']));
  }

  async function saveSettings(actor: Actor, input: SettingsInput) {
    const before = await getSettings();
    const now = nowIso();
    const changed: Record<string, { from: string; to: string }> = {};
    await db.transaction().execute(async (trx) => {
      for (const key of SETTING_KEYS) {
        const value = input[key] ?? '';
        if (value === before[key]) continue;
        changed[key] = { from: before[key] ?? '', to: value };
        await repo.upsertSetting(trx, key, value, now);
      }
    });
    await audit(actor, 'settings.update', { type: 'settings', id: 'site' }, changed);
    refresh();
    return getSettings();
  }

  // ── Route rules ──

  const ruleView = (row: Awaited<ReturnType<typeof repo.listRouteRules>>[number]) => ({
    id: row.id,
    path: row.path,
    target: row.target,
    status_code: row.status_code,
    is_active: row.is_active === 1,
    external: /^https?:\/\//i.test(row.target),
    updated_at: readDate(row.updated_at).toISOString(),
  });

  async function listRouteRules(query: ListQuery) {
    const rows = (await repo.listRouteRules(db)).map(ruleView);
    return pageOf(rows, query, (row) => [row.path, row.target]);
  }

  async function requireRule(id: number) {
    const row = await repo.findRouteRule(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy quy tắc điều hướng.');
    return row;
  }

  async function saveRouteRule(actor: Actor, id: number | null, input: RouteRuleInput) {
    if (id !== null) await requireRule(id);
    // Stored the way the public site compares paths (case and trailing slash ignored).
    const path = normalizeRulePath(input.path);
    const now = nowIso();
    const values = { path, target: input.target, status_code: input.status_code, is_active: input.is_active ? 1 : 0 };
    // A concurrent save of the same path: checked again, as if it had come first.
    const ruleId = await retryOnUniqueViolation(async () => {
      const other = await repo.findRouteRuleByPath(db, path);
      if (other && other.id !== id)
        throw new AppError('CONFLICT', 'Đã có quy tắc cho đường dẫn này.', {
          path: 'Đã có quy tắc cho đường dẫn này.',
        });
      if (id !== null) {
        await repo.updateRouteRule(db, id, { ...values, updated_at: now });
        return id;
      }
      return (await repo.insertRouteRule(db, { ...values, created_at: now, updated_at: now })).id;
    });
    await audit(
      actor,
      id === null ? 'route_rule.create' : 'route_rule.update',
      { type: 'route_rule', id: ruleId },
      values,
    );
    refresh();
    return ruleView(await requireRule(ruleId));
  }

  async function deleteRouteRule(actor: Actor, id: number) {
    const row = await requireRule(id);
    await repo.deleteRouteRule(db, id);
    await audit(actor, 'route_rule.delete', { type: 'route_rule', id }, { path: row.path, target: row.target });
    refresh();
    return { id };
  }

  /** Where the public site sends a path: the same matcher the pages use. */
  async function testRoute(rawPath: string) {
    let path = rawPath.trim();
    try {
      if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
    } catch {
      // not a URL: tested as typed
    }
    if (!path.startsWith('/')) path = `/${path}`;
    const match = await site.resolveRouteRule(path);
    const explanation = match
      ? `Chuyển hướng ${match.status} tới ${match.external ? 'địa chỉ ngoài' : 'trang trong site'}: ${match.target}`
      : 'Không có quy tắc nào: đường dẫn mở trang tương ứng của site (hoặc trang 404 nếu không có).';
    return { path, normalized: normalizeRulePath(path), match, explanation };
  }

  return {
    listBanners,
    banner: async (id: number) => bannerView(await requireBanner(id)),
    saveBanner,
    deleteBanner,
    listNavigation,
    saveNavigationItem,
    reorderNavigation,
    deleteNavigationItem,
    getSettings,
    saveSettings,
    listRouteRules,
    routeRule: async (id: number) => ruleView(await requireRule(id)),
    saveRouteRule,
    deleteRouteRule,
    testRoute,
  };
}
