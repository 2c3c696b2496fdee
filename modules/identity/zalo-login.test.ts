/**
 * Zalo Login (OAuth v4 + PKCE) against the Zalo simulator over HTTP, as the product talks to
 * oauth.zaloapp.com and graph.zalo.me: link and unlink in the profile, sign-in of the linked
 * account, and the attempts that must fail — a wrong or missing state, a forged or replayed
 * callback, a code presented with another attempt's PKCE verifier, an unknown Zalo account.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { cookiesOf } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { pkceChallenge } from './zalo.ts';
import { ZALO_SIMULATOR_APP, ZALO_TEST_ACCOUNTS, zaloSimulator } from './zalo-simulator.ts';

const [KHOI, NHUNG] = ZALO_TEST_ACCOUNTS as [(typeof ZALO_TEST_ACCOUNTS)[0], (typeof ZALO_TEST_ACCOUNTS)[0]];
let sim: FastifyInstance;
let simUrl: string;
let t: TestContext;
let bare: TestContext;

beforeAll(async () => {
  sim = Fastify();
  sim.setValidatorCompiler(validatorCompiler);
  sim.setSerializerCompiler(serializerCompiler);
  await sim.register(zaloSimulator, { ...ZALO_SIMULATOR_APP, publicUrl: 'http://localhost:3000' });
  simUrl = await sim.listen({ host: '127.0.0.1', port: 0 });
  t = await createTestContext({
    env: {
      ZALO_APP_ID: ZALO_SIMULATOR_APP.appId,
      ZALO_SECRET_KEY: ZALO_SIMULATOR_APP.secretKey,
      ZALO_OAUTH_URL: `${simUrl}/__sim/zalo/v4`,
      ZALO_GRAPH_URL: `${simUrl}/__sim/zalo/v2.0`,
    },
  });
  bare = await createTestContext();
});

afterAll(async () => {
  await Promise.all([t?.close(), bare?.close(), sim?.close()]);
});

async function learner(ctx: TestContext, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, overrides);
  const session = await ctx.services.accounts.external.signInUserId(user.id, 'password', { ip: null, userAgent: null });
  return { user, headers: { authorization: `Bearer ${session.token}` } };
}

const get = (ctx: TestContext, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** The learner on Zalo's permission page allows `account`: the URL Zalo sends the browser back to. */
async function consent(permissionUrl: string, account: string): Promise<URL> {
  const url = new URL(permissionUrl);
  url.searchParams.set('account', account);
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(String(answer.headers.get('location')));
}

/** Starts a flow: Zalo's permission URL and the state cookie our server set. */
async function begin(ctx: TestContext, url: string, headers: Record<string, string> = {}) {
  const start = await get(ctx, url, headers);
  expect(start.statusCode).toBe(302);
  return { permission: String(start.headers.location), cookie: cookiesOf(start) };
}

const relative = (url: URL) => `${url.pathname}${url.search}`;

async function linkZalo(who: { headers: Record<string, string> }, account: string) {
  const { permission, cookie } = await begin(t, '/api/user/social_network/zalo/start', who.headers);
  const back = await consent(permission, account);
  return get(t, relative(back), { ...who.headers, cookie });
}

const linkedAccounts = async (ctx: TestContext, headers: Record<string, string>) =>
  (await get(ctx, '/api/user/social_network.json', headers)).json().data as Array<{
    provider: string;
    configured: boolean;
    linked: { email: string | null } | null;
  }>;

