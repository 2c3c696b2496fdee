/**
 * The studio's jobs API under /api/admin/jobs…, admins only (jobs.manage): per-queue counts and the
 * recent failed jobs, and a retry. The permission is checked before the input is read (401 / 403).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../kernel/http/index.ts';
import { requirePermission } from '../studio/permissions.ts';
import { actorOf, security } from '../studio/studio.routes.ts';
import * as s from './jobs.admin.schemas.ts';

const tags = ['admin'];
const manage = { permission: 'jobs.manage' as const };

export const jobsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission) throw new Error(`studio route without a permission: ${request.routeOptions.url}`);
    requirePermission(request.viewer, permission);
  });

  app.get(
    '/api/admin/jobs.json',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary:
          'Tác vụ nền (quyền jobs.manage): số việc chờ, đang chạy, lỗi, xong theo hàng đợi; 20 việc lỗi gần nhất',
        response: { 200: envelope(s.jobsOverviewSchema) },
      },
    },
    async (request) => ({ data: await request.services.jobsAdmin.overview() }),
  );

  app.post(
    '/api/admin/jobs/retry.json',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Chạy lại một việc lỗi (quyền jobs.manage); 404 khi việc không còn ở trạng thái lỗi; ghi nhật ký',
        body: s.retryBody,
        response: { 200: envelope(s.retryResultSchema) },
      },
    },
    async (request) => ({
      data: await request.services.jobsAdmin.retry(actorOf(request), request.body.name, request.body.id),
    }),
  );
};
