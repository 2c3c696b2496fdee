/**
 * Studio people under /api/admin/: roles (roles.write), enrolments (enrolments.write), lesson error
 * reports (support.write), broadcasts (broadcasts.send). The permission is checked before the input
 * is read; every write is audited by the services. Support requests are support's
 * (modules/support/support.desk.routes.ts), registered between these two plugins.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSecurity as security,
  envelope,
  guardAdminRoutes,
  listOf,
  pageQuery,
  sendCsv,
} from '../../kernel/http/index.ts';
import * as schemas from './people.schemas.ts';
import { actorOf } from './studio.routes.ts';

/** The permission of each route is checked before its input is read. */
const guard = (app: Parameters<FastifyPluginAsyncZod>[0]) => guardAdminRoutes(app, actorOf);

/** Roles and enrolments. */
export const studioPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  guard(app);

  app.post(
    '/api/admin/users/:id/role.json',
    {
      config: { permission: 'roles.write' },
      schema: {
        tags,
        security,
        summary:
          'Đổi vai trò người dùng (quyền roles.write); không đổi được của chính mình, không hạ quản trị viên cuối cùng; ghi nhật ký',
        params: schemas.userIdParams,
        body: schemas.roleInput,
        response: { 200: envelope(schemas.roleResultSchema) },
      },
    },
    async (request) => {
      const accounts = request.services.accountsAdmin;
      return { data: await accounts.setRole(actorOf(request), request.params.id, request.body.role) };
    },
  );

  app.post(
    '/api/admin/users/:id/enrolments.json',
    {
      config: { permission: 'enrolments.write' },
      schema: {
        tags,
        security,
        summary:
          'Cấp khóa học cho học viên (quyền enrolments.write): số ngày hoặc không thời hạn, lý do bắt buộc; báo học viên, ghi nhật ký',
        params: schemas.userIdParams,
        body: schemas.grantInput,
        response: { 200: envelope(schemas.grantResultSchema) },
      },
    },
    async (request) => {
      const { course_id, days, reason } = request.body;
      const people = request.services.enrolmentGrants;
      return {
        data: await people.grant(actorOf(request), request.params.id, { course_id, days: days ?? null, reason }),
      };
    },
  );

  app.post(
    '/api/admin/users/:id/enrolments/:enrolmentId/extend.json',
    {
      config: { permission: 'enrolments.write' },
      schema: {
        tags,
        security,
        summary:
          'Gia hạn ghi danh thêm số ngày, hoặc không thời hạn khi bỏ trống (quyền enrolments.write); lý do bắt buộc',
        params: schemas.enrolmentParams,
        body: schemas.extendInput,
        response: { 200: envelope(schemas.extendResultSchema) },
      },
    },
    async (request) => {
      const { id, enrolmentId } = request.params;
      const input = { days: request.body.days ?? null, reason: request.body.reason };
      return { data: await request.services.enrolmentGrants.extend(actorOf(request), id, enrolmentId, input) };
    },
  );

  app.post(
    '/api/admin/users/:id/enrolments/:enrolmentId/revoke.json',
    {
      config: { permission: 'enrolments.write' },
      schema: {
        tags,
        security,
        summary: 'Thu hồi ghi danh ngay (quyền enrolments.write); lý do bắt buộc, báo học viên, ghi nhật ký',
        params: schemas.enrolmentParams,
        body: schemas.revokeInput,
        response: { 200: envelope(schemas.revokeResultSchema) },
      },
    },
    async (request) => {
      const { id, enrolmentId } = request.params;
      return { data: await request.services.enrolmentGrants.revoke(actorOf(request), id, enrolmentId, request.body) };
    },
  );
};

/** Lesson error reports and broadcasts: registered after support's desk (server/routes.ts), in the document's order. */
export const studioPeopleLaterRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  guard(app);

  app.get(
    '/api/admin/error-reports.json',
    {
      config: { permission: 'support.write' },
      schema: {
        tags,
        security,
        summary:
          'Báo lỗi bài học (quyền support.write): tìm không dấu, lọc trạng thái, loại lỗi, khóa học; ?format=csv',
        querystring: schemas.reportsQuery,
        response: { 200: listOf(schemas.reportRowSchema) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const desk = request.services.studioDesk;
      if (format === 'csv') return sendCsv(reply, 'bao-loi-bai-hoc', await desk.reportsCsv(query));
      const { items, total } = await desk.listReports(query);
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );

  app.post(
    '/api/admin/error-reports/:id/review.json',
    {
      config: { permission: 'support.write' },
      schema: {
        tags,
        security,
        summary: 'Chuyển trạng thái báo lỗi: mới, đã xác nhận, đã sửa, từ chối (quyền support.write); ghi nhật ký',
        params: schemas.idParams,
        body: schemas.reviewInput,
        response: { 200: envelope(schemas.reportRowSchema) },
      },
    },
    async (request) => ({
      data: await request.services.studioDesk.reviewReport(actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/admin/broadcasts.json',
    {
      config: { permission: 'broadcasts.send' },
      schema: {
        tags,
        security,
        summary: 'Các thông báo đã gửi hàng loạt, mới nhất trước, với số người nhận (quyền broadcasts.send)',
        querystring: pageQuery,
        response: { 200: listOf(schemas.broadcastSchema) },
      },
    },
    async (request) => {
      const { items, total } = await request.services.broadcasts.list(request.query);
      return { data: items, meta: { page: request.query.page, limit: request.query.limit, total } };
    },
  );

  app.get(
    '/api/admin/broadcasts/preview.json',
    {
      config: { permission: 'broadcasts.send' },
      schema: {
        tags,
        security,
        summary:
          'Số người sẽ nhận: mọi học viên, hoặc người theo dõi một chủ đề; với tin tiếp thị, chỉ người đã đồng ý và số người bị bỏ qua (quyền broadcasts.send)',
        querystring: schemas.audienceInput,
        response: { 200: envelope(schemas.previewSchema) },
      },
    },
    async (request) => ({ data: await request.services.broadcasts.preview(request.query) }),
  );

  app.post(
    '/api/admin/broadcasts.json',
    {
      config: { permission: 'broadcasts.send' },
      schema: {
        tags,
        security,
        summary:
          'Gửi thông báo (tiêu đề, nội dung, liên kết, loại: dịch vụ hoặc tiếp thị) đến mọi học viên hoặc người theo dõi một chủ đề; tin tiếp thị chỉ tới người đang đồng ý nhận, kiểm tra ở từng lô; gửi theo lô sau khi trả lời (quyền broadcasts.send)',
        body: schemas.broadcastInput,
        response: { 200: envelope(schemas.broadcastSchema) },
      },
    },
    async (request) => ({ data: await request.services.broadcasts.send(actorOf(request), request.body) }),
  );
};
