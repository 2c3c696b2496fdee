/**
 * Zalo Login simulated for development, demo and tests (never in production): the permission page
 * offers test Zalo accounts, the token endpoint checks the secret key, the app, the one-time code and
 * the PKCE verifier against the challenge, and `me` answers for the token. Mounted under
 * ZALO_SIMULATOR_PREFIX; the product talks to it over HTTP exactly as to oauth.zaloapp.com.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pkceChallenge } from './zalo.ts';

export const ZALO_SIMULATOR_PREFIX = '/__sim/zalo';
export const ZALO_SIMULATOR_APP = { appId: '1234567890123456789', secretKey: 'zalo-sim-secret' };

/** Test Zalo accounts (ids are per-app user ids, as Zalo gives them). */
export const ZALO_TEST_ACCOUNTS = [
  { id: '4368123456789012345', name: 'Phạm Minh Khôi' },
  { id: '5190876543210987654', name: 'Lê Thị Hồng Nhung' },
];

export interface ZaloSimulatorOptions {
  appId: string;
  secretKey: string;
  /** Only redirect URIs under this origin are accepted (the simulator is no open redirect). */
  publicUrl: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const refusal = (error: number, name: string) => ({ error, error_name: name, error_description: name });

export const zaloSimulator: FastifyPluginAsyncZod<ZaloSimulatorOptions> = async (app, options) => {
  const codes = new Map<string, { challenge: string; account: string; used: boolean }>();
  const tokens = new Map<string, string>();
  const permission = z.object({
    app_id: z.string().max(40),
    redirect_uri: z.string().max(2000),
    code_challenge: z.string().max(200).optional(),
    state: z.string().max(2000).optional(),
    account: z.string().max(40).optional(),
    cancel: z.string().max(2).optional(),
  });
  const allowed = (uri: string) => uri.startsWith(`${options.publicUrl}/`);

  app.get(
    `${ZALO_SIMULATOR_PREFIX}/v4/permission`,
    { schema: { hide: true, querystring: permission } },
    async (request, reply) => {
      const query = request.query;
      reply.header('cache-control', 'no-store');
      if (query.app_id !== options.appId || !allowed(query.redirect_uri) || !query.code_challenge) {
        return reply
          .status(400)
          .type('text/plain; charset=utf-8')
          .send('Ứng dụng, redirect_uri hoặc code_challenge không hợp lệ.');
      }
      const back = new URL(query.redirect_uri);
      if (query.state !== undefined) back.searchParams.set('state', query.state);
      if (query.cancel) {
        back.searchParams.set('error', 'access_denied');
        return reply.redirect(back.href, 302);
      }
      const account = ZALO_TEST_ACCOUNTS.find((test) => test.id === query.account);
      if (account) {
        const code = randomBytes(24).toString('base64url');
        codes.set(code, { challenge: query.code_challenge, account: account.id, used: false });
        back.searchParams.set('code', code);
        back.searchParams.set('code_challenge', query.code_challenge);
        return reply.redirect(back.href, 302);
      }
      const choice = (extra: Record<string, string>) => {
        const url = new URL(`${options.publicUrl}${request.url}`);
        for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
        return escapeHtml(`${url.pathname}${url.search}`);
      };
      const links = ZALO_TEST_ACCOUNTS.map(
        (test) =>
          `<a class="choice" href="${choice({ account: test.id })}">Cho phép với tài khoản Zalo ${escapeHtml(test.name)}</a>`,
      ).join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Giả lập Zalo — cấp quyền</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#0f172a}a.choice{display:block;margin:.6rem 0;padding:.8rem 1rem;border:1px solid #cbd5e1;border-radius:.75rem;text-decoration:none;color:inherit}.note{background:#fef9c3;padding:.6rem .8rem;border-radius:.5rem}</style></head><body><p class="note">Trang giả lập đăng nhập Zalo, chỉ có ở môi trường phát triển, demo và kiểm thử.</p><h1>Khai Trí muốn dùng tên và ảnh đại diện Zalo của bạn</h1>${links}<a class="choice" href="${choice({ cancel: '1' })}">Từ chối</a></body></html>`,
        );
    },
  );

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(
    `${ZALO_SIMULATOR_PREFIX}/v4/access_token`,
    { schema: { hide: true, body: z.record(z.string(), z.string()) } },
    async (request) => {
      const { code = '', app_id, grant_type, code_verifier = '' } = request.body;
      if (request.headers.secret_key !== options.secretKey || app_id !== options.appId)
        return refusal(-14002, 'Invalid app_id or secret_key');
      if (grant_type !== 'authorization_code') return refusal(-14001, 'Invalid grant_type');
      const issued = codes.get(code);
      if (!issued || issued.used) return refusal(-14019, 'Invalid or used code');
      issued.used = true;
      if (pkceChallenge(code_verifier) !== issued.challenge) return refusal(-14022, 'Invalid code_verifier');
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, issued.account);
      return { access_token: accessToken, refresh_token: randomBytes(24).toString('base64url'), expires_in: '3600' };
    },
  );

  app.get(`${ZALO_SIMULATOR_PREFIX}/v2.0/me`, { schema: { hide: true } }, async (request) => {
    const header = request.headers.access_token;
    const account = ZALO_TEST_ACCOUNTS.find((test) => test.id === tokens.get(String(header ?? '')));
    if (!account) return { error: 452, message: 'Access token is invalid' };
    return {
      id: account.id,
      name: account.name,
      picture: { data: { url: `${options.publicUrl}/favicon.ico` } },
      error: 0,
      message: 'Success',
    };
  });
};
