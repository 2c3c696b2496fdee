/**
 * The Zalo OA access token of ZNS kept fresh, on both engines, against a stand-in for Zalo driven by
 * the ZNS simulator's core (tokens that expire, Zalo's -124 for an expired one, single-use refresh
 * tokens behind POST /oa/access_token with the app's secret_key header): the periodic job renews the
 * token ahead of expiry; a send rejected for its token renews it and is delivered on Zalo; two
 * instances refreshing at once spend the refresh token once; a failed refresh sends the message by
 * SMS and shows (the token row's error, the failing job). And the in-process simulator's tokens expire too.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { outboxDelivered } from '../../tests/helpers/outbox.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createZnsSimulatorCore, ZALO_ACCESS_TTL_SECONDS } from './zns-simulator.ts';
import { createZnsTokenStore } from './zns-token.ts';
import { createZnsHttpApi, readZnsConfig, ZNS_SIMULATOR_APP } from './zns.ts';

const APP = { appId: '3344556677889900112', secretKey: 'oa-secret-key' };
const PHONE = '84911000001';
const zalo = createZnsSimulatorCore({ ...APP, numbers: { noZalo: [], failing: [] } });

let standIn: http.Server;
let url: string;
const seen: {
  sends: Array<{ token: string; error: number }>;
  refreshes: Array<Record<string, string>>;
  sms: string[];
} = { sends: [], refreshes: [], sms: [] };
/** Answers the refresh this many ms late (to make two refreshes overlap). */
let refreshDelayMs = 0;

function startStandIn(): Promise<void> {
  standIn = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/message/template') {
        const body = JSON.parse(raw) as { phone: string };
        const token = String(request.headers.access_token);
        const answer = zalo.sendTemplate(token, body.phone);
        seen.sends.push({ token, error: answer.error });
        response.end(JSON.stringify(answer));
        return;
      }
      if (request.url === '/oa/access_token') {
        const form = Object.fromEntries(new URLSearchParams(raw));
        seen.refreshes.push({ ...form, secret_key: String(request.headers.secret_key) });
        const answer = zalo.refresh(form, request.headers.secret_key as string | undefined);
        setTimeout(() => response.end(JSON.stringify(answer)), refreshDelayMs);
        return;
      }
      seen.sms.push(raw);
      response.end('{}');
    });
  });
  return new Promise((resolve) => standIn.listen(0, '127.0.0.1', resolve));
}

let t: TestContext;
let sim: TestContext;
const first = zalo.issue();

beforeAll(async () => {
  await startStandIn();
  url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  t = await createTestContext({
    env: {
      ZNS_TEMPLATE_OTP: '246810:otp',
      ZNS_API_URL: url,
      ZALO_OAUTH_URL: url,
      ZALO_APP_ID: APP.appId,
      ZALO_SECRET_KEY: APP.secretKey,
      ZNS_ACCESS_TOKEN: first.access_token,
      ZNS_REFRESH_TOKEN: first.refresh_token,
      SMS_GATEWAY_URL: `${url}/sms`,
    },
  });
  sim = await createTestContext({ env: { ZNS_TEMPLATE_OTP: '246810:otp' } });
});

afterAll(async () => {
  await Promise.all([t?.close(), sim?.close()]);
  await new Promise<void>((resolve) => {
    standIn?.close(() => resolve());
    standIn?.closeAllConnections();
  });
});

beforeEach(() => {
  refreshDelayMs = 0;
});

const tokenRow = (c: TestContext) => c.db.selectFrom('zns_tokens').selectAll().executeTakeFirstOrThrow();
/** What the periodic job `messages.zns-token` runs (server/jobs.ts; its schedule is tested in server/jobs.test.ts). */
const tokenJob = (c: TestContext) => ({ run: (now: Date) => c.services.messaging.refreshZnsToken(now) });
/** Puts an expired access token in the row, its expiry unknown to the product (as after a clock skew). */
async function expireAccessToken(c: TestContext, core = zalo): Promise<string> {
  const expired = core.issue(-60).access_token;
  await c.db.updateTable('zns_tokens').set({ access_token: expired, access_expires_at: null }).execute();
  return expired;
}

async function signInCode(c: TestContext, phone: string) {
  await createUser(c.db, { phone });
  await c.services.accounts.requestLoginCode(`0${phone.slice(2)}`);
  await outboxDelivered(c.db, phone, 20_000);
  return c.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', phone).orderBy('id').execute();
}