describe('linking Zalo in the profile', () => {
  it('sends the learner to Zalo with app_id, redirect_uri, state and the S256 challenge of a sealed verifier', async () => {
    const lan = await learner(t);
    const { permission, cookie } = await begin(t, '/api/user/social_network/zalo/start', lan.headers);
    const url = new URL(permission);
    expect(`${url.origin}${url.pathname}`).toBe(`${simUrl}/__sim/zalo/v4/permission`);
    expect(url.searchParams.get('app_id')).toBe(ZALO_SIMULATOR_APP.appId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/user/social_network/zalo/callback');
    const sealed = JSON.parse(Buffer.from(cookie.split('=')[1]!.split('.')[0]!, 'base64url').toString('utf8'));
    expect(sealed.state).toBe(url.searchParams.get('state'));
    expect(url.searchParams.get('code_challenge')).toBe(pkceChallenge(sealed.verifier));
    expect(permission).not.toContain(sealed.verifier);
  });

  it('links, refuses the same Zalo to another learner, replays and forgeries; unlinks', async () => {
    const lan = await learner(t);
    const done = await linkZalo(lan, KHOI.id);
    expect(done.headers.location).toBe('/tai-khoan/ho-so?social=linked&provider=zalo');
    expect((await linkedAccounts(t, lan.headers)).find((row) => row.provider === 'zalo')).toMatchObject({
      configured: true,
      linked: { email: null },
    });

    const minh = await learner(t);
    expect((await linkZalo(minh, KHOI.id)).headers.location).toBe('/tai-khoan/ho-so?social=conflict&provider=zalo');

    // The same callback again (the code is spent at Zalo), and one with no state cookie at all.
    const { permission, cookie } = await begin(t, '/api/user/social_network/zalo/start', minh.headers);
    const back = await consent(permission, NHUNG.id);
    const forged = await get(t, relative(back), minh.headers);
    expect(forged.headers.location).toBe('/tai-khoan/ho-so?social=expired&provider=zalo');
    const wrongState = new URL(back);
    wrongState.searchParams.set('state', 'not-our-state');
    expect((await get(t, relative(wrongState), { ...minh.headers, cookie })).headers.location).toBe(
      '/tai-khoan/ho-so?social=expired&provider=zalo',
    );
    // Another learner's session cannot finish this learner's attempt.
    expect((await get(t, relative(back), { ...lan.headers, cookie })).headers.location).toBe(
      '/tai-khoan/ho-so?social=expired&provider=zalo',
    );
    expect((await get(t, relative(back), { ...minh.headers, cookie })).headers.location).toBe(
      '/tai-khoan/ho-so?social=linked&provider=zalo',
    );
    expect((await get(t, relative(back), { ...minh.headers, cookie })).headers.location).toBe(
      '/tai-khoan/ho-so?social=failed&provider=zalo',
    );

    const unlink = await t.app.inject({
      method: 'POST',
      url: '/api/user/unlink_social_network.json',
      payload: { provider: 'zalo' },
      headers: lan.headers,
    });
    expect(unlink.statusCode).toBe(200);
    expect(unlink.json().data.find((row: { provider: string }) => row.provider === 'zalo').linked).toBeNull();
  });

  it('refuses a code presented with another attempt’s PKCE verifier', async () => {
    const hoa = await learner(t);
    const first = await begin(t, '/api/user/social_network/zalo/start', hoa.headers);
    const second = await begin(t, '/api/user/social_network/zalo/start', hoa.headers);
    const back = await consent(first.permission, NHUNG.id);
    // The attacker's code arrives with the state and the cookie (hence the verifier) of another attempt.
    back.searchParams.set('state', new URL(second.permission).searchParams.get('state')!);
    const mixed = await get(t, relative(back), { ...hoa.headers, cookie: second.cookie });
    expect(mixed.headers.location).toBe('/tai-khoan/ho-so?social=failed&provider=zalo');
    expect((await linkedAccounts(t, hoa.headers)).find((row) => row.provider === 'zalo')!.linked).toBeNull();
  });

  it('is neither listed nor offered when Zalo is not configured', async () => {
    const an = await learner(bare);
    expect((await linkedAccounts(bare, an.headers)).map((row) => row.provider)).toEqual(['google', 'facebook']);
    expect((await get(bare, '/api/user/login_zalo/authorize')).headers.location).toBe('/dang-nhap?zalo=failed');
    expect((await get(bare, '/api/user/social_network/zalo/start', an.headers)).headers.location).toBe(
      '/tai-khoan/ho-so?social=failed&provider=zalo',
    );
  });
});

describe('signing in with Zalo', () => {
  it('signs in the account that linked this Zalo, once per attempt, back to where the learner was', async () => {
    const thu = await learner(t);
    await linkZalo(thu, NHUNG.id);
    const { permission, cookie } = await begin(t, '/api/user/login_zalo/authorize?redirect=/khoa-hoc');
    expect(new URL(permission).searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/user/login_zalo/callback',
    );
    const back = await consent(permission, NHUNG.id);
    const done = await get(t, relative(back), { cookie });
    expect(done.headers.location).toBe('/khoa-hoc');
    const session = cookiesOf(done);
    expect(session).toMatch(/kt_zalo=(;|$)/);
    const me = await get(t, '/api/user/social_network.json', { cookie: session });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.find((row: { provider: string }) => row.provider === 'zalo').linked).not.toBeNull();

    const replay = await get(t, relative(back), { cookie });
    expect(replay.headers.location).toBe('/dang-nhap?zalo=failed');
    expect(cookiesOf(replay)).not.toMatch(/kt_user=[^;]/);
  });

  it('turns away forged callbacks, a tampered state cookie, a cancel and an unknown Zalo account', async () => {
    const { permission, cookie } = await begin(t, '/api/user/login_zalo/authorize');
    const back = await consent(permission, KHOI.id);
    expect((await get(t, relative(back))).headers.location).toBe('/dang-nhap?zalo=expired');
    const tampered = cookie.replace(/\.([0-9a-f])/, (_m, c: string) => `.${c === '0' ? '1' : '0'}`);
    expect((await get(t, relative(back), { cookie: tampered })).headers.location).toBe('/dang-nhap?zalo=expired');
    expect((await get(t, '/api/user/login_zalo/callback?error=access_denied')).headers.location).toBe(
      '/dang-nhap?zalo=cancelled',
    );
    // Khôi's Zalo was unlinked above (or never linked): no account is made for it.
    const unknown = await get(t, relative(back), { cookie });
    expect(unknown.headers.location).toBe('/dang-nhap?zalo=unlinked');
    expect(cookiesOf(unknown)).not.toMatch(/kt_user=[^;]/);
  });
});
