/** login_sso.json end to end against a real OpenID provider (oidc-provider) started here. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { startOidcProvider, type TestOidcProvider } from '../../tests/helpers/oidc-provider.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

const CLIENT = { client_id: 'khai-tri-web', client_secret: 'khai-tri-web-secret-0123456789' };
const CALLBACK = 'http://localhost:3000/api/user/login_sso/callback';

let idp: TestOidcProvider;
let t: TestContext;

beforeAll(async () => {
  idp = await startOidcProvider([{ ...CLIENT, redirect_uris: [CALLBACK] }]);
  t = await createTestContext({
    env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: CLIENT.client_id, OIDC_CLIENT_SECRET: CLIENT.client_secret },
  });
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

function stateCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const found = (Array.isArray(header) ? header : [String(header ?? '')]).find((cookie) =>
    cookie.startsWith('kt_sso='),
  );
  if (!found) throw new Error('no kt_sso cookie');
  expect(found).toMatch(/Path=\/api\/user; Max-Age=600; HttpOnly; SameSite=Lax/);
  return found.split(';')[0]!;
}

/** Start → the provider's sign-in as `accountId` → what it sends back to our redirect URI. */
async function signInAtProvider(accountId: string, redirect?: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/user/login_sso/start.json',
    payload: redirect ? { redirect } : {},
    remoteAddress: nextClientAddress(),
  });
  expect(start.statusCode).toBe(200);
  const authorizationUrl = new URL(start.json().data.authorization_url);
  expect(authorizationUrl.origin).toBe(idp.issuer);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
  expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
  const cookie = stateCookie(start);
  expect(cookie).not.toContain(authorizationUrl.searchParams.get('code_challenge')!);
  const back = await idp.authorize(authorizationUrl.href, accountId);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  return {
    cookie,
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
    iss: back.searchParams.get('iss') ?? undefined,
    back,
  };
}

const exchange = (body: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login_sso.json',
    payload: body,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextClientAddress(),
  });

