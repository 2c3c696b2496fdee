/**
 * social_network_link.json / unlink_social_network.json: Google against a real OpenID provider
 * (oidc-provider playing Google), Facebook against a local stand-in for the Graph API.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { signIn } from '../../tests/helpers/auth.ts';
import {
  obtainIdToken as obtainGoogleIdToken,
  startOidcProvider,
  type TestOidcProvider,
} from '../../tests/helpers/oidc-provider.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

const GOOGLE = { client_id: 'khai-tri-google', client_secret: 'google-secret-0123456789abcdef' };
const OTHER_APP = { client_id: 'someone-elses-app', client_secret: 'other-secret-0123456789abcdef' };
const APP_REDIRECT = 'http://127.0.0.1/app-callback';
const WEB_CALLBACK = 'http://localhost:3000/api/user/social_network/google/callback';
const FB = { appId: 'fb-app-123', appSecret: 'fb-secret-456' };

let idp: TestOidcProvider;
let graph: http.Server;
let graphUrl: string;
let t: TestContext;
let bare: TestContext;

/** Facebook access tokens the stand-in knows: token → person and the app it was issued to. */
const fbTokens = new Map<string, { userId: string; appId: string; email?: string; name?: string }>();
/** Login-dialog codes → access tokens. */
const fbCodes = new Map<string, string>();

function startGraph(): Promise<void> {
  graph = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://graph.local');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB.appId}|${FB.appSecret}`)
        return send(400, { error: { message: 'bad app token' } });
      const known = fbTokens.get(url.searchParams.get('input_token') ?? '');
      return send(200, {
        data: known ? { app_id: known.appId, is_valid: true, user_id: known.userId } : { is_valid: false },
      });
    }
    if (url.pathname === '/me') {
      const known = fbTokens.get(url.searchParams.get('access_token') ?? '');
      return known
        ? send(200, { id: known.userId, name: known.name, email: known.email })
        : send(400, { error: { message: 'invalid token' } });
    }
    if (url.pathname === '/oauth/access_token') {
      const token = fbCodes.get(url.searchParams.get('code') ?? '');
      if (!token || url.searchParams.get('client_secret') !== FB.appSecret)
        return send(400, { error: { message: 'bad code' } });
      fbCodes.delete(url.searchParams.get('code')!);
      return send(200, { access_token: token, token_type: 'bearer' });
    }
    return send(404, { error: { message: 'not found' } });
  });
  return new Promise((resolve) => graph.listen(0, '127.0.0.1', resolve));
}

beforeAll(async () => {
  idp = await startOidcProvider([
    { ...GOOGLE, redirect_uris: [WEB_CALLBACK, APP_REDIRECT] },
    { ...OTHER_APP, redirect_uris: [APP_REDIRECT] },
  ]);
  await startGraph();
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
  t = await createTestContext({
    env: {
      GOOGLE_ISSUER: idp.issuer,
      GOOGLE_CLIENT_ID: GOOGLE.client_id,
      GOOGLE_CLIENT_SECRET: GOOGLE.client_secret,
      FACEBOOK_APP_ID: FB.appId,
      FACEBOOK_APP_SECRET: FB.appSecret,
      FACEBOOK_GRAPH_URL: graphUrl,
      FACEBOOK_DIALOG_URL: `${graphUrl}/dialog/oauth`,
    },
  });
  bare = await createTestContext();
});

afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
  await idp?.close();
  await new Promise<void>((resolve) => {
    graph?.close(() => resolve());
    graph?.closeAllConnections();
  });
});

/** What Google Sign-In gives an app: an ID token for `accountId`, issued to `app`. */
const obtainIdToken = (accountId: string, app = GOOGLE) => obtainGoogleIdToken(idp, app, APP_REDIRECT, accountId);

async function learner(ctx: TestContext, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, overrides);
  const session = await ctx.services.accounts.external.signInUserId(user.id, 'password', { ip: null, userAgent: null });
  return { user, bearer: { authorization: `Bearer ${session.token}` } };
}

const post = (ctx: TestContext, url: string, payload: object, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const list = async (ctx: TestContext, headers: Record<string, string>) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/user/social_network.json', headers });
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<{
    provider: string;
    configured: boolean;
    linked: { email: string | null } | null;
  }>;
};

