/** ZaloPay's signing against the sandbox vectors of payments.json, and the provider's reading of callbacks and answers. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildZalopayCreateRequest,
  buildZalopayQueryRequest,
  buildZalopayRefundRequest,
  createZalopayProvider,
  signZalopay,
  signZalopayCallback,
  zalopayCreateMac,
  zalopayReturnChecksum,
  zalopayTransId,
  type ZalopayConfig,
} from './zalopay.ts';

interface Vectors {
  zalopay: {
    sandboxCredentials: { app_id: number; key1: string; key2: string };
    create: { raw: string; mac: string };
    callback: { data: string; mac: string };
  };
}

const vectors = (
  JSON.parse(fs.readFileSync(new URL('../../tests/fixtures/payments.json', import.meta.url), 'utf8')) as Vectors
).zalopay;
const sandbox = vectors.sandboxCredentials;
const config: ZalopayConfig = {
  endpoint: 'http://sim',
  appId: String(sandbox.app_id),
  key1: sandbox.key1,
  key2: sandbox.key2,
};

/** Answers every call with `answer`, remembering what was sent. */
function recorder(answer: Record<string, unknown>) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  return {
    calls,
    transport: async (url: string, body: Record<string, unknown>) => {
      calls.push({ url, body });
      return answer;
    },
  };
}

describe('ZaloPay vectors (hex HMAC-SHA256)', () => {
  it('signs the create vector with key1 over app_id|app_trans_id|app_user|amount|app_time|embed_data|item', () => {
    const [app_id, app_trans_id, app_user, amount, app_time, embed_data, item] = vectors.create.raw.split('|');
    const fields = { app_id, app_trans_id, app_user, amount, app_time, embed_data, item };
    expect(signZalopay(sandbox.key1, vectors.create.raw)).toBe(vectors.create.mac);
    expect(zalopayCreateMac(sandbox.key1, fields)).toBe(vectors.create.mac);
    expect(signZalopay(sandbox.key2, vectors.create.raw)).not.toBe(vectors.create.mac);
  });

  it('verifies the callback vector with key2 over the data string as received', () => {
    const provider = createZalopayProvider(config, recorder({}).transport);
    const callback = { data: vectors.callback.data, mac: vectors.callback.mac, type: '1' };
    expect(signZalopay(sandbox.key2, vectors.callback.data)).toBe(vectors.callback.mac);
    expect(provider.verifyCallback(callback)).toEqual({
      valid: true,
      requestId: '123456',
      amount: 50_000,
      outcome: 'success',
      resultCode: '1',
      transactionId: '231227000000123',
    });
    // The same JSON re-serialised with a space is another string: the mac no longer holds.
    expect(provider.verifyCallback({ ...callback, data: vectors.callback.data.replace(':', ': ') }).valid).toBe(false);
    expect(provider.verifyCallback({ ...callback, data: vectors.callback.data.replace('50000', '5000') }).valid).toBe(
      false,
    );
    expect(provider.verifyCallback({ ...callback, mac: vectors.callback.mac.toUpperCase() }).valid).toBe(true);
    expect(provider.verifyCallback({ ...callback, mac: '' }).valid).toBe(false);
    expect(provider.verifyCallback({ ...callback, type: '2' }).valid).toBe(false);
  });

  it('refuses a key2-signed callback of another app, or whose data is not a JSON object', () => {
    const provider = createZalopayProvider(config, recorder({}).transport);
    const otherApp = signZalopayCallback(sandbox.key2, { ...JSON.parse(vectors.callback.data), app_id: 2554 });
    expect(provider.verifyCallback({ ...otherApp, type: '1' }).valid).toBe(false);
    for (const data of ['not json', '[1,2]', 'null']) {
      expect(provider.verifyCallback({ data, mac: signZalopay(sandbox.key2, data), type: '1' }).valid).toBe(false);
    }
  });
});