describe('login_sso.json (OpenID Connect, authorization code + PKCE)', () => {
  it('creates an account for a new verified e-mail, signs in like login.json, and links the subject', async () => {
    idp.accounts.set('sso-lan', {
      sub: 'sso-lan',
      email: 'Lan.Nguyen@Truong.edu.vn',
      email_verified: true,
      name: 'Nguyễn Thị Lan',
    });
    const { cookie, code, state, iss } = await signInAtProvider('sso-lan', '/khoa-hoc');
    expect(iss).toBe(idp.issuer);
    const response = await exchange({ code, state, iss }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().data;
    expect(body.user).toMatchObject({ email: 'lan.nguyen@truong.edu.vn', full_name: 'Nguyễn Thị Lan', phone: null });
    expect(body.token.split('.')).toHaveLength(3);
    const cookies = response.headers['set-cookie'] as string[];
    expect(cookies.some((value) => value.startsWith('kt_user=') && value.includes('HttpOnly'))).toBe(true);
    expect(cookies.some((value) => value.startsWith('kt_site=khaitri'))).toBe(true);
    expect(cookies.some((value) => value.startsWith('kt_sso=;') && value.includes('Max-Age=0'))).toBe(true);

    const user = await t.db.selectFrom('users').selectAll().where('id', '=', body.user.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 'active', password_hash: null });
    expect(user.email_verified_at).not.toBeNull();
    const link = await t.db
      .selectFrom('social_accounts')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ provider: 'sso', provider_user_id: 'sso-lan' });
    const session = await t.db
      .selectFrom('sessions')
      .select('method')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.method).toBe('sso');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/user.json',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json().data.id).toBe(user.id);
  });

  it('refuses a replayed code', async () => {
    idp.accounts.set('sso-replay', {
      sub: 'sso-replay',
      email: 'replay@truong.edu.vn',
      email_verified: true,
      name: 'Lê Văn Phát',
    });
    const { cookie, code, state, iss } = await signInAtProvider('sso-replay');
    expect((await exchange({ code, state, iss }, cookie)).statusCode).toBe(200);
    const replay = await exchange({ code, state, iss }, cookie);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.message).toMatch(/Không xác minh được tài khoản/);
    expect([replay.headers['set-cookie']].flat()).toContainEqual(expect.stringMatching(/^kt_sso=; .*Max-Age=0/));
  });

  it('refuses a wrong state, a missing or altered state cookie, and never calls the provider for them', async () => {
    idp.accounts.set('sso-state', { sub: 'sso-state', email: 'state@truong.edu.vn', email_verified: true });
    const { cookie, code, state, iss } = await signInAtProvider('sso-state');
    const wrong = await exchange({ code, state: `${state}x`, iss }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { state: 'Phiên xác thực không hợp lệ.' },
    });
    expect((await exchange({ code, state, iss })).statusCode).toBe(400);
    const [value, signature] = cookie.slice('kt_sso='.length).split('.');
    const forged = `kt_sso=${Buffer.from(JSON.stringify({ state, nonce: 'n', verifier: 'v', exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    expect(value).toBeTruthy();
    expect((await exchange({ code, state, iss }, forged)).statusCode).toBe(400);
    // The code was never spent: the right state still signs in.
    expect((await exchange({ code, state, iss }, cookie)).statusCode).toBe(200);
    // Bad input is a 400 with a message per field.
    const bad = await exchange({ code: '', state: 'a b' }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['code', 'state']));
  });

  it('finds the same account by subject next time, even after the e-mail changed at the provider', async () => {
    idp.accounts.set('sso-binh', {
      sub: 'sso-binh',
      email: 'binh@truong.edu.vn',
      email_verified: true,
      name: 'Trần Văn Bình',
    });
    const first = await signInAtProvider('sso-binh');
    const id = (await exchange(first, first.cookie)).json().data.user.id;
    idp.accounts.set('sso-binh', { sub: 'sso-binh', email: 'binh.tran@other.vn', email_verified: true });
    const second = await signInAtProvider('sso-binh');
    const again = await exchange(second, second.cookie);
    expect(again.json().data.user.id).toBe(id);
  });

  it('links an existing account with that verified e-mail, and takes over an unconfirmed sign-up without its password', async () => {
    const active = await createUser(t.db, { phone: null, email: 'hoa@truong.edu.vn', full_name: 'Phạm Thị Hoa' });
    idp.accounts.set('sso-hoa', { sub: 'sso-hoa', email: 'hoa@truong.edu.vn', email_verified: true, name: 'Hoa P.' });
    const hoa = await signInAtProvider('sso-hoa');
    const signedIn = await exchange(hoa, hoa.cookie);
    expect(signedIn.json().data.user).toMatchObject({ id: active.id, full_name: 'Phạm Thị Hoa' });
    const kept = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', active.id)
      .executeTakeFirstOrThrow();
    expect(kept.password_hash).not.toBeNull();

    const pending = await createUser(t.db, {
      phone: null,
      email: 'squatted@truong.edu.vn',
      status: 'pending',
      email_verified_at: null,
    });
    idp.accounts.set('sso-owner', { sub: 'sso-owner', email: 'squatted@truong.edu.vn', email_verified: true });
    const owner = await signInAtProvider('sso-owner');
    expect((await exchange(owner, owner.cookie)).json().data.user.id).toBe(pending.id);
    const adopted = await t.db.selectFrom('users').selectAll().where('id', '=', pending.id).executeTakeFirstOrThrow();
    expect(adopted).toMatchObject({ status: 'active', password_hash: null });
  });

  it('refuses an identity without a verified e-mail', async () => {
    idp.accounts.set('sso-unverified', {
      sub: 'sso-unverified',
      email: 'unverified@truong.edu.vn',
      email_verified: false,
    });
    const flow = await signInAtProvider('sso-unverified');
    const response = await exchange(flow, flow.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toMatch(/email đã xác minh/);
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', 'unverified@truong.edu.vn').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('works as a plain link: authorize → provider → our callback → signed in on the redirect target', async () => {
    idp.accounts.set('sso-link', {
      sub: 'sso-link',
      email: 'link@truong.edu.vn',
      email_verified: true,
      name: 'Đỗ Minh Khoa',
    });
    const authorize = await t.app.inject({
      method: 'GET',
      url: '/api/user/login_sso/authorize?redirect=%2Ftai-khoan%2Fho-so',
    });
    expect(authorize.statusCode).toBe(302);
    const cookie = stateCookie(authorize);
    const back = await idp.authorize(String(authorize.headers.location), 'sso-link');
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/tai-khoan/ho-so');
    expect((callback.headers['set-cookie'] as string[]).some((value) => value.startsWith('kt_user='))).toBe(true);

    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(replay.headers.location).toBe('/dang-nhap?sso=failed');
    const cancelled = await t.app.inject({
      method: 'GET',
      url: '/api/user/login_sso/callback?error=access_denied&state=x',
    });
    expect(cancelled.headers.location).toBe('/dang-nhap?sso=cancelled');
    const offsite = await t.app.inject({
      method: 'POST',
      url: '/api/user/login_sso/start.json',
      payload: { redirect: 'https://evil.example/' },
    });
    expect(offsite.statusCode).toBe(200);
  });
});

describe('the SSO redirect target', () => {
  it.each(['/\t/evil.example', '/%09/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example/'])(
    'lands on the site, never on %j',
    async (target) => {
      idp.accounts.set('sso-target', {
        sub: 'sso-target',
        email: 'target@truong.edu.vn',
        email_verified: true,
        name: 'Lê Thu Hà',
      });
      const authorize = await t.app.inject({
        method: 'GET',
        url: `/api/user/login_sso/authorize?redirect=${encodeURIComponent(target)}`,
      });
      const cookie = stateCookie(authorize);
      const back = await idp.authorize(String(authorize.headers.location), 'sso-target');
      const callback = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie },
      });
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe('/');
    },
  );
});

describe('login_sso.json without a provider', () => {
  it('is a 404 when SSO is not configured', async () => {
    const off = await createTestContext();
    try {
      const start = await off.app.inject({ method: 'POST', url: '/api/user/login_sso/start.json', payload: {} });
      expect(start.statusCode).toBe(404);
      const login = await off.app.inject({
        method: 'POST',
        url: '/api/user/login_sso.json',
        payload: { code: 'abc', state: 'def' },
      });
      expect(login.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('is a 422 (not a 5xx) when the provider cannot be reached', async () => {
    const down = await createTestContext({ env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'x' } });
    try {
      const unreachable = await down.app.inject({ method: 'POST', url: '/api/user/login_sso/start.json', payload: {} });
      expect(unreachable.statusCode).toBe(422);
      expect(unreachable.json().error.message).toMatch(/Không kết nối được/);
    } finally {
      await down.close();
    }
  });
});
