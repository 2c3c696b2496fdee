import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, readLatestCode, readLatestLink, SAME_ORIGIN, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { ADDRESS_LIMITS } from '../cache/address-limits.ts';
import { createTokenKit } from './tokens.ts';
import { outboxDelivered } from '../../tests/helpers/outbox.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

afterAll(async () => {
  await t.close();
});

const post = (
  url: string,
  payload: object,
  headers: Record<string, string> = {},
  remoteAddress = nextClientAddress(),
) => t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });

describe('sign-up by phone with OTP', () => {
  const phone = '0987654321';

  it('registers a pending account, sends an SMS code and refuses a resend within 60 s', async () => {
    const response = await post('/api/user/register.json', {
      username: phone,
      password: 'HocTap@2026',
      full_name: '  Trần Văn Bình ',
      accept_policy: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({ channel: 'sms', sent_to: '098****321', resend_after: 60 });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', '84987654321')
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('pending');
    expect(user.full_name).toBe('Trần Văn Bình');
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const otpRow = await t.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('target', '=', '84987654321')
      .executeTakeFirstOrThrow();
    expect(otpRow.code_hash).not.toContain(await readLatestCode(t.db, '84987654321'));

    const again = await post('/api/user/resend_otp.json', { username: phone, purpose: 'register' });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(/Vui lòng chờ \d+ giây/);
  });

  it('refuses a wrong code, counting down the tries, then accepts the right one once', async () => {
    const code = await readLatestCode(t.db, '84987654321');
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await post('/api/user/verify_otp.json', { username: phone, otp: wrong, purpose: 'register' });
    expect(first.statusCode).toBe(422);
    expect(first.json().error.message).toBe('Mã OTP không đúng. Bạn còn 4 lần thử.');

    const ok = await post('/api/user/verify_otp.json', { username: '+84987654321', otp: code, purpose: 'register' });
    expect(ok.statusCode).toBe(200);
    const body = ok.json().data;
    expect(body.user).toMatchObject({ phone: '84987654321', full_name: 'Trần Văn Bình' });
    expect(body.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(3 * 24 * 3600 - 60);
    const cookies = ok.headers['set-cookie'] as string[];
    expect(
      cookies.some(
        (cookie) => cookie.startsWith('kt_user=') && cookie.includes('HttpOnly') && cookie.includes('Max-Age=259200'),
      ),
    ).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith('kt_site=khaitri'))).toBe(true);

    const reused = await post('/api/user/verify_otp.json', { username: phone, otp: code, purpose: 'register' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toMatch(/đã được sử dụng/);
  });

  it('validates every field with Vietnamese messages', async () => {
    const response = await post('/api/user/register.json', {
      username: '12345',
      password: '123',
      full_name: '',
      accept_policy: 'yes',
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields;
    expect(Object.keys(fields).sort()).toEqual(['accept_policy', 'full_name']);
    const together = await post('/api/user/register.json', {
      username: '12345',
      password: '123',
      full_name: 'A',
      accept_policy: false,
    });
    expect(together.json().error.fields).toEqual({
      username: 'Nhập số điện thoại di động Việt Nam hoặc địa chỉ email.',
      password: 'Mật khẩu cần ít nhất 8 ký tự.',
      accept_policy: 'Vui lòng đồng ý điều khoản.',
    });
    const weak = await post('/api/user/register.json', {
      username: '0912000111',
      password: '12345678',
      full_name: 'A',
      accept_policy: true,
    });
    expect(weak.json().error.fields.password).toBe('Mật khẩu này quá phổ biến, vui lòng chọn mật khẩu khác.');
    const noPolicy = await post('/api/user/register.json', {
      username: '0912000111',
      password: 'HocTap@2026',
      full_name: 'A',
      accept_policy: false,
    });
    expect(noPolicy.json().error.fields.accept_policy).toBeDefined();
    const badPhone = await post('/api/user/register.json', {
      username: '0212345678',
      password: 'HocTap@2026',
      full_name: 'A',
      accept_policy: true,
    });
    expect(badPhone.json().error.fields.username).toMatch(/số điện thoại/i);
  });
});

describe('OTP expiry and attempts', () => {
  it('refuses an expired code and stops after five wrong tries', async () => {
    await post('/api/user/register.json', {
      username: 'moi@khaitri.vn',
      password: 'HocTap@2026',
      full_name: 'Lê Thu Hà',
      accept_policy: true,
    });
    const code = await readLatestCode(t.db, 'moi@khaitri.vn');
    await t.db
      .updateTable('otp_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('target', '=', 'moi@khaitri.vn')
      .execute();
    const expired = await post('/api/user/verify_otp.json', {
      username: 'moi@khaitri.vn',
      otp: code,
      purpose: 'register',
    });
    expect(expired.json().error.message).toBe('Mã OTP đã hết hạn. Vui lòng yêu cầu mã mới.');

    await t.db
      .updateTable('otp_codes')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('target', '=', 'moi@khaitri.vn')
      .execute();
    expect(
      (await post('/api/user/resend_otp.json', { username: 'moi@khaitri.vn', purpose: 'register' })).statusCode,
    ).toBe(200);
    const fresh = await readLatestCode(t.db, 'moi@khaitri.vn');
    const wrong = fresh === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1)
      await post('/api/user/verify_otp.json', { username: 'moi@khaitri.vn', otp: wrong, purpose: 'register' });
    const locked = await post('/api/user/verify_otp.json', {
      username: 'moi@khaitri.vn',
      otp: fresh,
      purpose: 'register',
    });
    expect(locked.json().error.message).toBe('Bạn đã nhập sai quá 5 lần. Vui lòng yêu cầu mã mới.');
  });
});

describe('login, sessions and revocation', () => {
  it('logs in by phone in any form or e-mail, and refuses a wrong password', async () => {
    const user = await createUser(t.db, { phone: '84911111111', email: 'an@khaitri.vn' });
    for (const username of ['0911111111', '+84911111111', '84911111111', 'AN@khaitri.vn']) {
      const response = await post('/api/user/login.json', { username, password: user.password });
      expect(response.statusCode, username).toBe(200);
      expect(response.json().data.user.id).toBe(user.id);
    }
    const wrong = await post('/api/user/login.json', { username: '0911111111', password: 'sai-mat-khau' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Tài khoản hoặc mật khẩu không đúng.');
  });

  it('serves user.json to a bearer token and to the cookie session; logout revokes it', async () => {
    await createUser(t.db, { phone: '84922222222', full_name: 'Phạm Minh Châu' });
    const session = await signIn(t, '0922222222', 'KhaiTri@2026');
    const viaBearer = await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: session.bearer });
    expect(viaBearer.json().data.full_name).toBe('Phạm Minh Châu');
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/user/details.json', headers: session.cookie });
    expect(viaCookie.json().data).toMatchObject({ phone: '84922222222', phone_verified: true, has_password: true });

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout.json',
      headers: { ...session.cookie, ...SAME_ORIGIN },
    });
    expect(logout.statusCode).toBe(200);
    expect((logout.headers['set-cookie'] as string[]).every((cookie) => cookie.includes('Max-Age=0'))).toBe(true);
    const after = await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: session.bearer });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Vui lòng đăng nhập để tiếp tục.');
  });

  it('refuses an expired token and a token signed with another key', async () => {
    const user = await createUser(t.db, { phone: '84933333333' });
    const kit = createTokenKit(t.env.SESSION_SECRET!);
    const session = await signIn(t, '0933333333', user.password);
    const claims = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()) as { jti: string };
    const expired = await kit.signSession({
      sub: String(user.id),
      jti: claims.jti,
      exp: Math.floor(Date.now() / 1000) - 5,
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user/user.json',
          headers: { authorization: `Bearer ${expired}` },
        })
      ).statusCode,
    ).toBe(401);
    const forged = await createTokenKit('x'.repeat(64)).signSession({
      sub: String(user.id),
      jti: claims.jti,
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user/user.json',
          headers: { authorization: `Bearer ${forged}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('clears a cookie session for another site label or a tampered cookie', async () => {
    await createUser(t.db, { phone: '84944444444' });
    const session = await signIn(t, '0944444444', 'KhaiTri@2026');
    const otherSite = session.cookie.cookie.replace(/kt_site=[^;]+/, 'kt_site=othersite');
    const response = await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: { cookie: otherSite } });
    expect(response.statusCode).toBe(401);
    expect((response.headers['set-cookie'] as string[]).some((cookie) => cookie.startsWith('kt_user=;'))).toBe(true);
    const tampered = await t.app.inject({
      method: 'GET',
      url: '/api/user/user.json',
      headers: { cookie: 'kt_user=%%%; kt_site=khaitri' },
    });
    expect(tampered.statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated mutation from another origin', async () => {
    await createUser(t.db, { phone: '84955555555' });
    const session = await signIn(t, '0955555555', 'KhaiTri@2026');
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/user.json',
      payload: { full_name: 'Bị giả mạo' },
      headers: { ...session.cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/user.json',
      payload: { full_name: 'Đổi tên' },
      headers: { ...session.cookie, ...SAME_ORIGIN },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.full_name).toBe('Đổi tên');
  });

  it('changing the password keeps this session and revokes the others; sign out other devices does the same', async () => {
    await createUser(t.db, { phone: '84966666666' });
    const here = await signIn(t, '0966666666', 'KhaiTri@2026');
    const there = await signIn(t, '0966666666', 'KhaiTri@2026');
    const wrongOld = await post(
      '/api/user/change_password.json',
      { old_password: 'khong-dung', new_password: 'MatKhauMoi#1' },
      here.bearer,
    );
    expect(wrongOld.json().error.fields.old_password).toBe('Mật khẩu hiện tại không đúng.');
    const changed = await post(
      '/api/user/change_password.json',
      { old_password: 'KhaiTri@2026', new_password: 'MatKhauMoi#1' },
      here.bearer,
    );
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: here.bearer })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: there.bearer })).statusCode).toBe(
      401,
    );

    const third = await signIn(t, '0966666666', 'MatKhauMoi#1');
    const history = await t.app.inject({ method: 'GET', url: '/api/user/sessions.json', headers: here.bearer });
    expect(history.json().data.filter((item: { active: boolean }) => item.active)).toHaveLength(2);
    const revoke = await post('/api/user/sessions/revoke_others.json', {}, here.bearer);
    expect(revoke.json().data.revoked).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: third.bearer })).statusCode).toBe(
      401,
    );
  });

  it('limits sign-in requests per client address, at a size for carrier NAT, with 429 and Retry-After', async () => {
    const address = nextClientAddress();
    const statuses = new Map<number, number>();
    let last;
    // Malformed bodies: the address limit counts every request, before any work.
    for (let i = 0; i <= ADDRESS_LIMITS.signIn; i += 1) {
      last = await post('/api/user/login.json', {}, {}, address);
      statuses.set(last.statusCode, (statuses.get(last.statusCode) ?? 0) + 1);
    }
    expect(statuses).toEqual(
      new Map([
        [400, ADDRESS_LIMITS.signIn],
        [429, 1],
      ]),
    );
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('forgot password', () => {
  it('resets by SMS code → verify token → new password, once; all sessions end', async () => {
    await createUser(t.db, { phone: '84988888888' });
    const before = await signIn(t, '0988888888', 'KhaiTri@2026');
    expect((await post('/api/user/forgot_password.json', { username: '0988888888' })).json().data.channel).toBe('sms');
    const code = await readLatestCode(t.db, '84988888888');
    const verified = await post('/api/user/verify_otp.json', { username: '0988888888', otp: code, purpose: 'reset' });
    const verifyToken = verified.json().data.verify_token as string;
    expect(verifyToken.length).toBeGreaterThan(20);
    expect(
      (await post('/api/user/change_password.json', { verify_token: verifyToken, new_password: 'DatLai@2026' }))
        .statusCode,
    ).toBe(200);
    const replay = await post('/api/user/change_password.json', {
      verify_token: verifyToken,
      new_password: 'LanNua@2026',
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.message).toBe('Liên kết hoặc mã xác thực không hợp lệ hoặc đã hết hạn.');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: before.bearer })).statusCode).toBe(
      401,
    );
    expect((await post('/api/user/login.json', { username: '0988888888', password: 'DatLai@2026' })).statusCode).toBe(
      200,
    );
  });

  it('resets by e-mail link, and answers the same for an unknown account', async () => {
    await createUser(t.db, { phone: null, email: 'quen@khaitri.vn' });
    const known = await post('/api/user/forgot_password.json', { username: 'quen@khaitri.vn' });
    const unknown = await post('/api/user/forgot_password.json', { username: 'khongco@khaitri.vn' });
    expect(known.json().data.channel).toBe('email');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.json().data)).toEqual(Object.keys(known.json().data));
    const token = await readLatestLink(t.db, 'quen@khaitri.vn', '/quen-mat-khau-step-2');
    await t.db
      .updateTable('verify_tokens')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .execute();
    expect(
      (await post('/api/user/change_password.json', { verify_token: token, new_password: 'DatLai@2026' })).statusCode,
    ).toBe(422);
  });
});

describe('profile and e-mail change', () => {
  it('updates the profile with a province of the 34, refusing bad values', async () => {
    await createUser(t.db, { phone: '84901010101' });
    const session = await signIn(t, '0901010101', 'KhaiTri@2026');
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/user/user.json', payload, headers: session.bearer });
    const ok = await patch({
      full_name: 'Đỗ Quỳnh Anh',
      birthday: '2001-12-31',
      gender: 'female',
      province_code: '79',
      address_detail: '12 Nguyễn Huệ',
    });
    expect(ok.json().data).toMatchObject({
      full_name: 'Đỗ Quỳnh Anh',
      province_name: 'Thành phố Hồ Chí Minh',
      birthday: '2001-12-31',
    });
    expect((await patch({ province_code: '02' })).json().error.fields.province_code).toBeDefined();
    expect((await patch({ birthday: '2001-02-30' })).json().error.fields.birthday).toBe('Ngày sinh không hợp lệ.');
    expect((await patch({ role: 'admin' })).statusCode).toBe(400);
    const provinces = await t.app.inject({ method: 'GET', url: '/api/user/provinces.json' });
    expect(provinces.json().data).toHaveLength(34);
  });

  it('changes the e-mail only when the link is opened, once', async () => {
    await createUser(t.db, { phone: '84902020202', email: 'cua.toi@khaitri.vn' });
    await createUser(t.db, { phone: '84902020203', email: 'dacodung@khaitri.vn' });
    const session = await signIn(t, '0902020202', 'KhaiTri@2026');
    // The check says nothing about other accounts: a taken address answers like a free one.
    const check = async (email: string) =>
      (await post('/api/user/change_email/check.json', { email }, session.bearer)).json();
    expect(await check('DaCoDung@khaitri.vn')).toEqual(await check('chua.ai.dung@khaitri.vn'));
    expect((await check('DaCoDung@khaitri.vn')).data.available).toBe(true);
    expect((await check('cua.toi@khaitri.vn')).data.available).toBe(false);
    expect(
      (await post('/api/user/change_email/check.json', { email: 'khong-hop-le' }, session.bearer)).statusCode,
    ).toBe(400);

    // Asking for a taken address answers like a free one; the address's owner is told, with no link.
    const taken = await post('/api/user/change_email.json', { email: 'dacodung@khaitri.vn' }, session.bearer);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toEqual({ sent_to: expect.stringMatching(/^d.*@khaitri\.vn$/) });
    await outboxDelivered(t.db);
    const told = await t.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', 'dacodung@khaitri.vn')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(told.body).toContain('không thể gắn vào tài khoản khác');
    expect(told.body).not.toContain('/verify-change-email');
    expect(
      (await post('/api/user/change_email.json', { email: 'moi.email@khaitri.vn' }, session.bearer)).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: session.bearer })).json().data.email,
    ).toBe('cua.toi@khaitri.vn');
    const token = await readLatestLink(t.db, 'moi.email@khaitri.vn', '/verify-change-email');
    const confirmed = await post('/api/user/change_email/confirm.json', { token });
    expect(confirmed.json().data.email).toBe('moi.email@khaitri.vn');
    expect((await post('/api/user/change_email/confirm.json', { token })).statusCode).toBe(422);
  });
});

it('stores no OTP in clear anywhere but the outbox', async () => {
  const rows = await sql<{ code_hash: string }>`select code_hash from otp_codes`.execute(t.db);
  expect(rows.rows.every((row) => /^[0-9a-f]{64}$/.test(row.code_hash))).toBe(true);
});