describe('ZaloPay requests and answers', () => {
  it('dates app_trans_id in Vietnam time and signs the create request', async () => {
    // 17:30 UTC on 26 November is 00:30 on the 27th in Vietnam.
    const createdAt = new Date('2026-11-26T17:30:00Z');
    expect(zalopayTransId('KT20261126ABCDEF01', createdAt)).toBe('261127_KT20261126ABCDEF01');
    const input = {
      requestId: 'KT20261126ABCDEF01',
      amount: 150_000,
      orderInfo: 'Thanh toan don hang KT20261126ABCDEF',
      returnUrl: 'https://khaitri.vn/api/payment/zalopay/return',
      ipnUrl: 'https://khaitri.vn/api/payment/zalopay/ipn',
      clientIp: '127.0.0.1',
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
    };
    const body = buildZalopayCreateRequest(config, input);
    expect(body).toMatchObject({
      app_id: 2553,
      app_trans_id: '261127_KT20261126ABCDEF01',
      app_time: createdAt.getTime(),
      amount: 150_000,
      callback_url: input.ipnUrl,
      expire_duration_seconds: 1800,
      item: '[]',
    });
    expect(JSON.parse(body.embed_data)).toEqual({ redirecturl: input.returnUrl });
    const raw = [body.app_id, body.app_trans_id, body.app_user, 150000, body.app_time, body.embed_data, '[]'].join('|');
    expect(body.mac).toBe(signZalopay(sandbox.key1, raw));

    const refused = createZalopayProvider(config, recorder({ return_code: 2, sub_return_code: -402 }).transport);
    await expect(refused.createPayment(input)).rejects.toThrow('ZaloPay từ chối tạo giao dịch (-402');
    const created = recorder({ return_code: 1, order_url: 'https://qcgateway.zalopay.vn/openinapp?order=x' });
    const provider = createZalopayProvider(config, created.transport);
    expect(await provider.createPayment(input)).toEqual({
      paymentUrl: 'https://qcgateway.zalopay.vn/openinapp?order=x',
    });
    expect(created.calls[0]!.url).toBe('http://sim/v2/create');
  });

  it('signs query (app_id|app_trans_id|key1) and refund (app_id|zp_trans_id|amount|description|timestamp)', () => {
    const createdAt = new Date('2026-11-26T03:00:00Z');
    const transaction = {
      requestId: 'KT20261126ABCDEF01',
      amount: 150_000,
      transactionId: '231227000000123',
      createdAt,
      orderInfo: 'x',
    };
    const query = buildZalopayQueryRequest(config, transaction);
    expect(query).toEqual({
      app_id: 2553,
      app_trans_id: '261126_KT20261126ABCDEF01',
      mac: signZalopay(sandbox.key1, `2553|261126_KT20261126ABCDEF01|${sandbox.key1}`),
    });
    const now = new Date('2026-11-27T18:00:00Z');
    const refund = buildZalopayRefundRequest(config, {
      transaction,
      refundId: 'KT20261126ABCDEFR1',
      amount: 50_000,
      reason: 'Học viên đổi ý',
      actor: 'cli:test',
      now,
    });
    expect(refund.m_refund_id).toBe('261128_2553_KT20261126ABCDEFR1');
    expect(refund.mac).toBe(signZalopay(sandbox.key1, `2553|231227000000123|50000|Học viên đổi ý|${now.getTime()}`));
  });

  it('reads query answers: paid, processing, not found, failed; request errors are gateway errors', async () => {
    const transaction = { requestId: 'R1', amount: 10_000, transactionId: null, createdAt: new Date(), orderInfo: 'x' };
    const ask = (answer: Record<string, unknown>) =>
      createZalopayProvider(config, recorder(answer).transport).query(transaction, new Date());
    expect(await ask({ return_code: 1, amount: 10_000, zp_trans_id: 231227000000123 })).toMatchObject({
      status: 'paid',
      amount: 10_000,
      transactionId: '231227000000123',
    });
    expect(await ask({ return_code: 3, is_processing: true })).toMatchObject({ status: 'pending' });
    expect(await ask({ return_code: 2, sub_return_code: -101 })).toMatchObject({ status: 'not_found' });
    expect(await ask({ return_code: 2, sub_return_code: -54 })).toMatchObject({ status: 'failed', code: '-54' });
    await expect(ask({ return_code: 2, sub_return_code: -402 })).rejects.toThrow('ZaloPay không trả lời truy vấn');
    await expect(ask({})).rejects.toThrow('ZaloPay không trả lời truy vấn');
  });

  it('answers callbacks as ZaloPay expects and checks the browser return checksum', () => {
    const provider = createZalopayProvider(config, recorder({}).transport);
    expect(provider.answerIpn('confirmed')).toEqual({
      status: 200,
      body: { return_code: 1, return_message: 'success' },
    });
    expect(provider.answerIpn('already_confirmed').body).toMatchObject({ return_code: 2 });
    expect(provider.answerIpn('bad_signature').body).toMatchObject({ return_code: -1 });
    expect(provider.answerIpn('bad_amount').body).toMatchObject({ return_code: 0 });
    const fields = {
      appid: '2553',
      apptransid: '261126_KT20261126ABCDEF01',
      pmcid: '38',
      bankcode: '',
      amount: '150000',
      discountamount: '0',
      status: '1',
    };
    const signed = { ...fields, checksum: zalopayReturnChecksum(sandbox.key2, fields) };
    expect(provider.verifyCallback(signed)).toMatchObject({
      valid: true,
      requestId: 'KT20261126ABCDEF01',
      amount: 150_000,
      outcome: 'success',
    });
    expect(provider.verifyCallback({ ...signed, status: '-49' })).toMatchObject({ valid: false, outcome: 'failed' });
  });
});
