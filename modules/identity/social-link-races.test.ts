/**
 * social_network_link.json under races (a real OpenID provider playing Google): the same link sent
 * several times at once ends linked once, and one Google account claimed by two learners at once
 * goes to one of them, the other told it belongs to another account; never a 500.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { obtainIdToken, startOidcProvider, type TestOidcProvider } from '../../tests/helpers/oidc-provider.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

const GOOGLE = { client_id: 'khai-tri-google', client_secret: 'google-secret-0123456789abcdef' };
const APP_REDIRECT = 'http://127.0.0.1/app-callback';

let idp: TestOidcProvider;
let t: TestContext;

beforeAll(async () => {
  idp = await startOidcProvider([{ ...GOOGLE, redirect_uris: [APP_REDIRECT] }]);
  t = await createTestContext({
    env: { GOOGLE_ISSUER: idp.issuer, GOOGLE_CLIENT_ID: GOOGLE.client_id, GOOGLE_CLIENT_SECRET: GOOGLE.client_secret },
  });
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

async function learner() {
  const user = await createUser(t.db);
  return { id: user.id, bearer: (await signIn(t, user.phone!, user.password)).bearer };
}

const link = (headers: Record<string, string>, id_token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/social_network_link.json',
    payload: { provider: 'google', id_token },
    headers,
    remoteAddress: nextClientAddress(),
  });

const ownersOf = (subject: string) =>
  t.db.selectFrom('social_accounts').select('user_id').where('provider_user_id', '=', subject).execute();

it('links once when the same link is sent several times at once; others trying it are refused', async () => {
  idp.accounts.set('google-race', { sub: 'google-race' });
  const idToken = await obtainIdToken(idp, GOOGLE, APP_REDIRECT, 'google-race');
  const [an, binh] = [await learner(), await learner()];
  const same = await Promise.all([1, 2, 3, 4].map(() => link(an.bearer, idToken)));
  expect(same.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
  const other = await link(binh.bearer, idToken);
  expect(other.statusCode).toBe(409);
  expect(other.json().error.message).toBe('Tài khoản Google này đã được liên kết với một tài khoản khác.');
  expect(await ownersOf('google-race')).toEqual([{ user_id: an.id }]);
});

it('gives one Google account claimed by two learners at once to one of them', async () => {
  idp.accounts.set('google-contested', { sub: 'google-contested' });
  const idToken = await obtainIdToken(idp, GOOGLE, APP_REDIRECT, 'google-contested');
  const claimants = [await learner(), await learner()];
  const order = [0, 1, 0, 1, 0, 1];
  const responses = await Promise.all(order.map((i) => link(claimants[i]!.bearer, idToken)));
  const owners = await ownersOf('google-contested');
  expect(owners).toHaveLength(1);
  for (const [n, response] of responses.entries()) {
    const mine = claimants[order[n]!]!.id === owners[0]!.user_id;
    expect(response.statusCode, response.body).toBe(mine ? 200 : 409);
  }
});
