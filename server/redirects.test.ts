/**
 * Every redirect target that comes from input stays on the site (lib/redirect-target.ts), through
 * the real pages: sign-in, sign-up, the OTP step, /verified, /kiem-tra-sdt and SSO.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../tests/factories/accounts.ts';
import { readLatestCode, submitForm } from '../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true });
});
afterAll(async () => {
  await t.close();
});

const submit = (url: string, fields: Record<string, string>) => submitForm(t, url, fields);

/** Targets that leave the site in some browser, raw as a `?redirect=` value carries them. */
const HOSTILE = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/ /evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/%09/evil.example',
  '/%2F/evil.example',
  '/%5Cevil.example',
  '/a/..//evil.example',
  'https://evil.example/',
  'https://localhost:3000@evil.example/',
  'https://localhost.evil.example/',
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
];

describe('sign-in', () => {
  it('answers the reported `?redirect=/%09/evil.example` with a same-site Location', async () => {
    await createUser(t.db, { phone: '84941000001' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/dang-nhap?redirect=/%09/evil.example',
      payload: 'username=0941000001&password=KhaiTri%402026',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'localhost:3000',
        origin: 'http://localhost:3000',
      },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });

  it.each(HOSTILE)('never sends a signed-in learner to %j', async (target) => {
    const user = await createUser(t.db);
    const response = await submit(`/dang-nhap?redirect=${encodeURIComponent(target)}`, {
      username: user.phone!,
      password: user.password,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });

  it('keeps a same-site target, and reduces an absolute URL on an allowed host to its path', async () => {
    const user = await createUser(t.db);
    for (const [target, expected] of [
      ['/tai-khoan/don-hang?ma=KT1', '/tai-khoan/don-hang?ma=KT1'],
      ['http://127.0.0.1:3000/gio-hang/thanh-toan', '/gio-hang/thanh-toan'],
      ['http://localhost:3000/tai-khoan/thong-bao', '/tai-khoan/thong-bao'],
    ]) {
      const response = await submit(`/dang-nhap?redirect=${encodeURIComponent(target!)}`, {
        username: user.phone!,
        password: user.password,
      });
      expect(response.headers.location, target).toBe(expected);
    }
  });

  it('passes only a same-site target on to the one-time-code step', async () => {
    const user = await createUser(t.db);
    const response = await submit(`/dang-nhap?redirect=${encodeURIComponent('/\t/evil.example')}`, {
      username: user.phone!,
      intent: 'otp',
    });
    expect(response.statusCode).toBe(302);
    expect(new URL(String(response.headers.location), 'http://x').searchParams.get('redirect')).toBe('/');
  });
});

describe('sign-up, the code step and /verified', () => {
  it('carries no hostile target through sign-up → code → /verified', async () => {
    const register = await submit(`/dang-ky?redirect=${encodeURIComponent('/\t/evil.example')}`, {
      full_name: 'Đinh Bảo Ngọc',
      username: '0941000002',
      password: 'HocTap@2026',
      accept_policy: 'on',
    });
    expect(register.headers.location).toBe('/register-otp?username=0941000002&purpose=register&redirect=%2F');
    // A hand-made code-step URL is checked again.
    const code = await readLatestCode(t.db, '84941000002');
    const verify = await submit(
      `/register-otp?username=0941000002&purpose=register&redirect=${encodeURIComponent('//evil.example')}`,
      { otp: code },
    );
    expect(verify.headers.location).toBe('/verified?next=%2F');
  });

  it.each(HOSTILE)('/verified?next=%j links only to the site', async (target) => {
    const page = await t.app.inject({ method: 'GET', url: `/verified?next=${encodeURIComponent(target)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<a [^>]*href="\/"[^>]*>Tiếp tục<\/a>/);
  });

  it('/verified keeps a same-site next', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/verified?next=${encodeURIComponent('/khoa-hoc')}` });
    expect(page.body).toMatch(/<a [^>]*href="\/khoa-hoc"[^>]*>Tiếp tục<\/a>/);
  });
});

describe('/kiem-tra-sdt', () => {
  it('goes on to sign-in with a same-site target, saying nothing about whether the number has an account', async () => {
    await createUser(t.db, { phone: '84941000003' });
    const known = await submit(`/kiem-tra-sdt?redirect=${encodeURIComponent('/\\evil.example')}`, {
      username: '0941000003',
    });
    const unknown = await submit(`/kiem-tra-sdt?redirect=${encodeURIComponent('/\\evil.example')}`, {
      username: '0941000004',
    });
    expect(known.headers.location).toBe('/dang-nhap?username=0941000003&redirect=%2F');
    expect(unknown.headers.location).toBe('/dang-nhap?username=0941000004&redirect=%2F');
  });
});
