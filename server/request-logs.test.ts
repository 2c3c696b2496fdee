/**
 * Request logs: with a logger that writes, every line of a request carries its id (each request
 * gets its own child logger); a silent logger skips that per-request work (server/app.ts).
 */
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

afterAll(async () => {
  await t.close();
});

it('tags every log line of a request with its id when logging is on', async () => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await createApp({
    env: t.env,
    db: t.db,
    services: t.services,
    uploadsDir: path.join(t.dataDir, 'uploads'),
    logger: { level: 'info', stream },
  });
  try {
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/navigation.json',
      headers: { 'x-request-id': 'kiem-tra-nhat-ky-01' },
    });
    expect(response.headers['x-request-id']).toBe('kiem-tra-nhat-ky-01');
    const mine = lines.filter((line) => line.reqId === 'kiem-tra-nhat-ky-01');
    expect(mine.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  } finally {
    await app.close();
  }
});

it('answers the same with a silent logger', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/user/navigation.json' });
  expect(response.statusCode).toBe(200);
  expect(String(response.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
});
