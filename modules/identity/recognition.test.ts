import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { decryptRecognition, encryptRecognition } from './recognition-cipher.ts';
import { readCallbackQuery } from './recognition.ts';

const KEY = 'mobifone-test-16';
const OPERATOR = 'https://nhandien.example.vn/api/check';
const RECOGNITION = {
  DISABLED_RECOGNITION: '0',
  RECOGNITION_SERVICE_ID: 'KHAITRI',
  RECOGNITION_URL: OPERATOR,
  RECOGNITION_KEY: KEY,
};
const CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'user-agent': CHROME,
  host: 'localhost:3000',
};

let t: TestContext;
let trusted: TestContext;

// One after the other: a context is closed in afterAll even when the next one fails to start.
beforeAll(async () => {
  t = await createTestContext({ pages: true, env: RECOGNITION });
  trusted = await createTestContext({ pages: true, env: { ...RECOGNITION, RECOGNITION_TRUSTED: '1' } });
});

afterAll(async () => {
  await Promise.all([t?.close(), trusted?.close()]);
});

function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const header = response.headers['set-cookie'];
  if (!header) return [];
  return (Array.isArray(header) ? header : [header]).map(String);
}

function cookieValue(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const found = setCookies(response).find((cookie) => cookie.startsWith(`${name}=`));
  return found?.split(';')[0]!.slice(name.length + 1);
}

