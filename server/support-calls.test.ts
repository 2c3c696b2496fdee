/** SPEC §7 "Other calls" 1 and 2: the userSupport call the shell makes, and our own IP trace. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTraceIp } from '../app/components/shell/trace.ts';
import {
  CELLULAR_COOKIE,
  CELLULAR_FLAG_KEY,
  encodePathInfo,
  USER_SUPPORT_URL,
} from '../app/components/shell/user-support.ts';
import { CELLULAR_COOKIE as SERVER_CELLULAR_COOKIE } from '../modules/identity/recognition-cookies.ts';
import { createUser } from '../tests/factories/accounts.ts';
import { SAME_ORIGIN, signIn } from '../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/trace', () => {
  it('answers text/plain key=value lines with the client address, a timestamp and the user agent', async () => {
    const before = Date.now() / 1000;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/trace',
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': 'Mozilla/5.0 (Android 14) Chrome/131', host: 'khaitri.vn' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = Object.fromEntries(
      response.body
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(lines).toMatchObject({
      ip: '203.0.113.7',
      h: 'khaitri.vn',
      uag: 'Mozilla/5.0 (Android 14) Chrome/131',
      visit_scheme: 'http',
    });
    expect(Number(lines.ts)).toBeGreaterThanOrEqual(Math.floor(before));
    expect(lines.ts).toMatch(/^\d+\.\d{3}$/);
    expect(parseTraceIp(response.body)).toBe('203.0.113.7');
  });

  it('gives the client helper nothing to misread', () => {
    expect(parseTraceIp('fl=1\nip=2001:db8::1\r\nts=1')).toBe('2001:db8::1');
    expect(parseTraceIp('fl=1\nuag=ip=1.2.3.4\n')).toBeNull();
    expect(parseTraceIp('')).toBeNull();
  });
});

describe('the userSupport call (session flag celluar)', () => {
  it('sends base64 of the full UTF-8 path, and the endpoint records exactly that path', async () => {
    const fullPath = '/khoa-hoc/lập-trình-python?utm_source=sms&utm_campaign=tết#bài-1';
    const info = encodePathInfo(fullPath);
    expect(info).toBe(Buffer.from(fullPath, 'utf8').toString('base64'));
    const response = await t.app.inject({ method: 'POST', url: USER_SUPPORT_URL, payload: { info } });
    expect(response.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', response.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'cellular', path: fullPath, user_id: null });
  });

  it('refuses what is not base64 of a path', async () => {
    for (const info of [
      'không phải base64',
      '',
      Buffer.from('https://evil.example/').toString('base64'),
      'A'.repeat(5000),
    ]) {
      const response = await t.app.inject({ method: 'POST', url: USER_SUPPORT_URL, payload: { info } });
      expect(response.statusCode, info.slice(0, 20)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('records the signed-in learner from the browser, and refuses a cross-site post with the session cookie', async () => {
    await createUser(t.db, { phone: '84915000001' });
    const session = await signIn(t, '0915000001', 'KhaiTri@2026');
    const info = encodePathInfo('/tai-khoan/ho-so');
    const foreign = await t.app.inject({
      method: 'POST',
      url: USER_SUPPORT_URL,
      payload: { info },
      headers: { ...session.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: USER_SUPPORT_URL,
      payload: { info },
      headers: { ...session.cookie, ...SAME_ORIGIN },
    });
    expect(ok.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('support_requests')
      .select('user_id')
      .where('id', '=', ok.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(session.userId);
  });

  it('uses the flag and cookie names the server sets when the operator recognises a number', () => {
    expect(CELLULAR_FLAG_KEY).toBe('celluar');
    expect(CELLULAR_COOKIE).toBe(SERVER_CELLULAR_COOKIE);
  });
});
