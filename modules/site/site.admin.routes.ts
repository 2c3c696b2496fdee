/**
 * The studio's site API under /api/admin/: banners, navigation, site settings and route rules.
 * Permissions: `site.write` (editors and admins) for banners and menus; `settings.write` (admins)
 * for the site settings and route rules. Lists take ?format=csv. The studio's permission check
 * arrives as `actorOf` (server/routes.ts), like its audit log does for the service.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSecurity as security,
  envelope,
  guardAdminRoutes as guard,
  idParams,
  listQuery,
  registerCrud,
} from '../../kernel/http/index.ts';
import * as schemas from './site.admin.schemas.ts';

const tags = ['admin'];
const deleted = { 200: envelope(z.object({ id: z.number() })) };

/** The studio's actor, as the composition root typed the site's studio operations (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['siteAdmin']['saveBanner']>[0];

export interface SiteAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

/** Banners and route rules: list (+CSV), create, read, update, delete. */
export const siteAdminListRoutes: FastifyPluginAsyncZod<SiteAdminRoutesOptions> = async (app, { actorOf }) => {
  guard(app, actorOf);
  const site = (request: FastifyRequest) => request.services.siteAdmin;

  registerCrud(app, {
    path: 'banners',
    permission: 'site.write',
    noun: 'Banner',
    csvName: 'banner',
    item: schemas.bannerSchema,
    input: schemas.bannerInput,
    query: schemas.bannersQuery,
    list: (request, query) => site(request).listBanners(query),
    csv: {
      header: ['id', 'tieu_de', 'vi_tri', 'thu_tu', 'bat_dau', 'ket_thuc', 'dang_bat', 'dang_hien'],
      row: (b) => [
        b.id,
        b.title,
        b.placement,
        b.position,
        b.starts_at,
        b.ends_at,
        b.is_active ? 1 : 0,
        b.is_live ? 1 : 0,
      ],
    },
    get: (request, id) => site(request).banner(id),
    save: (request, id, input) => site(request).saveBanner(actorOf(request), id, input),
    remove: (request, id) => site(request).deleteBanner(actorOf(request), id),
  });

  registerCrud(app, {
    path: 'route-rules',
    permission: 'settings.write',
    noun: 'Quy tắc điều hướng',
    csvName: 'quy-tac-dieu-huong',
    item: schemas.routeRuleSchema,
    input: schemas.routeRuleInput,
    query: listQuery,
    list: (request, query) => site(request).listRouteRules(query),
    csv: {
      header: ['id', 'duong_dan', 'dich_den', 'ma', 'dang_bat'],
      row: (r) => [r.id, r.path, r.target, r.status_code, r.is_active ? 1 : 0],
    },
    get: (request, id) => site(request).routeRule(id),
    save: (request, id, input) => site(request).saveRouteRule(actorOf(request), id, input),
    remove: (request, id) => site(request).deleteRouteRule(actorOf(request), id),
  });
};

/**
 * The route tester, navigation and settings. Registered after the studio's teachers and subjects
 * (server/routes.ts): the OpenAPI document keeps its order.
 */
export const siteAdminRoutes: FastifyPluginAsyncZod<SiteAdminRoutesOptions> = async (app, { actorOf }) => {
  guard(app, actorOf);
  const site = (request: FastifyRequest) => request.services.siteAdmin;

  app.get(
    '/api/admin/route-rules/test.json',
    {
      config: { permission: 'settings.write' },
      schema: {
        tags,
        security,
        summary: 'Thử một đường dẫn: quy tắc điều hướng nào áp dụng và đường dẫn đi tới đâu (quyền settings.write)',
        querystring: schemas.routeTestQuery,
        response: { 200: envelope(schemas.routeTestSchema) },
      },
    },
    async (request) => ({ data: await site(request).testRoute(request.query.path) }),
  );

  const navigationList = { 200: envelope(z.array(schemas.navigationItemSchema)) };
  app.get(
    '/api/admin/navigation.json',
    {
      config: { permission: 'site.write' },
      schema: { tags, security, summary: 'Mọi mục của mọi menu (cả mục đang tắt), theo cây', response: navigationList },
    },
    async (request) => ({ data: await site(request).listNavigation() }),
  );
  app.post(
    '/api/admin/navigation.json',
    {
      config: { permission: 'site.write' },
      schema: {
        tags,
        security,
        summary: 'Thêm mục menu (có thể lồng dưới một mục cùng menu); ghi nhật ký',
        body: schemas.navigationInput,
        response: { 200: envelope(schemas.navigationItemSchema) },
      },
    },
    async (request) => ({ data: await site(request).saveNavigationItem(actorOf(request), null, request.body) }),
  );
  app.put(
    '/api/admin/navigation/:id.json',
    {
      config: { permission: 'site.write' },
      schema: {
        tags,
        security,
        summary: 'Sửa mục menu; ghi nhật ký',
        params: idParams,
        body: schemas.navigationInput,
        response: { 200: envelope(schemas.navigationItemSchema) },
      },
    },
    async (request) => ({
      data: await site(request).saveNavigationItem(actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/admin/navigation/:id.json',
    {
      config: { permission: 'site.write' },
      schema: {
        tags,
        security,
        summary: 'Xóa mục menu cùng các mục con; ghi nhật ký',
        params: idParams,
        response: deleted,
      },
    },
    async (request) => ({ data: await site(request).deleteNavigationItem(actorOf(request), request.params.id) }),
  );
  app.post(
    '/api/admin/navigation/reorder.json',
    {
      config: { permission: 'site.write' },
      schema: {
        tags,
        security,
        summary: 'Sắp xếp lại các mục cùng menu, cùng mục cha (danh sách mã theo thứ tự mới); ghi nhật ký',
        body: schemas.navigationReorderInput,
        response: navigationList,
      },
    },
    async (request) => ({ data: await site(request).reorderNavigation(actorOf(request), request.body.ids) }),
  );

  app.get(
    '/api/admin/settings.json',
    {
      config: { permission: 'settings.write' },
      schema: {
        tags,
        security,
        summary: 'Cấu hình site (SPEC §3)',
        response: { 200: envelope(schemas.settingsSchema) },
      },
    },
    async (request) => ({ data: await site(request).getSettings() }),
  );
  app.put(
    '/api/admin/settings.json',
    {
      config: { permission: 'settings.write' },
      schema: {
        tags,
        security,
        summary: 'Lưu cấu hình site (quyền settings.write); ghi nhật ký các giá trị đổi',
        body: schemas.settingsInput,
        response: { 200: envelope(schemas.settingsSchema) },
      },
    },
    async (request) => ({ data: await site(request).saveSettings(actorOf(request), request.body) }),
  );
};
