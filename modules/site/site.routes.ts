import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../kernel/http/index.ts';
import { navigationSchema, pageDataQuery, pageDataSchema, publicSettingsSchema } from './site.schemas.ts';

/** Public site data: navigation, public settings, and the home page data call of SPEC §7. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/navigation.json',
    {
      schema: {
        tags: ['site'],
        summary: 'Menu đầu trang và chân trang',
        response: { 200: envelope(navigationSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { data: await request.services.site.getNavigation() };
    },
  );

  app.get(
    '/api/user/settings.json',
    {
      schema: {
        tags: ['site'],
        summary: 'Cấu hình công khai (nhận diện số thuê bao, mã dịch vụ, địa chỉ API)',
        response: { 200: envelope(publicSettingsSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { data: request.services.site.getPublicSettings() };
    },
  );

  app.get(
    '/restapi/page/getpagedata',
    {
      schema: {
        tags: ['site'],
        summary: 'Dữ liệu trang chủ: cấu hình, banner theo vị trí, menu, khóa học gợi ý',
        querystring: pageDataQuery,
        response: { 200: envelope(pageDataSchema) },
      },
    },
    async (request, reply) => {
      const [page, recommendations] = await Promise.all([
        request.services.site.getPageData({
          signedIn: request.viewer !== null,
          ...(request.query.placements ? { placements: request.query.placements } : {}),
        }),
        request.services.recommendations.forViewer(request.viewer?.id ?? null),
      ]);
      // A learner's recommendations are theirs alone: never stored by a browser or a shared cache.
      if (request.viewer !== null) reply.header('cache-control', 'private, no-store');
      return { data: { ...page, recommendations } };
    },
  );
};
