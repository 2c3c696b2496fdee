/**
 * The operator's charging API: the HTTP driver against a real local HTTP server playing the
 * operator (success, insufficient balance, refusal, no answer in time, unreachable), the simulator's
 * numbers, and which provider the configuration picks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../config/env.ts';
import { simulateCharge } from './carrier-simulator.ts';
import { createHttpCarrier, readCarrierConfig } from './carrier.ts';

let operator: http.Server;
let url: string;
const received: { body: Record<string, unknown>; authorization: string | undefined }[] = [];

beforeAll(async () => {
  operator = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(text) as { msisdn: string; reference: string };
      received.push({ body, authorization: request.headers.authorization });
      const answer = (status: number, json: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (body.msisdn === '84911111111') return answer(200, { status: 'insufficient_balance' });
      if (body.msisdn === '84922222222') return answer(500, { status: 'system_error' });
      if (body.msisdn === '84933333333') return void setTimeout(() => answer(200, { status: 'success' }), 4_000);
      if (body.msisdn === '84944444444') return void response.socket?.destroy();
      return answer(200, { status: 'success', transaction_id: `OP-${body.reference}` });
    });
  });
  await new Promise<void>((resolve) => operator.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(operator.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  operator.closeAllConnections();
  await new Promise((resolve) => operator.close(resolve));
});

const request = (msisdn: string) => ({ msisdn, amount: 15_000, reference: `RN1-${msisdn}`, content: 'Khai Trí' });

describe('the HTTP driver', () => {
  const carrier = () => createHttpCarrier({ url, token: 'operator-token', timeoutMs: 2_000 });

  it('sends the charge with its reference and token and reads the answer', async () => {
    expect(await carrier().charge(request('84912345678'))).toEqual({
      outcome: 'success',
      transactionId: 'OP-RN1-84912345678',
      detail: null,
    });
    expect(received.at(-1)).toEqual({
      body: { msisdn: '84912345678', amount: 15_000, reference: 'RN1-84912345678', content: 'Khai Trí' },
      authorization: 'Bearer operator-token',
    });
    expect((await carrier().charge(request('84911111111'))).outcome).toBe('insufficient_balance');
    expect(await carrier().charge(request('84922222222'))).toMatchObject({
      outcome: 'error',
      detail: expect.stringContaining('500'),
    });
  });

  it('gives up after the timeout, reports an operator it cannot reach as an error and a broken connection as no answer', async () => {
    expect((await carrier().charge(request('84933333333'))).outcome).toBe('timeout');
    // Nothing listens: the request never left, so nothing was charged.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createHttpCarrier({ url: `http://127.0.0.1:${port}`, token: undefined, timeoutMs: 500 });
    expect((await unreachable.charge(request('84912345678'))).outcome).toBe('error');
    // The connection broke after the request was sent: the outcome is unknown (a query decides).
    expect(await carrier().charge(request('84944444444'))).toMatchObject({ outcome: 'timeout' });
  });
});

describe('the simulator and the configuration', () => {
  it.each([
    ['84912345678', 'success'],
    ['84900000500', 'success'],
    ['84900001000', 'insufficient_balance'],
    ['84900001999', 'insufficient_balance'],
    ['84900002000', 'timeout'],
    ['84900002999', 'timeout'],
    ['84900003000', 'success'],
  ])('%s → %s', (msisdn, outcome) => {
    expect(simulateCharge(request(msisdn)).outcome).toBe(outcome);
  });

  it('uses the operator API when configured, the simulator outside production, nothing in production without it', () => {
    expect(readCarrierConfig(loadEnv({ APP_ENV: 'test' })).provider?.simulated).toBe(true);
    const production = {
      APP_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      VAPID_PUBLIC_KEY: 'BHA0csE6mG6bVjHX1V2cOSChir6C9y8dEhotrIYU3T3eAp9ive0Jq3A6ygygPnGY9JX5ZkMMwPgb3s9DKfvAHUc',
      VAPID_PRIVATE_KEY: 'dDhgoMIP_F9gzPnl8ErFYbZkO2BCGqZnikzICNWObVw',
    };
    expect(readCarrierConfig(loadEnv(production)).provider).toBeNull();
    const live = readCarrierConfig(
      loadEnv({ ...production, CARRIER_API_URL: url, CARRIER_SMS_SECRET: 'a-shared-secret-of-length' }),
    );
    expect(live.provider?.simulated).toBe(false);
    expect(live.smsSecret).toBe('a-shared-secret-of-length');
    expect(() => loadEnv({ ...production, CARRIER_API_URL: url })).toThrow(EnvError);
    expect(() => loadEnv({ CARRIER_SHORT_CODE: '12a' })).toThrow(EnvError);
  });
});
