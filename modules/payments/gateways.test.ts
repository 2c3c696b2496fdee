/** The signing code against every vector of payments.json, and a tampered field failing each gateway. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMomoRaw, createMomoProvider, signMomo, signMomoResult, type MomoConfig } from './momo.ts';
import { buildOnepayRaw, createOnepayProvider, signOnepay } from './onepay.ts';
import { buildVnpayRaw, createVnpayProvider, signVnpay } from './vnpay.ts';

interface Vectors {
  momo: {
    sandboxCredentials: { partnerCode: string; accessKey: string; secretKey: string };
    create: { raw: string; signature: string };
  };
  onepay: Record<'domesticReturn' | 'domesticCheckout', { key: string; raw: string; secureHash: string }>;
  vnpay: { return: { key: string; raw: string; secureHash: string } };
}

const vectors = JSON.parse(
  fs.readFileSync(new URL('../../tests/fixtures/payments.json', import.meta.url), 'utf8'),
) as Vectors;

/** `k=v&k=v` back to fields; the first `=` splits (values may hold `=` and `?`). */
function parseRaw(raw: string, decode = false): Record<string, string> {
  const read = (text: string) => (decode ? decodeURIComponent(text.replace(/\+/g, ' ')) : text);
  return Object.fromEntries(
    raw.split('&').map((pair) => {
      const at = pair.indexOf('=');
      return [read(pair.slice(0, at)), read(pair.slice(at + 1))];
    }),
  );
}

const sandbox = vectors.momo.sandboxCredentials;
const momoConfig: MomoConfig = { endpoint: 'http://sim', ...sandbox };
const noTransport = async () => ({});
const noApi = { apiUrl: '', user: '', password: '' };

describe('MoMo (HMAC-SHA256)', () => {
  it('signs the create vector', () => {
    const fields = parseRaw(vectors.momo.create.raw);
    const keys = Object.keys(fields);
    expect(buildMomoRaw(keys, sandbox.accessKey, fields)).toBe(vectors.momo.create.raw);
    expect(signMomo(sandbox.secretKey, vectors.momo.create.raw)).toBe(vectors.momo.create.signature);
  });

  it('verifies a signed result and refuses a tampered amount', () => {
    const provider = createMomoProvider(momoConfig, noTransport);
    const result = signMomoResult(momoConfig, {
      partnerCode: 'MOMO',
      orderId: 'KT20261122ABCDEF01',
      requestId: 'KT20261122ABCDEF01',
      amount: '50000',
      orderInfo: 'Thanh toán đơn hàng',
      orderType: 'momo_wallet',
      transId: '4088878653',
      resultCode: '0',
      message: 'Thành công.',
      payType: 'qr',
      responseTime: '1721720663942',
      extraData: '',
    });
    expect(provider.verifyCallback(result)).toMatchObject({ valid: true, outcome: 'success', amount: 50000 });
    expect(provider.verifyCallback({ ...result, amount: '5000' }).valid).toBe(false);
    expect(provider.verifyCallback({ ...result, resultCode: '1006' }).valid).toBe(false);
  });
});

describe('OnePay (HMAC-SHA256, hex key, uppercase)', () => {
  for (const name of ['domesticReturn', 'domesticCheckout'] as const) {
    it(`matches the ${name} vector`, () => {
      const vector = vectors.onepay[name];
      const fields = parseRaw(vector.raw);
      expect(buildOnepayRaw({ ...fields, vpc_SecureHash: 'x', vpc_SecureHashType: 'SHA256', vpc_Empty: '' })).toBe(
        vector.raw,
      );
      expect(signOnepay(vector.key, fields)).toBe(vector.secureHash);
    });
  }

  it('verifies the return vector and refuses vpc_Amount=50000000', () => {
    const vector = vectors.onepay.domesticReturn;
    const fields = { ...parseRaw(vector.raw), vpc_SecureHash: vector.secureHash };
    const provider = createOnepayProvider(
      { url: 'http://sim', merchant: 'ONEPAY', accessCode: 'D67342C2', hashKey: vector.key, ...noApi },
      true,
      async () => ({}),
    );
    expect(provider.verifyCallback(fields)).toMatchObject({ valid: true, outcome: 'success', amount: 900_000 });
    expect(provider.verifyCallback({ ...fields, vpc_Amount: '50000000' }).valid).toBe(false);
    expect(provider.verifyCallback({ ...fields, vpc_SecureHash: vector.secureHash.toLowerCase() }).valid).toBe(true);
  });
});

describe('VNPay 2.1.0 (HMAC-SHA512)', () => {
  const vector = vectors.vnpay.return;
  const fields = parseRaw(vector.raw, true);

  it('rebuilds the form-encoded raw string and its hash', () => {
    expect(buildVnpayRaw({ ...fields, vnp_SecureHash: 'x', vnp_SecureHashType: 'HmacSHA512' })).toBe(vector.raw);
    expect(signVnpay(vector.key, fields)).toBe(vector.secureHash);
  });

  it('verifies the return vector and refuses a tampered field', () => {
    const provider = createVnpayProvider(
      { url: 'http://sim', tmnCode: 'TEST_TMN_CODE', hashSecret: vector.key, apiUrl: '' },
      noTransport,
    );
    const signed = { ...fields, vnp_SecureHash: vector.secureHash };
    expect(provider.verifyCallback(signed)).toMatchObject({ valid: true, outcome: 'success', amount: 10_000 });
    expect(provider.verifyCallback({ ...signed, vnp_Amount: '2000000' }).valid).toBe(false);
    expect(provider.verifyCallback({ ...signed, vnp_ResponseCode: '24' }).valid).toBe(false);
    expect(provider.answerIpn('bad_signature').body).toEqual({ RspCode: '97', Message: 'Fail checksum' });
  });
});
