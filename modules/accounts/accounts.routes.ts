import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { normalizeEmail } from '../../lib/phone.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';
import type { Services } from '../services.ts';
import * as schemas from './accounts.schemas.ts';
import type { SignedIn } from './accounts.service.ts';
import { requestMeta, requireApiViewer } from '../../kernel/http/index.ts';
import { setSessionCookies } from './guards.ts';
import { PROVINCES } from './provinces.ts';
import { buildClearedSessionCookies } from './session-cookies.ts';

function requireEmail(value: string): string {
  const email = normalizeEmail(value);
  if (!email) throw new AppError('VALIDATION_FAILED', 'Email không hợp lệ.', { email: 'Email không hợp lệ.' });
  return email;
}

function answerSignedIn(reply: FastifyReply, services: Services, signedIn: SignedIn) {
  setSessionCookies(reply, services, signedIn);
  return { data: { token: signedIn.token, expires_at: signedIn.expiresAt, user: signedIn.user } };
}

const POLICY = {
  version: '2026-01',
  title: 'Điều khoản sử dụng và chính sách bảo mật',
  url: '/dieu-khoan-su-dung',
  summary:
    'Bạn đồng ý sử dụng dịch vụ đúng mục đích học tập, tự bảo mật tài khoản, và cho phép chúng tôi xử lý số điện thoại, email, họ tên và tiến độ học tập để cung cấp dịch vụ.',
};

