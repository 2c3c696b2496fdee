import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../tests/factories/accounts.ts';
import { cookiesOf, readLatestCode, submitForm } from '../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true });
});

afterAll(async () => {
  await t.close();
});

const submit = (url: string, fields: Record<string, string>, cookie = '') => submitForm(t, url, fields, cookie);

describe('sign-in pages and guards', () => {
  it('signs in through the login form and lands on the ?redirect= target; guest pages then go home', async () => {
    await createUser(t.db, { phone: '84912121212', full_name: 'Vũ Hải Yến' });
    const guarded = await t.app.inject({ method: 'GET', url: '/tai-khoan/thong-bao' });
    expect(guarded.statusCode).toBe(302);
    expect(guarded.headers.location).toBe('/dang-nhap?redirect=%2Ftai-khoan%2Fthong-bao');

    const wrong = await submit('/dang-nhap?redirect=%2Ftai-khoan%2Fthong-bao', {
      username: '0912121212',
      password: 'sai',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Tài khoản hoặc mật khẩu không đúng.');
    expect(wrong.body).toContain('value="0912121212"');

    const ok = await submit('/dang-nhap?redirect=%2Ftai-khoan%2Fthong-bao', {
      username: '0912121212',
      password: 'KhaiTri@2026',
    });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/tai-khoan/thong-bao');
    const cookie = cookiesOf(ok);
    expect(cookie).toMatch(/kt_user=.+; kt_site=khaitri/);

    const page = await t.app.inject({ method: 'GET', url: '/tai-khoan/thong-bao', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-layout="profile"');
    expect(page.body).toContain('Vũ Hải Yến');

    for (const path of [
      '/dang-nhap',
      '/dang-ky',
      '/kiem-tra-sdt',
      '/doi-mat-khau',
      '/register-otp',
      '/quen-mat-khau-step-2',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
      expect(response.statusCode, path).toBe(302);
      expect(response.headers.location, path).toBe('/');
    }
    const activate = await t.app.inject({ method: 'GET', url: '/lm/active', headers: { cookie } });
    expect(activate.headers.location).toBe('/tai-khoan/kich-hoat-khoa-hoc');

    const logout = await submit('/dang-xuat', {}, cookie);
    expect(logout.statusCode).toBe(302);
    expect(String(logout.headers['set-cookie'])).toContain('Max-Age=0');
    const after = await t.app.inject({ method: 'GET', url: '/tai-khoan/ho-so', headers: { cookie } });
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toContain('/dang-nhap?redirect=');
  });

  it('explains a failed single sign-on, and offers SSO only when a provider is configured', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dang-nhap?sso=expired' });
    expect(page.body).toContain('Phiên đăng nhập liên kết đã hết hạn. Vui lòng thử lại.');
    expect(page.body).not.toContain('/api/user/login_sso/authorize');
    const unknown = await t.app.inject({ method: 'GET', url: '/dang-nhap?sso=%3Cscript%3E' });
    expect(unknown.body).toContain('Không đăng nhập được bằng tài khoản liên kết.');
    expect(unknown.body).not.toContain('<script>alert');
  });

  it('never honours an off-site redirect after login', async () => {
    await createUser(t.db, { phone: '84913131313' });
    for (const target of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const response = await submit(`/dang-nhap?redirect=${encodeURIComponent(target)}`, {
        username: '0913131313',
        password: 'KhaiTri@2026',
      });
      expect(response.headers.location, target).toBe('/');
    }
  });

  it('signs up by phone: form → OTP page → verified, signed in', async () => {
    const register = await submit('/dang-ky', {
      full_name: 'Hoàng Gia Bảo',
      username: '0914141414',
      password: 'HocTap@2026',
      accept_policy: 'on',
    });
    expect(register.statusCode).toBe(302);
    expect(register.headers.location).toBe('/register-otp?username=0914141414&purpose=register&redirect=%2F');
    const code = await readLatestCode(t.db, '84914141414');
    const verify = await submit(String(register.headers.location), { otp: code });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/verified?next=%2F');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/tai-khoan/ho-so',
      headers: { cookie: cookiesOf(verify) },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('Hoàng Gia Bảo');
  });

  it('shows every field error of the sign-up form and keeps what was typed (but not the password)', async () => {
    const response = await submit('/dang-ky', {
      full_name: 'Lý Thường Kiệt',
      username: '12345',
      password: 'HocTap@2026',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Vui lòng đồng ý điều khoản.');
    expect(response.body).toContain('Nhập số điện thoại di động Việt Nam hoặc địa chỉ email.');
    expect(response.body).toContain('value="Lý Thường Kiệt"');
    expect(response.body).not.toContain('HocTap@2026');
  });

  it('resets a forgotten password: phone → OTP → step 2 (token in a cookie, not the URL) → login', async () => {
    await createUser(t.db, { phone: '84915151515' });
    const start = await submit('/doi-mat-khau', { username: '0915151515' });
    expect(start.headers.location).toBe('/register-otp?username=0915151515&purpose=reset');
    const code = await readLatestCode(t.db, '84915151515');
    const verify = await submit(String(start.headers.location), { otp: code });
    expect(verify.headers.location).toBe('/quen-mat-khau-step-2');
    const verifyCookie = cookiesOf(verify);
    expect(verifyCookie).toMatch(/(^|; )kt_verify=/);
    const mismatch = await submit(
      '/quen-mat-khau-step-2',
      { new_password: 'MoiMoi@2026', confirm_password: 'khac' },
      verifyCookie,
    );
    expect(mismatch.body).toContain('Mật khẩu nhập lại không khớp.');
    const done = await submit(
      '/quen-mat-khau-step-2',
      { new_password: 'MoiMoi@2026', confirm_password: 'MoiMoi@2026' },
      verifyCookie,
    );
    expect(done.headers.location).toBe('/dang-nhap?reset=1');
    const again = await submit(
      '/quen-mat-khau-step-2',
      { new_password: 'Khac@2026x', confirm_password: 'Khac@2026x' },
      verifyCookie,
    );
    expect(again.statusCode).toBe(422);
    const login = await submit('/dang-nhap', { username: '0915151515', password: 'MoiMoi@2026' });
    expect(login.headers.location).toBe('/');
  });

  it("returns 404 for someone else's notification and marks one's own as read", async () => {
    const owner = await createUser(t.db, { phone: '84916161616' });
    const other = await createUser(t.db, { phone: '84916161617' });
    const ownId = await t.services.notifications.notify(owner.id, {
      kind: 'system',
      title: 'Của tôi',
      body: 'Nội dung',
    });
    const otherId = await t.services.notifications.notify(other.id, {
      kind: 'system',
      title: 'Của người khác',
      body: 'Bí mật',
    });
    const cookie = cookiesOf(await submit('/dang-nhap', { username: '0916161616', password: 'KhaiTri@2026' }));
    const foreign = await t.app.inject({ method: 'GET', url: `/tai-khoan/thong-bao/${otherId}`, headers: { cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Bí mật');
    const own = await t.app.inject({ method: 'GET', url: `/tai-khoan/thong-bao/${ownId}`, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Của tôi');
    expect(await t.services.notifications.countUnread(owner.id)).toBe(0);
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/user/notification/details.json?id=${otherId}`,
      headers: { cookie },
    });
    expect(api.statusCode).toBe(404);
  });
});
