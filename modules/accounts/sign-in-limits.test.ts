/**
 * Guessing limits keyed on the account, the device cookie and the address (decision 0008): nobody
 * can lock the owner out, guessing stays bounded, and answers never tell whether an account exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, readLatestCode, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { OTP_MAX_ATTEMPTS } from './otp.ts';
import { CURRENT_PASSWORD_PAUSED_MESSAGE, PASSWORD_CHALLENGE_MESSAGE, PASSWORD_LIMITS } from './sign-in-guard.ts';
import { outboxDelivered } from '../../tests/helpers/outbox.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

interface Client {
  address: string;
  /** The device cookie the server gave this browser (after its first write). */
  device: string | null;
}

const newClient = (address = nextClientAddress()): Client => ({ address, device: null });

async function post(client: Client, url: string, payload: object) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: client.address,
    headers: client.device ? { cookie: `${DEVICE_COOKIE}=${client.device}` } : {},
  });
  const cookies = [response.headers['set-cookie'] ?? []].flat();
  const given = cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  if (given) client.device = given.slice(DEVICE_COOKIE.length + 1).split(';')[0]!;
  return response;
}

const login = (client: Client, username: string, password: string) =>
  post(client, '/api/user/login.json', { username, password });

describe('the device cookie', () => {
  it('is given on the first write, HttpOnly for a year, and kept afterwards', async () => {
    const client = newClient();
    const first = await login(client, '0900000001', 'sai-mat-khau');
    const cookie = [first.headers['set-cookie']].flat().find((value) => value?.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/^kt_device=[\w-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const second = await login(client, '0900000001', 'sai-mat-khau');
    expect([second.headers['set-cookie'] ?? []].flat().some((value) => value.startsWith(DEVICE_COOKIE))).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: '/api/user/provinces.json' });
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it("is not given to the app's Bearer requests, which name their device in x-device-id", async () => {
    const owner = await createUser(t.db, { phone: '84931000009' });
    const signedIn = await login(newClient(), '0931000009', owner.password);
    const token = (signedIn.json() as { data: { token: string } }).data.token;
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout.json',
      remoteAddress: nextClientAddress(),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(write.statusCode).toBeLessThan(300);
    expect([write.headers['set-cookie'] ?? []].flat().some((value) => value.startsWith(DEVICE_COOKIE))).toBe(false);
  });
});

describe('password guessing', () => {
  it('never stops the owner on a known device, and a new device is challenged, not locked: OTP sign-in still works', async () => {
    const owner = await createUser(t.db, { phone: '84931000001' });
    const phone = '0931000001';
    const ownerPhone = newClient();
    expect((await login(ownerPhone, phone, owner.password)).statusCode).toBe(200);

    // Someone guesses from everywhere: new addresses, no cookie, until the account's daily limit.
    const guesses = await Promise.all(
      Array.from({ length: PASSWORD_LIMITS.account.hits + 20 }, () => login(newClient(), phone, 'DoanMo@2026')),
    );
    // Every attempt from a device the account doesn't know counts, the owner's first one included.
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(PASSWORD_LIMITS.account.hits - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(21);
    expect(guesses.find((response) => response.statusCode === 429)!.json().error.message).toBe(
      PASSWORD_CHALLENGE_MESSAGE,
    );

    // The owner's phone still signs in with the password.
    expect((await login(ownerPhone, phone, owner.password)).statusCode).toBe(200);

    // A new device of the owner is asked for a one-time code; with it, the device becomes known.
    const laptop = newClient();
    expect((await login(laptop, phone, owner.password)).statusCode).toBe(429);
    expect((await post(laptop, '/api/user/login_phone.json', { username: phone })).statusCode).toBe(200);
    const code = await readLatestCode(t.db, '84931000001');
    expect((await post(laptop, '/api/user/login_phone.json', { username: phone, otp: code })).statusCode).toBe(200);
    expect((await login(laptop, phone, owner.password)).statusCode).toBe(200);
  });

  it('pauses guessing from one address at one account after the per-address limit, even in parallel', async () => {
    const victim = await createUser(t.db, { phone: '84931000002' });
    const neighbour = await createUser(t.db, { phone: '84931000003' });
    const address = nextClientAddress();
    const guesses = await Promise.all(
      Array.from({ length: 100 }, () => login(newClient(address), '0931000002', 'DoanMo@2026')),
    );
    const counts = new Map<number, number>();
    for (const response of guesses) counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
    expect(counts).toEqual(
      new Map([
        [401, PASSWORD_LIMITS.address.hits],
        [429, 100 - PASSWORD_LIMITS.address.hits],
      ]),
    );
    // The right password from that address, on a device the account doesn't know, is challenged too
    // (otherwise the limit would be a password oracle); another account at the same address is not.
    expect((await login(newClient(address), '0931000002', victim.password)).statusCode).toBe(429);
    expect((await login(newClient(address), '0931000003', neighbour.password)).statusCode).toBe(200);
  });

  it('pauses a known device after its own mistakes without touching the owner’s other devices', async () => {
    const owner = await createUser(t.db, { phone: '84931000004' });
    const phone = '0931000004';
    const tablet = newClient();
    const phoneDevice = newClient();
    expect((await login(tablet, phone, owner.password)).statusCode).toBe(200);
    expect((await login(phoneDevice, phone, owner.password)).statusCode).toBe(200);
    for (let attempt = 0; attempt < PASSWORD_LIMITS.device.hits; attempt += 1)
      expect((await login(tablet, phone, 'GoNham@2026')).statusCode).toBe(401);
    expect((await login(tablet, phone, owner.password)).statusCode).toBe(429);
    expect((await login(phoneDevice, phone, owner.password)).statusCode).toBe(200);
  });

  it('answers the same for a number without an account', async () => {
    const known = await createUser(t.db, { phone: '84931000005' });
    void known;
    const statuses = async (username: string) => {
      const client = newClient();
      const answers = [];
      for (let attempt = 0; attempt < PASSWORD_LIMITS.address.hits + 1; attempt += 1)
        answers.push((await login(client, username, 'DoanMo@2026')).json());
      return answers;
    };
    expect(await statuses('0931000005')).toEqual(await statuses('0931000006'));
  });
});

describe('one-time codes', () => {
  it('login_phone and resend_otp answer the same whether or not the number has an account; only an owner gets a code', async () => {
    await createUser(t.db, { phone: '84932000001' });
    const known = await post(newClient(), '/api/user/login_phone.json', { username: '0932000001' });
    const unknown = await post(newClient(), '/api/user/login_phone.json', { username: '0932000002' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json().data).toEqual({ ...known.json().data, sent_to: '093****002' });
    await outboxDelivered(t.db);
    const sent = await t.db.selectFrom('outbox_messages').select('recipient').execute();
    expect(sent.map((row) => row.recipient)).toContain('84932000001');
    expect(sent.map((row) => row.recipient)).not.toContain('84932000002');
    const resendKnown = await post(newClient(), '/api/user/resend_otp.json', {
      username: '0932000001',
      purpose: 'reset',
    });
    const resendUnknown = await post(newClient(), '/api/user/resend_otp.json', {
      username: '0932000002',
      purpose: 'reset',
    });
    expect([resendKnown.statusCode, resendUnknown.statusCode]).toEqual([200, 200]);
  });

  it('lets concurrent guesses use no more than the code’s tries', async () => {
    await createUser(t.db, { phone: '84932000003' });
    await post(newClient(), '/api/user/login_phone.json', { username: '0932000003' });
    const code = await readLatestCode(t.db, '84932000003');
    const wrong = Array.from({ length: 40 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      wrong.map((otp) => post(newClient(), '/api/user/login_phone.json', { username: '0932000003', otp })),
    );
    expect(answers.every((answer) => answer.statusCode === 422)).toBe(true);
    const row = await t.db
      .selectFrom('otp_codes')
      .select('attempts')
      .where('target', '=', '84932000003')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(OTP_MAX_ATTEMPTS);
    // Even the right code is refused now: a new one must be asked for.
    expect(
      (await post(newClient(), '/api/user/login_phone.json', { username: '0932000003', otp: code })).statusCode,
    ).toBe(422);
  });

  it('sends at most six codes an hour to one number, whatever the purpose', async () => {
    await createUser(t.db, { phone: '84932000004' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      // The 60-second resend rule is measured from the last code: age it between requests.
      await t.db
        .updateTable('otp_codes')
        .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
        .execute();
      const purpose = attempt % 2 === 0 ? '/api/user/login_phone.json' : '/api/user/forgot_password.json';
      statuses.push((await post(newClient(), purpose, { username: '0932000004' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('sign-up with a registered number', () => {
  it('answers a sign-up for an active number like a new one, and tells the owner by SMS instead', async () => {
    await createUser(t.db, { phone: '84987654321' });
    const before = await t.db.selectFrom('users').selectAll().where('phone', '=', '84987654321').execute();
    const response = await post(newClient(), '/api/user/register.json', {
      username: '0987654321',
      password: 'HocTap@2027',
      full_name: 'Ai đó',
      accept_policy: true,
    });
    const fresh = await post(newClient(), '/api/user/register.json', {
      username: '0987000111',
      password: 'HocTap@2027',
      full_name: 'Người mới',
      accept_policy: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.statusCode).toBe(fresh.statusCode);
    expect(response.json().data).toEqual({ channel: 'sms', sent_to: '098****321', resend_after: 60 });
    expect(Object.keys(response.json().data)).toEqual(Object.keys(fresh.json().data));
    // Nothing about the account changed; its owner got a notice, not a code.
    expect(await t.db.selectFrom('users').selectAll().where('phone', '=', '84987654321').execute()).toEqual(before);
    await outboxDelivered(t.db);
    const notice = await t.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', '84987654321')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.body).toContain('Co nguoi vua dung so dien thoai nay de dang ky');
    expect(notice.body).not.toMatch(/\b\d{6}\b/);
    // A resend within 60 s is refused exactly as for a new number.
    const again = await post(newClient(), '/api/user/resend_otp.json', { username: '0987654321', purpose: 'register' });
    const againFresh = await post(newClient(), '/api/user/resend_otp.json', {
      username: '0987000111',
      purpose: 'register',
    });
    expect([again.statusCode, againFresh.statusCode]).toEqual([429, 429]);
  });
});

describe('sign-up races', () => {
  it('never answers 500 to concurrent sign-ups for the same number; one account results', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post(newClient(), '/api/user/register.json', {
          username: '0933000001',
          password: `HocTap@${2020 + index}`,
          full_name: `Người đăng ký ${index}`,
          accept_policy: true,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 429),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(201);
    const users = await t.db.selectFrom('users').select('status').where('phone', '=', '84933000001').execute();
    expect(users).toEqual([{ status: 'pending' }]);
    // The code that was sent finishes the sign-up.
    const code = await readLatestCode(t.db, '84933000001');
    const verified = await post(newClient(), '/api/user/verify_otp.json', {
      username: '0933000001',
      otp: code,
      purpose: 'register',
    });
    expect(verified.statusCode).toBe(200);
  });
});

describe('changing the password while signed in', () => {
  it('limits checks of the current password per account (every session and address), not per address alone', async () => {
    const owner = await createUser(t.db, { phone: '84934000001' });
    const neighbour = await createUser(t.db, { phone: '84934000002' });
    const sessions = await Promise.all([1, 2, 3].map(() => signIn(t, '0934000001', owner.password)));
    const nat = nextClientAddress();
    const change = (bearer: Record<string, string>, old_password: string, address = nat) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/change_password.json',
        payload: { old_password, new_password: 'MatKhauMoi#2027' },
        headers: bearer,
        remoteAddress: address,
      });
    const { hits } = PASSWORD_LIMITS.currentPassword;

    // A mistyped current password is an ordinary form error.
    expect((await change(sessions[0]!.bearer, 'sai-1')).statusCode).toBe(422);
    // Guesses spread over sessions and addresses all count against the account.
    const guesses = await Promise.all(
      Array.from({ length: hits + 4 }, (_, index) =>
        change(sessions[index % 3]!.bearer, `DoanMo@${index}`, nextClientAddress()),
      ),
    );
    const statuses = guesses.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 422)).toHaveLength(hits - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const paused = guesses.find((answer) => answer.statusCode === 429)!.json().error;
    expect(paused).toMatchObject({
      message: CURRENT_PASSWORD_PAUSED_MESSAGE,
      fields: { old_password: CURRENT_PASSWORD_PAUSED_MESSAGE },
    });
    // Past the limit even the right password is not checked: no oracle.
    expect((await change(sessions[1]!.bearer, owner.password)).statusCode).toBe(429);
    // The password did not change, and the owner still signs in with it.
    expect((await signIn(t, '0934000001', owner.password)).userId).toBe(owner.id);

    // Another learner behind the same address changes their password as usual.
    const other = await signIn(t, '0934000002', neighbour.password);
    expect((await change(other.bearer, neighbour.password)).statusCode).toBe(200);
  });
});
