import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest, parseHead, percentile, runLoad, runRequests } from './load.ts';

const BODY = 'Học trực tuyến '.repeat(700);
let server: http.Server;
let origin: string;
const seen = {
  requests: 0,
  lastMethod: '',
  lastBody: '',
  lastHeader: '',
  paths: [] as string[],
  bodies: [] as string[],
  headers: [] as string[],
};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.requests += 1;
    seen.paths.push(request.url ?? '');
    seen.lastMethod = request.method ?? '';
    seen.lastHeader = String(request.headers['x-check'] ?? '');
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.lastBody = body;
      seen.bodies.push(body);
      seen.headers.push(seen.lastHeader);
      if (request.url === '/length') {
        response.writeHead(200, { 'content-length': Buffer.byteLength(BODY) });
        response.end(BODY);
      } else if (request.url === '/chunked') {
        // Several chunks, written apart, so the framing spans packets.
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write(BODY.slice(0, 1000));
        setImmediate(() => {
          response.write(BODY.slice(1000));
          response.end();
        });
      } else if (request.url === '/empty') {
        response.writeHead(204);
        response.end();
      } else {
        response.writeHead(404, { 'content-length': 9 });
        response.end('not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('runLoad', () => {
  it.each(['/length', '/chunked', '/empty'])(
    'keeps asking %s over keep-alive connections, every answer whole',
    async (path) => {
      const before = seen.requests;
      const result = await runLoad({ url: `${origin}${path}`, seconds: 0.4, connections: 4 });
      expect(result.errors).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(result.requests).toBeGreaterThan(20);
      // Every answer counted was asked for; at most one per connection was still on its way.
      const asked = seen.requests - before;
      expect(asked).toBeGreaterThanOrEqual(result.requests);
      expect(asked).toBeLessThanOrEqual(result.requests + 4);
      if (path !== '/empty') expect(result.bytes).toBeGreaterThan(result.requests * Buffer.byteLength(BODY));
      expect(result.p50).toBeGreaterThan(0);
      expect(result.p99).toBeGreaterThanOrEqual(result.p50);
    },
  );

  it('counts answers outside 2xx', async () => {
    const result = await runLoad({ url: `${origin}/missing`, seconds: 0.3, connections: 2 });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.non2xx).toBe(result.requests);
  });

  it('sends the method, headers and body it is given', async () => {
    await runLoad({
      url: `${origin}/length`,
      seconds: 0.2,
      connections: 1,
      method: 'POST',
      headers: { 'x-check': 'yes' },
      body: JSON.stringify({ name: 'Nguyễn' }),
    });
    expect(seen.lastMethod).toBe('POST');
    expect(seen.lastHeader).toBe('yes');
    expect(JSON.parse(seen.lastBody)).toEqual({ name: 'Nguyễn' });
  });

  it('sends its variants in turn, each with its own body and headers over the shared ones', async () => {
    const first = seen.bodies.length;
    const result = await runLoad({
      url: `${origin}/length`,
      seconds: 0.3,
      connections: 1,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-check': 'shared' },
      body: '{}',
      variants: [
        { body: '{"learner":1}', headers: { 'x-check': 'device-1' } },
        { body: '{"learner":2}' },
        { body: '{"learner":3}', headers: { 'x-check': 'device-3' } },
      ],
    });
    expect(result.requests).toBeGreaterThan(6);
    // A request of the test before may still be arriving: only this test's requests, in order.
    const mine = seen.bodies
      .map((body, index) => ({ body, header: seen.headers[index] }))
      .slice(first)
      .filter(({ body }) => body.includes('learner'));
    const turn = ['{"learner":1}', '{"learner":2}', '{"learner":3}'];
    expect(mine.slice(0, 6).map(({ body }) => body)).toEqual([...turn, ...turn]);
    expect(mine.slice(0, 3).map(({ header }) => header)).toEqual(['device-1', 'shared', 'device-3']);
  });

  it('counts a server that is not there as errors, not answers', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await runLoad({ url: `http://127.0.0.1:${port}/`, seconds: 0.2, connections: 1 });
    expect(result.requests).toBe(0);
    expect(result.errors).toBeGreaterThan(0);
    // Refused connections are retried after a pause, not in a tight loop.
    expect(result.errors).toBeLessThan(10);
  });
});

describe('runRequests', () => {
  it('sends every request of the list once, in order, and resolves when all are answered', async () => {
    const url = new URL(origin);
    const paths: string[] = Array.from({ length: 50 }, (_, index) =>
      index % 10 === 9 ? '/missing' : index % 2 ? '/length' : '/chunked',
    );
    seen.paths = [];
    const result = await runRequests({
      origin,
      connections: 4,
      requests: paths.map((path) => buildRequest(new URL(path, url), { method: 'POST', body: '{}' })),
    });
    expect(result.requests).toBe(50);
    expect(result.non2xx).toBe(5);
    expect(result.errors).toBe(0);
    expect(seen.paths).toHaveLength(50);
    // Four connections take the next request as each frees: the order is kept within a few places.
    expect([...seen.paths].sort()).toEqual([...paths].sort());
    expect(seen.paths.slice(0, 4).every((path) => paths.slice(0, 4).includes(path))).toBe(true);
    expect(result.seconds).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });

  it('ends with errors, not a hang, when the server is not there', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const target = new URL(`http://127.0.0.1:${port}/`);
    const result = await runRequests({
      origin: target.origin,
      connections: 2,
      requests: Array.from({ length: 6 }, () => buildRequest(target, {})),
    });
    expect(result.requests).toBe(0);
    expect(result.errors).toBe(6);
  });
});

describe('parseHead', () => {
  it('reads the status and the framing, whatever the header case', () => {
    expect(parseHead('HTTP/1.1 200 OK\r\nContent-Length: 42\r\nX: y')).toEqual({
      status: 200,
      length: 42,
      chunked: false,
    });
    expect(parseHead('HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked')).toEqual({
      status: 404,
      length: null,
      chunked: true,
    });
    expect(parseHead('HTTP/1.1 304 Not Modified\r\netag: "x"')).toEqual({ status: 304, length: null, chunked: false });
  });
});

describe('percentile', () => {
  it('picks from sorted latencies', () => {
    const sorted = Float64Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 0.5)).toBe(51);
    expect(percentile(sorted, 0.99)).toBe(100);
    expect(percentile(new Float64Array(0), 0.5)).toBeNaN();
  });
});