describe('social_network_link.json', () => {
  it('lists the providers, configured or not, for the signed-in learner only', async () => {
    const { bearer } = await learner(t);
    expect(await list(t, bearer)).toEqual([
      { provider: 'google', label: 'Google', configured: true, linked: null },
      { provider: 'facebook', label: 'Facebook', configured: true, linked: null },
    ]);
    const other = await learner(bare);
    expect((await list(bare, other.bearer)).map((item) => item.configured)).toEqual([false, false]);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/social_network.json' })).statusCode).toBe(401);
    expect(
      (await post(t, '/api/user/social_network_link.json', { provider: 'google', id_token: 'x'.repeat(20) }, {}))
        .statusCode,
    ).toBe(401);
  });

  it('links a Google account from a verified ID token, once, and never to two learners', async () => {
    idp.accounts.set('google-an', { sub: 'google-an', email: 'an@gmail.com', email_verified: true, name: 'Lê An' });
    const an = await learner(t);
    const idToken = await obtainIdToken('google-an');
    const linked = await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'google', id_token: idToken },
      an.bearer,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data[0]).toMatchObject({ provider: 'google', linked: { created_at: expect.any(String) } });
    const row = await t.db
      .selectFrom('social_accounts')
      .selectAll()
      .where('user_id', '=', an.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'google', provider_user_id: 'google-an' });

    // Linking the same account again is harmless.
    expect(
      (await post(t, '/api/user/social_network_link.json', { provider: 'google', id_token: idToken }, an.bearer))
        .statusCode,
    ).toBe(200);

    const binh = await learner(t);
    const taken = await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'google', id_token: idToken },
      binh.bearer,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Tài khoản Google này đã được liên kết với một tài khoản khác.');

    idp.accounts.set('google-an-2', { sub: 'google-an-2' });
    const second = await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'google', id_token: await obtainIdToken('google-an-2') },
      an.bearer,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toMatch(/đã liên kết một tài khoản Google khác/);
  });

  it('refuses an ID token issued to another app, altered, or not a token at all', async () => {
    idp.accounts.set('google-chi', { sub: 'google-chi' });
    const chi = await learner(t);
    const foreign = await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'google', id_token: await obtainIdToken('google-chi', OTHER_APP) },
      chi.bearer,
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.message).toMatch(/Không xác minh được tài khoản Google/);

    const genuine = await obtainIdToken('google-chi');
    const [header, payload, signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const altered = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: 'google-someone-else' })).toString('base64url'),
      signature,
    ].join('.');
    expect(
      (await post(t, '/api/user/social_network_link.json', { provider: 'google', id_token: altered }, chi.bearer))
        .statusCode,
    ).toBe(422);

    const garbage = await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'google', id_token: '<script>alert(1)</script>' },
      chi.bearer,
    );
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.fields.id_token).toBeTruthy();
    const missing = await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'twitter', token: 'x' },
      chi.bearer,
    );
    expect(missing.statusCode).toBe(400);
    expect(await t.db.selectFrom('social_accounts').select('id').where('user_id', '=', chi.user.id).execute()).toEqual(
      [],
    );
  });

  it('links a Facebook account only when the Graph API vouches for the token and our app', async () => {
    fbTokens.set('fb-token-dung-valid', {
      userId: '100200300',
      appId: FB.appId,
      email: 'dung@fb.example',
      name: 'Phạm Dũng',
    });
    fbTokens.set('fb-token-other-app', { userId: '100200301', appId: 'another-app' });
    const dung = await learner(t);
    const ok = await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'facebook', access_token: 'fb-token-dung-valid' },
      dung.bearer,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data[1]).toMatchObject({ provider: 'facebook', linked: { email: 'dung@fb.example' } });
    const otherApp = await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'facebook', access_token: 'fb-token-other-app' },
      dung.bearer,
    );
    expect(otherApp.statusCode).toBe(422);
    const unknown = await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'facebook', access_token: 'fb-token-nobody-knows' },
      dung.bearer,
    );
    expect(unknown.statusCode).toBe(422);
  });

  it('says so when a provider is not configured', async () => {
    const { bearer } = await learner(bare);
    const response = await post(
      bare,
      '/api/user/social_network_link.json',
      { provider: 'google', id_token: 'aaaa.bbbb.cccc' },
      bearer,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Chưa hỗ trợ liên kết tài khoản Google.');
  });
});