/** The cookies a browser would now send: earlier ones updated by this response. */
function nextCookies(previous: string, response: { headers: Record<string, unknown> }): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  for (const cookie of setCookies(response)) {
    const pair = cookie.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (/Max-Age=0/.test(cookie)) jar.delete(name);
    else jar.set(name, pair.slice(name.length + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function readAttemptCookie(response: { headers: Record<string, unknown> }) {
  const raw = cookieValue(response, 'isCheck');
  return raw === undefined
    ? undefined
    : (JSON.parse(decodeURIComponent(raw)) as { time: number; redirect: boolean; path: string });
}

const visit = (ctx: TestContext, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...BROWSER, ...headers } });

/** A first visit to `path`, redirected to the operator: the cookies and the back URL inside `link`. */
async function startAttempt(ctx: TestContext, path: string) {
  const response = await visit(ctx, path);
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  const backUrl = decryptRecognition(KEY, location.searchParams.get('link') ?? '');
  return { response, location, backUrl: backUrl!, cookie: nextCookies('', response) };
}

/** The operator's answer: back to our back URL with `link=base64(AES(key, msisdn))`. */
function operatorAnswer(backUrl: string, link: string): string {
  const url = new URL(backUrl);
  return `${url.pathname}${url.search}&link=${encodeURIComponent(link)}`;
}

describe('operator phone-number recognition: the redirect', () => {
  it('redirects an anonymous first page view once to the operator with sp and the encrypted back link', async () => {
    const before = Date.now();
    const { response, location, backUrl, cookie } = await startAttempt(t, '/khoa-hoc?utm_source=sms');
    expect(`${location.origin}${location.pathname}`).toBe(OPERATOR);
    expect(location.searchParams.get('sp')).toBe('KHAITRI');
    expect(backUrl).toBe('http://localhost:3000/callback?path=%2Fkhoa-hoc%3Futm_source%3Dsms');
    expect(response.headers['cache-control']).toBe('no-store');
    const attempt = readAttemptCookie(response)!;
    expect(attempt).toMatchObject({ redirect: true, path: '/khoa-hoc?utm_source=sms' });
    expect(attempt.time).toBeGreaterThanOrEqual(before);
    expect(setCookies(response).find((value) => value.startsWith('isCheck='))).toMatch(/HttpOnly; SameSite=Lax/);

    // The attempt is remembered: the next page view is served, whatever the operator did.
    const again = await visit(t, '/khoa-hoc', { cookie });
    expect(again.statusCode).toBe(200);
    expect(readAttemptCookie(again)).toBeUndefined();
    const other = await visit(t, '/gioi-thieu', { cookie });
    expect(other.statusCode).not.toBe(302);
  });

  it('never redirects /callback, bots, API calls, assets, data requests, health checks or signed-in learners', async () => {
    const callback = await visit(t, '/callback');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');

    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
    ]) {
      const bot = await visit(t, '/khoa-hoc', { 'user-agent': userAgent });
      expect(bot.statusCode, userAgent).toBe(200);
      expect(readAttemptCookie(bot), userAgent).toBeUndefined();
    }
    const noAgent = await t.app.inject({ method: 'GET', url: '/khoa-hoc', headers: { accept: 'text/html' } });
    expect(noAgent.statusCode).toBe(200);

    for (const url of [
      '/healthz',
      '/readyz',
      '/api/trace',
      '/api/user/navigation.json',
      '/favicon.svg',
      '/khoa-hoc.data',
      '/_build/manifest.json',
    ]) {
      const response = await visit(t, url);
      expect(String(response.headers.location ?? ''), url).not.toContain(OPERATOR);
      expect(readAttemptCookie(response), url).toBeUndefined();
    }
    const json = await visit(t, '/khoa-hoc', { accept: 'application/json' });
    expect(json.statusCode).not.toBe(302);
    const prefetch = await visit(t, '/khoa-hoc', { 'sec-purpose': 'prefetch' });
    expect(prefetch.statusCode).not.toBe(302);
    const frame = await visit(t, '/khoa-hoc', { 'sec-fetch-dest': 'iframe' });
    expect(frame.statusCode).not.toBe(302);
    const head = await t.app.inject({ method: 'HEAD', url: '/khoa-hoc', headers: BROWSER });
    expect(head.statusCode).not.toBe(302);

    await createUser(t.db, { phone: '84911000001' });
    const session = await signIn(t, '0911000001', 'KhaiTri@2026');
    const signedIn = await visit(t, '/khoa-hoc', session.cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(readAttemptCookie(signedIn)).toBeUndefined();
  });

  it('uses an msisdn header the operator injected instead of redirecting', async () => {
    const response = await visit(t, '/khoa-hoc', { msisdn: '84912345678' });
    expect(response.statusCode).toBe(200);
    expect(readAttemptCookie(response)).toMatchObject({ redirect: false, path: '/khoa-hoc' });
    expect(cookieValue(response, 'kt_msisdn')).toBe('84912345678');
    expect(cookieValue(response, 'kt_celluar')).toBe('1');
    // A header proves nothing by itself: never a sign-in, even for an existing account.
    expect(cookieValue(response, 'kt_user')).toBeUndefined();

    const cookie = nextCookies('', response);
    const login = await visit(t, '/dang-nhap', { cookie });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('value="0912345678"');
    const checkPhone = await visit(t, '/kiem-tra-sdt', { cookie });
    expect(checkPhone.body).toContain('value="0912345678"');

    const garbage = await visit(t, '/khoa-hoc', { msisdn: 'unknown-subscriber' });
    expect(garbage.statusCode).toBe(200);
    expect(readAttemptCookie(garbage)).toMatchObject({ redirect: false });
    expect(cookieValue(garbage, 'kt_msisdn')).toBeUndefined();
  });

  it('does nothing while disabledRecognition is 1 (the default)', async () => {
    const off = await createTestContext({ env: { RECOGNITION_SERVICE_ID: 'KHAITRI' } });
    try {
      const response = await visit(off, '/khoa-hoc');
      expect(response.statusCode).not.toBe(302);
      expect(readAttemptCookie(response)).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('operator phone-number recognition: /callback', () => {
  it('returns the visitor to their page with the recognised number pre-filled (untrusted operator: no sign-in)', async () => {
    await createUser(t.db, { phone: '84912345678', full_name: 'Nguyễn Thị Lan' });
    const { backUrl, cookie } = await startAttempt(t, '/khoa-hoc?utm_source=sms');
    const answer = await visit(t, operatorAnswer(backUrl, encryptRecognition(KEY, '84912345678')), { cookie });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/khoa-hoc?utm_source=sms');
    expect(readAttemptCookie(answer)).toMatchObject({ redirect: false, path: '/khoa-hoc?utm_source=sms' });
    expect(cookieValue(answer, 'kt_msisdn')).toBe('84912345678');
    expect(cookieValue(answer, 'kt_user')).toBeUndefined();

    const after = nextCookies(cookie, answer);
    const back = await visit(t, '/khoa-hoc?utm_source=sms', { cookie: after });
    expect(back.statusCode).toBe(200);
    const login = await visit(t, '/dang-nhap', { cookie: after });
    expect(login.body).toContain('value="0912345678"');
  });

  it('understands an operator that appends ?link= to a back URL that already has a query', async () => {
    const { backUrl, cookie } = await startAttempt(t, '/tin-tuc');
    const url = new URL(backUrl);
    const answer = await visit(t, `${url.pathname}${url.search}?link=${encryptRecognition(KEY, '84987654321')}`, {
      cookie,
    });
    expect(answer.headers.location).toBe('/tin-tuc');
    expect(cookieValue(answer, 'kt_msisdn')).toBe('84987654321');
    expect(readCallbackQuery(new URLSearchParams('path=%2Fa%3Fb%3D1?link=abc'))).toEqual({
      path: '/a?b=1',
      link: 'abc',
    });
  });

  it('treats an empty, missing or undecryptable link as not recognised: remembered, never a loop', async () => {
    const answers = [
      (backUrl: string) => operatorAnswer(backUrl, ''),
      (backUrl: string) => new URL(backUrl).pathname + new URL(backUrl).search,
      (backUrl: string) => operatorAnswer(backUrl, 'rác<script>'),
      (backUrl: string) => operatorAnswer(backUrl, encryptRecognition('another-key-16ch', '84912345678')),
      (backUrl: string) => operatorAnswer(backUrl, encryptRecognition(KEY, 'not-a-phone-number')),
    ];
    for (const [index, build] of answers.entries()) {
      const { backUrl, cookie } = await startAttempt(t, '/gioi-thieu');
      const answer = await visit(t, build(backUrl), { cookie });
      expect(answer.statusCode, `answer ${index}`).toBe(302);
      expect(answer.headers.location, `answer ${index}`).toBe('/gioi-thieu');
      expect(readAttemptCookie(answer), `answer ${index}`).toMatchObject({ redirect: false, path: '/gioi-thieu' });
      expect(cookieValue(answer, 'kt_msisdn'), `answer ${index}`).toBeUndefined();
      const after = nextCookies(cookie, answer);
      for (const path of ['/gioi-thieu', '/khoa-hoc', '/']) {
        const page = await visit(t, path, { cookie: after });
        expect(page.statusCode, `${path} after answer ${index}`).toBe(200);
      }
    }
  });

  it('only honours same-site paths', async () => {
    const response = await visit(t, `/callback?path=${encodeURIComponent('https://evil.example/')}&link=`);
    expect(response.headers.location).toBe('/');
    const slashes = await visit(t, `/callback?path=${encodeURIComponent('//evil.example')}&link=`);
    expect(slashes.headers.location).toBe('/');
  });

  it('signs a trusted operator’s number in without OTP, only as the answer to our own recent redirect', async () => {
    const user = await createUser(trusted.db, { phone: '84912345678', full_name: 'Nguyễn Thị Lan' });
    const link = encryptRecognition(KEY, '84912345678');

    const { backUrl, cookie } = await startAttempt(trusted, '/khoa-hoc');
    const answer = await visit(trusted, operatorAnswer(backUrl, link), { cookie });
    expect(answer.headers.location).toBe('/khoa-hoc');
    expect(cookieValue(answer, 'kt_user')).toBeTruthy();
    const profile = await visit(trusted, '/tai-khoan/ho-so', { cookie: nextCookies(cookie, answer) });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('Nguyễn Thị Lan');
    const session = await trusted.db
      .selectFrom('sessions')
      .select('method')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.method).toBe('recognition');

    // A stored link replayed without our redirect (no pending attempt) only pre-fills.
    const replay = await visit(trusted, `/callback?path=%2F&link=${encodeURIComponent(link)}`);
    expect(cookieValue(replay, 'kt_user')).toBeUndefined();
    expect(cookieValue(replay, 'kt_msisdn')).toBe('84912345678');
    const stale = encodeURIComponent(JSON.stringify({ time: Date.now() - 11 * 60_000, redirect: true, path: '/' }));
    const late = await visit(trusted, `/callback?path=%2F&link=${encodeURIComponent(link)}`, {
      cookie: `isCheck=${stale}`,
    });
    expect(cookieValue(late, 'kt_user')).toBeUndefined();

    // A number without an account is pre-filled for sign-up.
    const fresh = await startAttempt(trusted, '/khoa-hoc');
    const unknown = await visit(trusted, operatorAnswer(fresh.backUrl, encryptRecognition(KEY, '84987000111')), {
      cookie: fresh.cookie,
    });
    expect(cookieValue(unknown, 'kt_user')).toBeUndefined();
    expect(cookieValue(unknown, 'kt_msisdn')).toBe('84987000111');
  });

  it('does not sign in on an untrusted operator’s word', async () => {
    const { backUrl, cookie } = await startAttempt(t, '/khoa-hoc');
    const answer = await visit(t, operatorAnswer(backUrl, encryptRecognition(KEY, '84912345678')), { cookie });
    expect(cookieValue(answer, 'kt_user')).toBeUndefined();
    const sessions = await t.db.selectFrom('sessions').select('method').where('method', '=', 'recognition').execute();
    expect(sessions).toEqual([]);
  });
});

describe('the operator simulator (development and demo)', () => {
  it('plays the operator with the real cipher and sends the visitor back with the encrypted number', async () => {
    const demo = await createTestContext({
      env: { APP_ENV: 'demo', DISABLED_RECOGNITION: '0', RECOGNITION_SERVICE_ID: 'KHAITRI' },
    });
    try {
      const first = await visit(demo, '/khoa-hoc');
      expect(first.statusCode).toBe(302);
      const location = new URL(String(first.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/__sim/recognition');

      const page = await visit(demo, `${location.pathname}${location.search}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Bạn đang dùng số 0912 345 678… (giả lập nhà mạng)');
      const hrefs = [...page.body.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&#38;/g, '&'));
      const recognised = new URL(hrefs[0]!);
      expect(`${recognised.origin}${recognised.pathname}`).toBe('http://localhost:3000/callback');
      expect(recognised.searchParams.get('path')).toBe('/khoa-hoc');
      expect(decryptRecognition('khaitri-demo-key', recognised.searchParams.get('link')!)).toBe('84912345678');
      expect(hrefs.some((href) => href.endsWith('link='))).toBe(true);

      const typed = await visit(
        demo,
        `/__sim/recognition/answer?link=${encodeURIComponent(location.searchParams.get('link')!)}&msisdn=0987654321`,
      );
      expect(typed.statusCode).toBe(302);
      const typedUrl = new URL(String(typed.headers.location));
      expect(decryptRecognition('khaitri-demo-key', typedUrl.searchParams.get('link')!)).toBe('84987654321');

      const garbage = await visit(demo, '/__sim/recognition?sp=KHAITRI&link=abc');
      expect(garbage.statusCode).toBe(400);
      const elsewhere = encodeURIComponent(
        encryptRecognition('khaitri-demo-key', 'https://evil.example/callback?path=/'),
      );
      expect((await visit(demo, `/__sim/recognition?link=${elsewhere}`)).statusCode).toBe(400);
    } finally {
      await demo.close();
    }
  });

  it('is not mounted outside development and demo', async () => {
    const response = await visit(
      t,
      `/__sim/recognition?link=${encodeURIComponent(encryptRecognition(KEY, 'http://localhost:3000/callback'))}`,
    );
    expect(response.statusCode).toBe(404);
  });
});