describe('ZNS access token', () => {
  it('is refreshed by the periodic job when less than an hour is left, spending the refresh token', async () => {
    // Seeded from the configuration, its expiry unknown: the first run renews it.
    const refreshesBefore = zalo.refreshes;
    await tokenJob(t).run(new Date());
    const row = await tokenRow(t);
    expect(zalo.refreshes).toBe(refreshesBefore + 1);
    expect(seen.refreshes.at(-1)).toEqual({
      app_id: APP.appId,
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      secret_key: APP.secretKey,
    });
    expect(row.access_token).not.toBe(first.access_token);
    expect(row.refresh_token).not.toBe(first.refresh_token);
    const expiresAt = new Date(row.access_expires_at!).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan((ZALO_ACCESS_TTL_SECONDS - 60) * 1000);

    // 23 hours later (two hours left) nothing happens; at 24 h 30 min it is renewed again.
    expect(await t.services.messaging.refreshZnsToken(new Date(Date.now() + 23 * 3600 * 1000))).toBe('fresh');
    expect(zalo.refreshes).toBe(refreshesBefore + 1);
    await tokenJob(t).run(new Date(Date.now() + 24.5 * 3600 * 1000));
    expect(zalo.refreshes).toBe(refreshesBefore + 2);
    expect((await tokenRow(t)).refresh_token).not.toBe(row.refresh_token);

    const status = await t.services.messaging.znsTokenStatus()!;
    expect(status).toMatchObject({ renewable: true, lastError: null });
    expect(JSON.stringify(status)).not.toContain((await tokenRow(t)).access_token);
  });

  it('is refreshed when ZNS rejects it as expired, and the message is then delivered on Zalo', async () => {
    const expired = await expireAccessToken(t);
    const sendsBefore = seen.sends.length;
    const [row] = await signInCode(t, PHONE);
    expect(row).toMatchObject({ state: 'sent', transport: 'zns', attempts: 1 });
    const sends = seen.sends.slice(sendsBefore);
    expect(sends.map((send) => send.error)).toEqual([-124, 0]);
    expect(sends[0]!.token).toBe(expired);
    expect(sends[1]!.token).toBe((await tokenRow(t)).access_token);
    expect(seen.sms).toHaveLength(0);
  });

  it('is refreshed once when two instances refresh at the same time, and both end with a working token', async () => {
    const stale = await expireAccessToken(t);
    const config = readZnsConfig(t.env)!.api!;
    const instance = () =>
      createZnsTokenStore(t.db, {
        seed: () => ({
          key: `${config.accessToken}\n${config.refresh!.refreshToken}`,
          accessToken: '',
          refreshToken: null,
          expiresAt: null,
        }),
        refresh: createZnsHttpApi(config).refresh,
      });
    const refreshesBefore = zalo.refreshes;
    const requestsBefore = seen.refreshes.length;
    refreshDelayMs = 300;
    const [a, b] = await Promise.all([instance().renew(stale), instance().renew(stale)]);
    expect(zalo.refreshes).toBe(refreshesBefore + 1);
    expect(seen.refreshes.length).toBe(requestsBefore + 1);
    expect(a).toBe(b);
    expect(zalo.sendTemplate(a, PHONE).error).toBe(0);
    expect((await tokenRow(t)).claim_id).toBeNull();
  });

  it('falls back to SMS when the refresh fails, and shows the failure', async () => {
    await expireAccessToken(t);
    // The stored refresh token was already spent (say, by a copy of the database): Zalo refuses it.
    const { refresh_token: spent } = await tokenRow(t);
    zalo.refresh({ app_id: APP.appId, grant_type: 'refresh_token', refresh_token: spent! }, APP.secretKey);
    const phone = '84911000002';
    const [row] = await signInCode(t, phone);
    expect(row).toMatchObject({ state: 'sent', transport: 'gateway', zns: null });
    expect(seen.sms.some((body) => body.includes(phone))).toBe(true);
    const stored = await tokenRow(t);
    expect(stored.last_error).toMatch(/Làm mới access token ZNS thất bại: .*-14014/);
    expect(stored.claim_id).toBeNull();
    // The job fails with the same clear error: the studio's jobs page lists it as failing.
    await expect(tokenJob(t).run(new Date())).rejects.toThrow(/Làm mới access token ZNS thất bại/);
    expect(await t.services.messaging.znsTokenStatus()).toMatchObject({ lastError: expect.stringMatching(/-14014/) });
  });
});

describe('ZNS simulator tokens', () => {
  it('expire, are rejected with -124 and renewed with a single-use refresh token', async () => {
    const core = createZnsSimulatorCore({ ...ZNS_SIMULATOR_APP, numbers: { noZalo: [], failing: [] } });
    const pair = core.issue();
    expect(core.sendTemplate(pair.access_token, PHONE).error).toBe(0);
    expect(core.sendTemplate(core.issue(-1).access_token, PHONE)).toMatchObject({ error: -124 });
    const form = { app_id: ZNS_SIMULATOR_APP.appId, grant_type: 'refresh_token', refresh_token: pair.refresh_token };
    expect(core.refresh(form, 'wrong-secret')).toMatchObject({ error: -14002 });
    expect(core.refresh(form, ZNS_SIMULATOR_APP.secretKey)).toHaveProperty('access_token');
    expect(core.refresh(form, ZNS_SIMULATOR_APP.secretKey)).toMatchObject({ error: -14014 });

    // The product's in-process simulator: an expired token is renewed and the code goes on Zalo.
    const phone = '84911000003';
    const otp = (code: string) =>
      sim.services.messaging.sendSms(phone, `Khai Tri: ma xac thuc cua ban la ${code}`, {
        urgent: true,
        template: { kind: 'otp', data: { otp: code } },
      });
    await otp('135246');
    await outboxDelivered(sim.db, phone);
    const before = await tokenRow(sim);
    await expireAccessToken(sim, core);
    await otp('864209');
    await outboxDelivered(sim.db, phone);
    const rows = await sim.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', phone).execute();
    expect(rows.map((row) => row.transport)).toEqual(['zns', 'zns']);
    const after = await tokenRow(sim);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.refreshed_at).not.toBeNull();
  });
});