describe('unlink_social_network.json', () => {
  it('unlinks when the learner has a password, and 404s what is not linked', async () => {
    idp.accounts.set('google-em', { sub: 'google-em' });
    const em = await learner(t);
    await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'google', id_token: await obtainIdToken('google-em') },
      em.bearer,
    );
    const unlinked = await post(t, '/api/user/unlink_social_network.json', { provider: 'google' }, em.bearer);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().data[0].linked).toBeNull();
    const again = await post(t, '/api/user/unlink_social_network.json', { provider: 'google' }, em.bearer);
    expect(again.statusCode).toBe(404);
    expect((await post(t, '/api/user/unlink_social_network.json', { provider: 'myspace' }, em.bearer)).statusCode).toBe(
      400,
    );
    // The Google account is free again for anyone.
    const other = await learner(t);
    expect(
      (
        await post(
          t,
          '/api/user/social_network_link.json',
          { provider: 'google', id_token: await obtainIdToken('google-em') },
          other.bearer,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses to unlink the only way to sign in of a learner without a password', async () => {
    idp.accounts.set('google-giang', { sub: 'google-giang' });
    fbTokens.set('fb-token-giang-valid', { userId: '100200400', appId: FB.appId });
    const giang = await learner(t, { phone: null, email: 'giang@gmail.com', password_hash: null });
    await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'google', id_token: await obtainIdToken('google-giang') },
      giang.bearer,
    );
    await post(
      t,
      '/api/user/social_network_link.json',
      { provider: 'facebook', access_token: 'fb-token-giang-valid' },
      giang.bearer,
    );

    expect(
      (await post(t, '/api/user/unlink_social_network.json', { provider: 'facebook' }, giang.bearer)).statusCode,
    ).toBe(200);
    const last = await post(t, '/api/user/unlink_social_network.json', { provider: 'google' }, giang.bearer);
    expect(last.statusCode).toBe(422);
    expect(last.json().error.message).toMatch(/cách đăng nhập duy nhất/);
    expect((await list(t, giang.bearer))[0]!.linked).not.toBeNull();
  });
});

describe('the profile buttons: browser flows', () => {
  it('links Google through the provider’s sign-in page and back to the profile', async () => {
    await createUser(t.db, { phone: '84916000001' });
    const session = await signIn(t, '0916000001', 'KhaiTri@2026');
    idp.accounts.set('google-hanh', { sub: 'google-hanh', email: 'hanh@gmail.com', email_verified: true });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/social_network/google/start' });
    expect(anonymous.headers.location).toBe('/dang-nhap?redirect=%2Ftai-khoan%2Fho-so');

    const start = await t.app.inject({
      method: 'GET',
      url: '/api/user/social_network/google/start',
      headers: session.cookie,
    });
    expect(start.statusCode).toBe(302);
    const stateCookie = String(start.headers['set-cookie']).split(';')[0]!;
    expect(stateCookie).toMatch(/^kt_social=/);
    const back = await idp.authorize(String(start.headers.location), 'google-hanh');
    expect(`${back.origin}${back.pathname}`).toBe(WEB_CALLBACK);

    // Someone else's browser cannot finish this learner's link.
    const intruder = await learner(t);
    const stolen = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { ...intruder.bearer, cookie: stateCookie },
    });
    expect(stolen.headers.location).toBe('/tai-khoan/ho-so?social=expired&provider=google');

    const done = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${session.cookie.cookie}; ${stateCookie}` },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/tai-khoan/ho-so?social=linked&provider=google');
    expect((await list(t, session.bearer))[0]!.linked).toMatchObject({ email: 'hanh@gmail.com' });
  });

  it('links Facebook through the login dialog’s code', async () => {
    const kim = await learner(t);
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/user/social_network/facebook/start',
      headers: kim.bearer,
    });
    const dialog = new URL(String(start.headers.location));
    expect(`${dialog.origin}${dialog.pathname}`).toBe(`${graphUrl}/dialog/oauth`);
    expect(dialog.searchParams.get('client_id')).toBe(FB.appId);
    expect(dialog.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/user/social_network/facebook/callback',
    );
    const state = dialog.searchParams.get('state')!;
    const stateCookie = String(start.headers['set-cookie']).split(';')[0]!;
    fbTokens.set('fb-token-kim-valid', { userId: '100200500', appId: FB.appId });
    fbCodes.set('fb-code-kim', 'fb-token-kim-valid');

    const wrongState = await t.app.inject({
      method: 'GET',
      url: `/api/user/social_network/facebook/callback?code=fb-code-kim&state=nope`,
      headers: { ...kim.bearer, cookie: stateCookie },
    });
    expect(wrongState.headers.location).toBe('/tai-khoan/ho-so?social=expired&provider=facebook');
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/user/social_network/facebook/callback?code=fb-code-kim&state=${state}`,
      headers: { ...kim.bearer, cookie: stateCookie },
    });
    expect(done.headers.location).toBe('/tai-khoan/ho-so?social=linked&provider=facebook');
    const replay = await t.app.inject({
      method: 'GET',
      url: `/api/user/social_network/facebook/callback?code=fb-code-kim&state=${state}`,
      headers: { ...kim.bearer, cookie: stateCookie },
    });
    expect(replay.headers.location).toBe('/tai-khoan/ho-so?social=failed&provider=facebook');
    const cancelled = await t.app.inject({
      method: 'GET',
      url: '/api/user/social_network/facebook/callback?error=access_denied',
      headers: kim.bearer,
    });
    expect(cancelled.headers.location).toBe('/tai-khoan/ho-so?social=cancelled&provider=facebook');
  });
});
