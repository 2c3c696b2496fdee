/**
 * Zalo Notification Service before SMS, on both engines: a sign-in code goes on Zalo when the OTP
 * template is configured and the number has Zalo; a number without Zalo, or a failing send, gets
 * the same message by SMS — exactly one of the two, also when the SMS must be retried. Against the
 * simulator (ZNS_SIMULATOR_*), and against a stand-in for the ZNS HTTP API (the request Zalo
 * expects: access_token header, phone 84…, template_id, template_data, tracking_id).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { outboxDelivered } from '../../tests/helpers/outbox.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { parseTemplate, templateData } from './zns.ts';

const ZALO_PHONE = '84900000001';
const NO_ZALO = '84900000002';
const FAILING = '84900000003';

let sim: TestContext;
let api: TestContext;
let standIn: http.Server;
let standInUrl: string;
/** What the stand-in received: ZNS sends and SMS gateway posts. */
const received: { zns: Array<{ token: unknown; body: Record<string, unknown> }>; sms: Array<Record<string, unknown>> } =
  {
    zns: [],
    sms: [],
  };
let smsFailuresLeft = 0;

function startStandIn(): Promise<void> {
  standIn = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      response.setHeader('content-type', 'application/json');
      if (request.url === '/message/template') {
        received.zns.push({ token: request.headers.access_token, body });
        // Zalo's answer: error 0 when sent; a number that cannot get it on Zalo is an error code.
        const ok = body.phone === ZALO_PHONE;
        response.end(
          JSON.stringify(
            ok
              ? { error: 0, message: 'Success', data: { msg_id: 'm1' } }
              : { error: -108, message: 'Phone number is invalid' },
          ),
        );
        return;
      }
      received.sms.push(body);
      if (smsFailuresLeft > 0) {
        smsFailuresLeft -= 1;
        response.statusCode = 503;
      }
      response.end('{}');
    });
  });
  return new Promise((resolve) => standIn.listen(0, '127.0.0.1', resolve));
}

beforeAll(async () => {
  await startStandIn();
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  sim = await createTestContext({
    env: {
      ZNS_TEMPLATE_OTP: '246810:otp',
      ZNS_TEMPLATE_RENEWAL: '135790:ten_khoa=course,ngay=renew_date',
      ZNS_SIMULATOR_NO_ZALO: NO_ZALO,
      ZNS_SIMULATOR_FAILING: FAILING,
    },
  });
  api = await createTestContext({
    env: {
      ZNS_TEMPLATE_OTP: '246810:otp',
      ZNS_ACCESS_TOKEN: 'oa-access-token',
      ZNS_API_URL: standInUrl,
      SMS_GATEWAY_URL: `${standInUrl}/sms`,
    },
  });
});

afterAll(async () => {
  await Promise.all([sim?.close(), api?.close()]);
  await new Promise<void>((resolve) => {
    standIn?.close(() => resolve());
    standIn?.closeAllConnections();
  });
});

const rowsTo = (t: TestContext, recipient: string) =>
  t.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).orderBy('id').execute();

async function signInCode(t: TestContext, phone: string) {
  await createUser(t.db, { phone });
  await t.services.accounts.requestLoginCode(`0${phone.slice(2)}`);
  await outboxDelivered(t.db, phone, 20_000);
  return rowsTo(t, phone);
}

describe('ZNS before SMS (simulator)', () => {
  it('sends a sign-in code on Zalo when the number has Zalo', async () => {
    const [row] = await signInCode(sim, ZALO_PHONE);
    expect(row).toMatchObject({ state: 'sent', transport: 'zns', zns: null, attempts: 1 });
    expect(row!.body).toMatch(/ma xac thuc cua ban la \d{6}/);
  });

  it('falls back to SMS for a number without Zalo and for a failing send, once each', async () => {
    for (const phone of [NO_ZALO, FAILING]) {
      const rows = await signInCode(sim, phone);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ state: 'sent', transport: 'outbox', zns: null, error: null });
    }
  });

  it('maps our values to the template’s parameter names from the configuration', async () => {
    expect(parseTemplate('135790:ten_khoa=course,ngay=renew_date')).toEqual({
      id: '135790',
      params: { ten_khoa: 'course', ngay: 'renew_date' },
    });
    const template = parseTemplate('135790:ten_khoa=course,ngay=renew_date')!;
    expect(templateData(template, { course: 'Tiếng Anh giao tiếp', renew_date: '01/12/2026', extra: 'x' })).toEqual({
      ten_khoa: 'Tiếng Anh giao tiếp',
      ngay: '01/12/2026',
    });
    await sim.services.messaging.sendSms('84900000004', 'Khai Trí: nhắc gia hạn', {
      template: { kind: 'renewal', data: { course: 'Tiếng Anh giao tiếp', renew_date: '01/12/2026' } },
    });
    await outboxDelivered(sim.db, '84900000004');
    expect((await rowsTo(sim, '84900000004'))[0]).toMatchObject({ transport: 'zns' });
  });

  it('keeps a message without a configured template on SMS', async () => {
    await sim.services.messaging.sendSms(ZALO_PHONE, 'Khai Trí: đơn hàng đã thanh toán', {
      template: { kind: 'order_paid', data: { order_code: 'KT123' } },
    });
    await outboxDelivered(sim.db, ZALO_PHONE);
    const last = (await rowsTo(sim, ZALO_PHONE)).at(-1)!;
    expect(last).toMatchObject({ transport: 'outbox', zns: null });
  });
});

describe('ZNS over HTTP', () => {
  it('posts the template as Zalo expects and counts error 0 as sent', async () => {
    const [row] = await signInCode(api, ZALO_PHONE);
    expect(row).toMatchObject({ state: 'sent', transport: 'zns', body: '', zns: null });
    const sent = received.zns.find((call) => call.body.phone === ZALO_PHONE)!;
    expect(sent.token).toBe('oa-access-token');
    expect(sent.body).toMatchObject({ template_id: '246810', tracking_id: `outbox-${row!.id}` });
    expect(sent.body.template_data).toEqual({ otp: expect.stringMatching(/^\d{6}$/) });
    expect(received.sms.filter((sms) => sms.to === ZALO_PHONE)).toHaveLength(0);
  });

  it('sends by SMS when Zalo answers an error, and retries only the SMS', async () => {
    smsFailuresLeft = 1;
    const [row] = await signInCode(api, NO_ZALO);
    expect(row).toMatchObject({ state: 'sent', transport: 'gateway', zns: null, attempts: 2 });
    expect(received.zns.filter((call) => call.body.phone === NO_ZALO)).toHaveLength(1);
    expect(received.sms.filter((sms) => sms.to === NO_ZALO)).toHaveLength(2);
  });
});
