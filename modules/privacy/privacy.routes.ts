/**
 * The learner's personal data (`/api/user/privacy/*`, signed in): consents, a parent's consent by
 * OTP, the export (a job; owner-only downloads) and the account deletion with its waiting period.
 */
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../kernel/http/index.ts';
import {
  childSchema,
  consentBody,
  consentSchema,
  downloadParams,
  overviewSchema,
  parentCodeBody,
  parentPhoneBody,
  requestResultSchema,
  requestViewSchema,
} from './privacy.schemas.ts';

export interface PrivacyRoutesOptions {
  /** The signed-in learner (401 otherwise): the accounts' guard, given by server/app.ts. */
  viewerOf: (request: FastifyRequest) => { id: number };
  /** Per-address limits (modules/cache/address-limits.ts): everyday writes, code sends, rare downloads. */
  limits: { write: FastifyContextConfig; sendsCode: FastifyContextConfig; rare: FastifyContextConfig };
}

export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRoutesOptions> = async (app, { viewerOf, limits }) => {
  const tags = ['privacy'];
  const privacy = (request: FastifyRequest) => request.services.privacy;

  app.get(
    '/api/user/privacy/overview.json',
    {
      schema: {
        tags,
        summary: 'Dữ liệu cá nhân: đồng ý theo mục đích, lịch sử, đồng ý của cha mẹ, yêu cầu tải và xóa dữ liệu',
        response: { 200: envelope(overviewSchema) },
      },
    },
    async (request) => ({ data: await privacy(request).overview(viewerOf(request).id) }),
  );

  app.post(
    '/api/user/privacy/consents.json',
    {
      config: limits.write,
      schema: {
        tags,
        summary: 'Bật hoặc tắt đồng ý cho một mục đích (ghi lịch sử kèm phiên bản chính sách và thời điểm)',
        body: consentBody,
        response: { 200: envelope(z.array(consentSchema)) },
      },
    },
    async (request) => ({
      data: await privacy(request).consents.set(viewerOf(request).id, request.body.purpose, request.body.granted),
    }),
  );

  app.post(
    '/api/user/privacy/parent/code.json',
    {
      config: limits.sendsCode,
      schema: {
        tags,
        summary: 'Học viên dưới 16 tuổi: gửi mã OTP tới số điện thoại của cha mẹ',
        body: parentPhoneBody,
        response: { 200: envelope(z.object({ sent_to: z.string(), resend_after: z.number().int() })) },
      },
    },
    async (request) => {
      const sent = await privacy(request).consents.requestParentCode(viewerOf(request).id, request.body.parent_phone);
      return { data: { sent_to: sent.sent_to, resend_after: sent.resend_after } };
    },
  );

  app.post(
    '/api/user/privacy/parent/confirm.json',
    {
      config: limits.write,
      schema: {
        tags,
        summary: 'Xác nhận đồng ý của cha mẹ bằng mã OTP',
        body: parentCodeBody,
        response: { 200: envelope(childSchema) },
      },
    },
    async (request) => ({
      data: await privacy(request).consents.confirmParent(viewerOf(request).id, request.body.otp),
    }),
  );

  app.post(
    '/api/user/privacy/parent/withdraw.json',
    {
      config: limits.write,
      schema: {
        tags,
        summary: 'Rút lại đồng ý của cha mẹ (các mục ngoài dịch vụ được tắt)',
        response: { 200: envelope(childSchema) },
      },
    },
    async (request) => ({ data: await privacy(request).consents.withdrawParent(viewerOf(request).id) }),
  );

  app.post(
    '/api/user/privacy/exports.json',
    {
      config: limits.rare,
      schema: {
        tags,
        summary: 'Yêu cầu tải dữ liệu của tôi (tạo tệp JSON và HTML trong nền; yêu cầu đang mở được trả lại)',
        response: { 200: envelope(requestResultSchema) },
      },
    },
    async (request) => ({ data: await privacy(request).requests.requestExport(viewerOf(request).id) }),
  );

  app.get(
    '/api/user/privacy/exports/:id/:format',
    {
      config: limits.rare,
      schema: {
        tags,
        summary: 'Tải tệp dữ liệu của tôi (chỉ chủ tài khoản; của người khác trả 404)',
        params: downloadParams,
        produces: ['application/json', 'text/html'],
      },
    },
    async (request, reply) => {
      const file = await privacy(request).requests.download(
        viewerOf(request).id,
        request.params.id,
        request.params.format,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.post(
    '/api/user/privacy/deletion.json',
    {
      config: limits.rare,
      schema: {
        tags,
        summary: 'Yêu cầu xóa tài khoản: thực hiện sau thời gian chờ, có thể hủy trong thời gian đó',
        response: { 200: envelope(requestResultSchema) },
      },
    },
    async (request) => ({ data: await privacy(request).requests.requestDeletion(viewerOf(request).id) }),
  );

  app.post(
    '/api/user/privacy/deletion/cancel.json',
    {
      config: limits.write,
      schema: {
        tags,
        summary: 'Hủy yêu cầu xóa tài khoản đang trong thời gian chờ',
        response: { 200: envelope(requestViewSchema) },
      },
    },
    async (request) => ({ data: await privacy(request).requests.cancelDeletion(viewerOf(request).id) }),
  );
};
