/**
 * POST /api/user/cooperate.json (the "cooperate" endpoint of SPEC §7, public) and the studio's
 * /api/admin/partnerships… (permission `partnerships.manage`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, sendCsv } from '../../kernel/http/index.ts';
import { isAppError } from '../../lib/errors.ts';
import { requirePermission } from '../studio/permissions.ts';
import * as schemas from './partnerships.schemas.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const config = { permission: 'partnerships.manage' as const };

export const partnershipsRoutes: FastifyPluginAsyncZod = async (app) => {
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

  await app.register(studioPartnershipsRoutes);
};

/** The studio's side, in its own scope so its permission hook does not reach the public route. */
const studioPartnershipsRoutes: FastifyPluginAsyncZod = async (admin) => {
  const tags = ['admin'];
  admin.addHook('onRequest', async (request) => {
    requirePermission(request.viewer, 'partnerships.manage');
  });

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
    async (request) => {
      const viewer = requirePermission(request.viewer, 'partnerships.manage');
      return {
        data: await request.services.partnerships.update(
          { viewer, ip: request.ip ?? null },
          request.params.id,
          request.body,
        ),
      };
    },
  );
};
