/**
 * The studio's jobs API under /api/admin/jobs…, admins only (jobs.manage): per-queue counts and the
 * recent failed jobs, and a retry. The studio's permission check arrives as `actorOf`
 * (server/routes.ts); it runs before the input is read (401 / 403).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, envelope, guardAdminRoutes } from '../../kernel/http/index.ts';
import * as s from './jobs.admin.schemas.ts';

const tags = ['admin'];
const manage = { permission: 'jobs.manage' as const };

/** The studio's actor, as the composition root typed the jobs' studio operations (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['jobsAdmin']['retry']>[0];

export interface JobsAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const jobsAdminRoutes: FastifyPluginAsyncZod<JobsAdminRoutesOptions> = async (app, { actorOf }) => {
  guardAdminRoutes(app, actorOf);

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
