/**
 * login_sso.json (OpenID Connect, code + PKCE), social_network_link.json, unlink_social_network.json
 * and the browser legs of both flows (authorize → provider → callback).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, requestMeta, requireApiViewer } from '../../kernel/http/index.ts';
import { isAppError } from '../../lib/errors.ts';
import { signedInSchema } from '../accounts/accounts.schemas.ts';
import { setSessionCookies } from '../accounts/guards.ts';
import type { IdentityService, LinkableProvider } from './identity.service.ts';
import * as schemas from './identity.schemas.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

const PROFILE_PATH = '/tai-khoan/ho-so';

/** A failure of a browser leg, as a short code for the page it lands on. */
function describeFailure(error: unknown): string {
  if (!isAppError(error)) throw error;
  if (error.code === 'CONFLICT') return 'conflict';
  if (error.code === 'VALIDATION_FAILED') return 'expired';
  return 'failed';
}

export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (app, { identity }) => {
  const tags = ['accounts'];

  // ── Single sign-on ───────────────────────────────────────────────────────────────────────────

  app.post(
    '/api/user/login_sso/start.json',
    {
      config: perAddress(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Đăng nhập một lần (SSO): địa chỉ trang đăng nhập của nhà cung cấp (OpenID Connect, code + PKCE)',
        body: schemas.ssoStartInput.optional(),
        response: { 200: envelope(z.object({ authorization_url: z.string() })) },
      },
    },
    async (request, reply) => {
      const start = await identity.startSso(request.body?.redirect);
      reply.header('set-cookie', start.cookie);
      return { data: { authorization_url: start.url } };
    },
  );

  app.get(
    '/api/user/login_sso/authorize',
    {
      config: perAddress(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Đăng nhập một lần (SSO) bằng liên kết: chuyển tới nhà cung cấp',
        querystring: schemas.ssoStartQuery,
      },
    },
    async (request, reply) => {
      try {
        const start = await identity.startSso(request.query.redirect);
        reply.header('set-cookie', start.cookie);
        return reply.redirect(start.url, 302);
      } catch (error) {
        return reply.redirect(`/dang-nhap?sso=${describeFailure(error)}`, 302);
      }
    },
  );

  app.post(
    '/api/user/login_sso.json',
    {
      config: perAddress(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Đăng nhập một lần (SSO): đổi { code, state, iss } nhà cung cấp trả về lấy phiên đăng nhập',
        body: schemas.ssoLoginInput,
        response: { 200: envelope(signedInSchema) },
      },
    },
    async (request, reply) => {
      // The attempt is over whatever happens: a replayed or failed code needs a fresh start.
      reply.header('set-cookie', identity.clearSsoCookie());
      const { signedIn } = await identity.finishSso(request.body, request.headers.cookie, requestMeta(request));
      setSessionCookies(reply, request.services, signedIn);
      return { data: { token: signedIn.token, expires_at: signedIn.expiresAt, user: signedIn.user } };
    },
  );

  app.get(
    '/api/user/login_sso/callback',
    {
      config: perAddress(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Địa chỉ nhà cung cấp SSO trả trình duyệt về (redirect_uri)',
        querystring: schemas.oauthCallbackQuery,
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', identity.clearSsoCookie());
      const { code, state, iss, error } = request.query;
      if (error || !code || !state) return reply.redirect(`/dang-nhap?sso=${error ? 'cancelled' : 'expired'}`, 302);
      try {
        const { signedIn, redirect } = await identity.finishSso(
          { code, state, iss },
          request.headers.cookie,
          requestMeta(request),
        );
        setSessionCookies(reply, request.services, signedIn);
        return reply.redirect(redirect, 302);
      } catch (failure) {
        return reply.redirect(`/dang-nhap?sso=${describeFailure(failure)}`, 302);
      }
    },
  );

  // ── Sign-in with Zalo (OAuth v4 + PKCE) ──────────────────────────────────────────────────────

  app.get(
    '/api/user/login_zalo/authorize',
    {
      config: perAddress(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Đăng nhập bằng Zalo: chuyển tới trang cấp quyền của Zalo (OAuth v4, PKCE S256)',
        querystring: schemas.ssoStartQuery,
      },
    },
    async (request, reply) => {
      try {
        const start = await identity.startZaloSignIn(request.query.redirect);
        reply.header('set-cookie', start.cookie);
        return reply.redirect(start.url, 302);
      } catch (error) {
        return reply.redirect(`/dang-nhap?zalo=${describeFailure(error)}`, 302);
      }
    },
  );

  app.get(
    '/api/user/login_zalo/callback',
    {
      config: perAddress(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Địa chỉ Zalo trả trình duyệt về sau khi đăng nhập (redirect_uri)',
        querystring: schemas.oauthCallbackQuery,
      },
    },
    async (request, reply) => {
      // The attempt is over whatever happens: a replayed or forged callback finds no state.
      reply.header('set-cookie', identity.clearZaloCookie());
      const { code, state, error } = request.query;
      if (error || !code || !state) return reply.redirect(`/dang-nhap?zalo=${error ? 'cancelled' : 'expired'}`, 302);
      try {
        const { signedIn, redirect } = await identity.finishZaloSignIn(
          { code, state },
          request.headers.cookie,
          requestMeta(request),
        );
        if (!signedIn) return reply.redirect('/dang-nhap?zalo=unlinked', 302);
        setSessionCookies(reply, request.services, signedIn);
        return reply.redirect(redirect, 302);
      } catch (failure) {
        return reply.redirect(`/dang-nhap?zalo=${describeFailure(failure)}`, 302);
      }
    },
  );

  // ── Linked social accounts ───────────────────────────────────────────────────────────────────

  app.get(
    '/api/user/social_network.json',
    {
      schema: {
        tags,
        summary: 'Tài khoản Google, Facebook, Zalo (và SSO) đã liên kết',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 200: envelope(z.array(schemas.linkedAccountSchema)) },
      },
    },
    async (request) => ({ data: await identity.listLinkedAccounts(requireApiViewer(request).id) }),
  );

  app.post(
    '/api/user/social_network_link.json',
    {
      config: perAddress(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary:
          'Liên kết tài khoản Google ({ provider: "google", id_token }) hoặc Facebook ({ provider: "facebook", access_token })',
        security: [{ bearer: [] }, { cookie: [] }],
        body: schemas.socialLinkInput,
        response: { 200: envelope(z.array(schemas.linkedAccountSchema)) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      return { data: await identity.linkWithToken(viewer.id, request.body) };
    },
  );

  app.post(
    '/api/user/unlink_social_network.json',
    {
      config: perAddress(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Hủy liên kết tài khoản; không cho hủy cách đăng nhập duy nhất khi chưa có mật khẩu',
        security: [{ bearer: [] }, { cookie: [] }],
        body: schemas.socialUnlinkInput,
        response: { 200: envelope(z.array(schemas.linkedAccountSchema)) },
      },
    },
    async (request) => {
      const viewer = requireApiViewer(request);
      return { data: await identity.unlink(viewer.id, request.body.provider) };
    },
  );

  const providerParams = z.object({ provider: schemas.linkableProvider });
  const backToProfile = (result: string, provider: LinkableProvider) =>
    `${PROFILE_PATH}?social=${result}&provider=${provider}`;

  app.get(
    '/api/user/social_network/:provider/start',
    {
      config: perAddress(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Nút "Liên kết" của trang hồ sơ: chuyển tới trang đăng nhập của nhà cung cấp',
        params: providerParams,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!request.viewer) return reply.redirect(`/dang-nhap?redirect=${encodeURIComponent(PROFILE_PATH)}`, 302);
      try {
        const start = await identity.startLink(request.viewer.id, provider);
        reply.header('set-cookie', start.cookie);
        return reply.redirect(start.url, 302);
      } catch (error) {
        return reply.redirect(backToProfile(describeFailure(error), provider), 302);
      }
    },
  );

  app.get(
    '/api/user/social_network/:provider/callback',
    {
      config: perAddress(ADDRESS_LIMITS.signIn),
      schema: {
        tags,
        summary: 'Địa chỉ nhà cung cấp trả trình duyệt về sau khi liên kết',
        params: providerParams,
        querystring: schemas.oauthCallbackQuery,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      reply.header('set-cookie', identity.clearLinkCookie(provider));
      if (!request.viewer) return reply.redirect(`/dang-nhap?redirect=${encodeURIComponent(PROFILE_PATH)}`, 302);
      const { code, state, iss, error } = request.query;
      if (error || !code || !state)
        return reply.redirect(backToProfile(error ? 'cancelled' : 'expired', provider), 302);
      try {
        await identity.finishLink(request.viewer.id, provider, { code, state, iss }, request.headers.cookie);
        return reply.redirect(backToProfile('linked', provider), 302);
      } catch (failure) {
        return reply.redirect(backToProfile(describeFailure(failure), provider), 302);
      }
    },
  );
};
