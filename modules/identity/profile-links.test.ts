/** The "Tài khoản liên kết" section of /tai-khoan/ho-so (server-rendered, works without JavaScript). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/connect.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, SAME_ORIGIN } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let bare: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    pages: true,
    env: { GOOGLE_ISSUER: 'http://127.0.0.1:9', GOOGLE_CLIENT_ID: 'khai-tri-google' },
  });
  bare = await createTestContext({ pages: true });
});

afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
});

async function browserSession(ctx: TestContext, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, overrides);
  const session = await ctx.services.accounts.external.signInUserId(user.id, 'password', { ip: null, userAgent: null });
  const info = Buffer.from(JSON.stringify({ token: session.token, id: user.id, full_name: user.full_name })).toString(
    'base64url',
  );
  return { user, cookie: `kt_user=${info}; kt_site=khaitri` };
}

const linkGoogle = (ctx: TestContext, userId: number, sub: string) =>
  ctx.db
    .insertInto('social_accounts')
    .values({ user_id: userId, provider: 'google', provider_user_id: sub, email: 'an@gmail.com', created_at: nowIso() })
    .execute();

const unlink = (ctx: TestContext, cookie: string, provider: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/tai-khoan/ho-so',
    payload: new URLSearchParams({ intent: 'unlink_social', provider }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:3000', ...SAME_ORIGIN, cookie },
    remoteAddress: nextClientAddress(),
  });

describe('profile: linked accounts', () => {
  it('offers "Liên kết" only for configured providers, shows links, and unlinks with the form', async () => {
    const { user, cookie } = await browserSession(t);
    const page = await t.app.inject({ method: 'GET', url: '/tai-khoan/ho-so', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tài khoản liên kết');
    expect(page.body).toContain('href="/api/user/social_network/google/start"');
    expect(page.body).not.toContain('/api/user/social_network/facebook/start');

    await linkGoogle(t, user.id, 'google-an');
    const linked = await t.app.inject({
      method: 'GET',
      url: '/tai-khoan/ho-so?social=linked&provider=google',
      headers: { cookie },
    });
    expect(linked.body).toContain('Đã liên kết tài khoản Google.');
    expect(linked.body).toContain('an@gmail.com');
    expect(linked.body).toContain('Hủy liên kết');

    const done = await unlink(t, cookie, 'google');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Đã hủy liên kết tài khoản.');
    expect(await t.db.selectFrom('social_accounts').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('refuses to unlink the only way to sign in, with the reason on the page', async () => {
    const { user, cookie } = await browserSession(t, {
      phone: null,
      email: 'only-google@gmail.com',
      password_hash: null,
    });
    await linkGoogle(t, user.id, 'google-only');
    const refused = await unlink(t, cookie, 'google');
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('cách đăng nhập duy nhất');
    expect((await unlink(t, cookie, 'myspace')).statusCode).toBe(400);
  });

  it('has no section when no provider is configured and nothing is linked', async () => {
    const { cookie } = await browserSession(bare);
    const page = await bare.app.inject({ method: 'GET', url: '/tai-khoan/ho-so', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Tài khoản liên kết');
  });
});
