/**
 * The support desk's API under /api/admin/support-requests…: the list (+CSV), a request with its
 * replies and notes, its state and assignee, replies and notes. Every route needs `support.write`;
 * the studio's permission check arrives as `actorOf` (server/routes.ts), like its audit log does for
 * the service; 401 / 403 come before the input is read.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security, envelope, guardAdminRoutes, listOf, sendCsv } from '../../kernel/http/index.ts';
import * as schemas from './support.desk.schemas.ts';

const tags = ['admin'];

/** The studio's actor, as the composition root typed the support desk (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['supportDesk']['addNote']>[0];

export interface SupportDeskRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

export const supportDeskRoutes: FastifyPluginAsyncZod<SupportDeskRoutesOptions> = async (app, { actorOf }) => {
  guardAdminRoutes(app, actorOf);

  app.get(
    '/api/admin/support-requests.json',
    {
      config: { permission: 'support.write' },
      schema: {
        tags,
        security,
        summary: 'Yêu cầu hỗ trợ (quyền support.write): tìm không dấu, lọc trạng thái, người được giao; ?format=csv',
        querystring: schemas.supportQuery,
        response: { 200: listOf(schemas.supportRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const desk = request.services.supportDesk;
      if (format === 'csv') return sendCsv(reply, 'yeu-cau-ho-tro', await desk.supportCsv(query));
      const { items, total } = await desk.listSupport(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );

  app.get(
    '/api/admin/support-requests/:id.json',
    {
      config: { permission: 'support.write' },
      schema: {
        tags,
        security,
        summary: 'Chi tiết yêu cầu hỗ trợ với các trả lời và ghi chú nội bộ (quyền support.write)',
        params: schemas.idParams,
        response: { 200: envelope(schemas.supportDetailSchema) },
      },
    },
    async (request) => ({ data: await request.services.supportDesk.supportDetail(request.params.id) }),
  );

  app.patch(
    '/api/admin/support-requests/:id.json',
    {
      config: { permission: 'support.write' },
      schema: {
        tags,
        security,
        summary: 'Đổi trạng thái hoặc người được giao của yêu cầu hỗ trợ (quyền support.write); ghi nhật ký',
        params: schemas.idParams,
        body: schemas.supportUpdateInput,
        response: { 200: envelope(schemas.supportRowSchema) },
      },
    },
    async (request) => ({
      data: await request.services.supportDesk.updateSupport(actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/admin/support-requests/:id/notes.json',
    {
      config: { permission: 'support.write' },
      schema: {
        tags,
        security,
        summary:
          'Trả lời người gửi (thông báo, e-mail hoặc SMS) hoặc thêm ghi chú nội bộ cho yêu cầu hỗ trợ (quyền support.write)',
        params: schemas.idParams,
        body: schemas.noteInput,
        response: { 200: envelope(schemas.noteResultSchema) },
      },
    },
    async (request) => ({
      data: await request.services.supportDesk.addNote(actorOf(request), request.params.id, request.body),
    }),
  );
};