export interface AccountsRoutesOptions {
  /** Multiplies the per-address limits below (AUTH_RATE_LIMIT_SCALE; sized for carrier NAT at 1). */
  authLimitScale?: number;
}

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, options) => {
  const tags = ['accounts'];
  const scale = options.authLimitScale ?? 1;
  const strict = (max: number) => perAddress(max * scale);

  app.post(
    '/api/user/register.json',
    {
      config: strict(ADDRESS_LIMITS.sendsCode),
      schema: {
        tags,
        summary:
          'Đăng ký bằng số điện thoại hoặc email; gửi mã OTP. Số hoặc email đã có tài khoản: câu trả lời như nhau, chủ tài khoản nhận tin báo thay vì mã',
        body: schemas.registerInput,
        response: { 201: envelope(schemas.codeSentSchema) },
      },
    },
    async (request, reply) => {
      const sent = await request.services.accounts.register(request.body);
      return reply.status(201).send({ data: sent });
    },
  );

  app.post(
    '/api/user/verify_otp.json',
    {
      config: strict(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Xác thực mã OTP (đăng ký, đăng nhập, quên mật khẩu)',
        body: schemas.verifyOtpInput,
        response: { 200: envelope(z.union([schemas.signedInSchema, z.object({ verify_token: z.string() })])) },
      },
    },
    async (request, reply) => {
      const result = await request.services.accounts.verifyCode(request.body, requestMeta(request));
      if ('verify_token' in result) return { data: result };
      return answerSignedIn(reply, request.services, result);
    },
  );

  app.post(
    '/api/user/resend_otp.json',
    {
      config: strict(ADDRESS_LIMITS.sendsCode),
      schema: {
        tags,
        summary: 'Gửi lại mã OTP (sau 60 giây)',
        body: schemas.resendOtpInput,
        response: { 200: envelope(schemas.codeSentSchema) },
      },
    },
    async (request) => ({
      data: await request.services.accounts.resendCode(request.body.purpose, request.body.username),
    }),
  );

  app.post(
    '/api/user/login.json',
    {
      config: strict(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Đăng nhập bằng số điện thoại hoặc email và mật khẩu',
        body: schemas.loginInput,
        response: { 200: envelope(schemas.signedInSchema) },
      },
    },
    async (request, reply) =>
      answerSignedIn(
        reply,
        request.services,
        await request.services.accounts.login(request.body, requestMeta(request)),
      ),
  );

  app.post(
    '/api/user/login_phone.json',
    {
      config: strict(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Đăng nhập bằng số điện thoại và mã OTP: gửi { username } để nhận mã, rồi { username, otp }',
        body: schemas.loginPhoneInput,
        response: { 200: envelope(z.union([schemas.signedInSchema, schemas.codeSentSchema])) },
      },
    },
    async (request, reply) => {
      const { username, otp } = request.body;
      if (!otp) return { data: await request.services.accounts.requestLoginCode(username) };
      const result = await request.services.accounts.verifyCode(
        { username, otp, purpose: 'login' },
        requestMeta(request),
      );
      if ('verify_token' in result) throw new Error('unexpected verify token');
      return answerSignedIn(reply, request.services, result);
    },
  );

  app.post(
    '/api/user/logout.json',
    {
      schema: { tags, summary: 'Đăng xuất phiên hiện tại', response: { 200: envelope(z.object({ ok: z.boolean() })) } },
    },
    async (request, reply) => {
      if (request.viewer) await request.services.accounts.sessions.close(request.viewer.sessionId);
      reply.header('set-cookie', buildClearedSessionCookies(request.services.web.secureCookies));
      return { data: { ok: true } };
    },
  );

  app.post(
    '/api/user/forgot_password.json',
    {
      config: strict(ADDRESS_LIMITS.sendsCode),
      schema: {
        tags,
        summary: 'Quên mật khẩu: mã OTP qua SMS hoặc liên kết qua email',
        body: schemas.forgotPasswordInput,
        response: { 200: envelope(schemas.codeSentSchema) },
      },
    },
    async (request) => ({ data: await request.services.accounts.forgotPassword(request.body.username) }),
  );

  app.post(
    '/api/user/change_password.json',
    {
      config: strict(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary:
          'Đổi mật khẩu: { old_password, new_password } khi đã đăng nhập, hoặc { verify_token, new_password } khi quên mật khẩu',
        body: schemas.changePasswordInput,
        response: { 200: envelope(z.object({ ok: z.boolean() })) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ('verify_token' in body) {
        await request.services.accounts.resetPassword(body);
        reply.header('set-cookie', buildClearedSessionCookies(request.services.web.secureCookies));
      } else {
        const viewer = requireApiViewer(request);
        await request.services.accounts.changePassword(viewer.id, viewer.sessionId, body);
      }
      return { data: { ok: true } };
    },
  );

  app.post(
    '/api/user/change_email.json',
    {
      config: strict(ADDRESS_LIMITS.sendsCode),
      schema: {
        tags,
        summary:
          'Đổi email: gửi liên kết xác nhận tới địa chỉ mới; nếu địa chỉ đã thuộc tài khoản khác, chủ địa chỉ được báo thay vì nhận liên kết (câu trả lời như nhau)',
        body: schemas.changeEmailInput,
        response: { 200: envelope(z.object({ sent_to: z.string() })) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      const email = requireEmail(request.body.email);
      return { data: await request.services.accounts.requestEmailChange(viewer.id, email) };
    },
  );

  app.post(
    '/api/user/change_email/check.json',
    {
      config: strict(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary:
          'Kiểm tra email mới trước khi gửi liên kết xác nhận: hợp lệ và khác email hiện tại (không cho biết email có thuộc tài khoản khác hay không)',
        body: schemas.changeEmailInput,
        response: { 200: envelope(z.object({ available: z.boolean() })) },
      },
    },
    async (request) => {
      const email = requireEmail(request.body.email);
      return { data: { available: await request.services.accounts.canRequestEmail(email, request.viewer?.id) } };
    },
  );

  app.post(
    '/api/user/change_email/confirm.json',
    {
      config: strict(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary: 'Xác nhận đổi email bằng mã trong liên kết',
        body: schemas.confirmEmailInput,
        response: { 200: envelope(schemas.publicUserSchema) },
      },
    },
    async (request) => ({ data: await request.services.accounts.confirmEmailChange(request.body.token) }),
  );

  app.post(
    '/api/user/user_policy.json',
    {
      schema: {
        tags,
        summary: 'Điều khoản sử dụng; khi đã đăng nhập, { accept: true } ghi nhận đồng ý',
        body: schemas.policyInput.optional(),
        response: {
          200: envelope(
            z.object({
              version: z.string(),
              title: z.string(),
              url: z.string(),
              summary: z.string(),
              accepted: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      let accepted = false;
      if (request.body?.accept) {
        const viewer = requireApiViewer(request);
        await request.services.accounts.acceptPolicy(viewer.id);
        accepted = true;
      }
      return { data: { ...POLICY, accepted } };
    },
  );

  app.get(
    '/api/user/user.json',
    {
      schema: {
        tags,
        summary: 'Người dùng đang đăng nhập',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 200: envelope(schemas.publicUserSchema) },
      },
    },
    async (request) => {
      const profile = await request.services.profile.get(requireApiViewer(request).id);
      return {
        data: {
          id: profile.id,
          full_name: profile.full_name,
          phone: profile.phone,
          email: profile.email,
          avatar_url: profile.avatar_url,
        },
      };
    },
  );

  app.get(
    '/api/user/details.json',
    {
      schema: {
        tags,
        summary: 'Hồ sơ chi tiết',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 200: envelope(schemas.profileSchema) },
      },
    },
    async (request) => ({ data: await request.services.profile.get(requireApiViewer(request).id) }),
  );

  app.patch(
    '/api/user/user.json',
    {
      config: strict(ADDRESS_LIMITS.write),
      schema: {
        tags,
        summary: 'Cập nhật hồ sơ',
        body: schemas.updateProfileInput,
        response: { 200: envelope(schemas.profileSchema) },
      },
    },
    async (request) => ({ data: await request.services.profile.update(requireApiViewer(request).id, request.body) }),
  );

  app.get(
    '/api/user/sessions.json',
    {
      schema: {
        tags,
        summary: 'Lịch sử đăng nhập (thiết bị, IP, thời gian)',
        response: {
          200: envelope(
            z.array(
              z.object({
                id: z.string(),
                method: z.string(),
                device: z.string(),
                ip: z.string().nullable(),
                created_at: z.string(),
                active: z.boolean(),
                current: z.boolean(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      return { data: await request.services.accounts.sessions.history(viewer.id, viewer.sessionId) };
    },
  );

  app.post(
    '/api/user/sessions/revoke_others.json',
    {
      schema: {
        tags,
        summary: 'Đăng xuất khỏi các thiết bị khác',
        response: { 200: envelope(z.object({ revoked: z.number().int() })) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      return { data: { revoked: await request.services.accounts.sessions.closeAll(viewer.id, viewer.sessionId) } };
    },
  );

  app.get(
    '/api/user/provinces.json',
    {
      schema: {
        tags,
        summary: '34 tỉnh, thành phố (từ 01/07/2025)',
        response: {
          200: envelope(z.array(z.object({ code: z.string(), name: z.string(), kind: z.enum(['city', 'province']) }))),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { data: [...PROVINCES] };
    },
  );
};
