/**
 * POST /api/user/cooperate.json (the "cooperate" endpoint of SPEC §7, public) and the studio's
 * /api/admin/partnerships… (permission `partnerships.manage`).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, envelope, guardAdminRoutes, sendCsv } from '../../kernel/http/index.ts';
import { isAppError } from '../../lib/errors.ts';
import * as schemas from './partnerships.schemas.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

const config = { permission: 'partnerships.manage' as const };

/** The studio's actor, as the composition root typed the partnerships service (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['partnerships']['update']>[0];

export interface PartnershipsRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const partnershipsRoutes: FastifyPluginAsyncZod<PartnershipsRoutesOptions> = async (app, { actorOf }) => {
  app.post(
    '/api/user/cooperate.json',
    {
      // The shared per-address limiter of the API, plus the request's own per-address window (the service).
      config: perAddress(ADDRESS_LIMITS.rare),
      schema: {
        tags: ['partnerships'],
        summary:
          'Gửi yêu cầu hợp tác (nhà trường, đối tác, giáo viên): đơn vị, người liên hệ, điện thoại, thư điện tử, nhu cầu, số người học; xác nhận qua thư điện tử; tối đa 5 yêu cầu mỗi 10 phút từ một địa chỉ',
        body: schemas.cooperateInput,
        response: { 201: schemas.cooperateResultSchema },
      },
    },
    async (request, reply) => {
      try {
        const data = await request.services.partnerships.submit(request.body, {
          ip: request.ip ?? null,
          userId: request.viewer?.id ?? null,
        });
        return reply.status(201).send({ data });
      } catch (error) {
        // A 429 says when to come back (ARCHITECTURE.md §4).
        if (isAppError(error) && error.fields?.retry_after) reply.header('retry-after', error.fields.retry_after);
        throw error;
      }
    },
  );

  await app.register(studioPartnershipsRoutes, { actorOf });
};

/** The studio's side, in its own scope so its permission hook does not reach the public route. */
const studioPartnershipsRoutes: FastifyPluginAsyncZod<PartnershipsRoutesOptions> = async (admin, { actorOf }) => {
  const tags = ['admin'];
  guardAdminRoutes(admin, actorOf);

  admin.get(
    '/api/admin/partnerships.json',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Yêu cầu hợp tác (quyền partnerships.manage): tìm theo đơn vị, người liên hệ, điện thoại, e-mail; lọc trạng thái, loại; ?format=csv',
        querystring: schemas.partnershipsQuery,
        response: { 200: schemas.partnershipListSchema },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const service = request.services.partnerships;
      if (format === 'csv') return sendCsv(reply, 'hop-tac', await service.csv(query));
      const { items, total } = await service.list(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );

  admin.get(
    '/api/admin/partnerships/:id.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Một yêu cầu hợp tác (quyền partnerships.manage)',
        params: schemas.partnershipIdParams,
        response: { 200: envelope(schemas.partnershipSchema) },
      },
    },
    async (request) => ({ data: await request.services.partnerships.detail(request.params.id) }),
  );

  admin.patch(
    '/api/admin/partnerships/:id.json',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Đổi trạng thái (new, contacted, won, lost) và ghi chú của yêu cầu hợp tác; ghi nhật ký',
        params: schemas.partnershipIdParams,
        body: schemas.partnershipUpdateInput,
        response: { 200: envelope(schemas.partnershipSchema) },
      },
    },
    async (request) => ({
      data: await request.services.partnerships.update(actorOf(request), request.params.id, request.body),
    }),
  );
};
