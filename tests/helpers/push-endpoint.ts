/**
 * A real Web Push endpoint for integration tests: an HTTPS server (a self-signed certificate made
 * with openssl, trusted by this test process's global HTTPS agent, which web-push uses) that plays
 * the browser vendor's push service. It checks the VAPID `Authorization: vapid t=…, k=…` header (ES256 JWT signed with
 * the server's key, audience = this origin), and decrypts the aes128gcm body (RFC 8291) with the
 * subscription keys it handed out, through `http_ece` (the library web-push itself uses).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { importJWK, jwtVerify } from 'jose';

interface Ece {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
}
const ece = createRequire(import.meta.url)('http_ece') as Ece;

export interface ReceivedPush {
  path: string;
  payload: unknown;
  vapid: { publicKey: string; audience: string; subject: string };
  headers: http.IncomingHttpHeaders;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

async function verifyVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization header: ${header}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('the VAPID key is not an uncompressed P-256 point');
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    'ES256',
  );
  const { payload } = await jwtVerify(token, key, { audience: origin, algorithms: ['ES256'] });
  if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) throw new Error('VAPID token lives too long');
  return { publicKey, audience: String(payload.aud), subject: String(payload.sub) };
}

/** A throwaway certificate for 127.0.0.1. */
function makeCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushEndpoint() {
  const tls = makeCertificate();
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = tls.cert;
  const received: ReceivedPush[] = [];
  const statusByPath = new Map<string, number>();
  const keysByPath = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const failures: string[] = [];
  let origin = '';

  const server = https.createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const status = statusByPath.get(path) ?? 201;
      void (async () => {
        try {
          if (request.method !== 'POST') throw new Error(`method ${request.method}`);
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          if (!request.headers.ttl) throw new Error('no TTL header');
          const vapid = await verifyVapid(request.headers.authorization, origin);
          const keys = keysByPath.get(path);
          if (!keys) throw new Error(`unknown subscription ${path}`);
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: keys.ecdh,
            authSecret: b64url(keys.auth),
          });
          if (status < 300)
            received.push({ path, payload: JSON.parse(plain.toString('utf8')), vapid, headers: request.headers });
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`);
        }
        response.writeHead(status).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  origin = `https://127.0.0.1:${address.port}`;

  return {
    origin,
    received,
    /** Problems seen in requests (bad auth, undecryptable body); a passing test expects none. */
    failures,
    /** A subscription as a browser would make it: fresh P-256 keys and auth secret. */
    newSubscription(name = randomBytes(6).toString('hex')): BrowserSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${name}`;
      keysByPath.set(path, { ecdh, auth });
      return { endpoint: `${origin}${path}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    /** Answer this status to pushes for that subscription (410 = gone, 404 = unknown). */
    answer(subscription: BrowserSubscription, status: number) {
      statusByPath.set(new URL(subscription.endpoint).pathname, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        https.globalAgent.options.ca = previousCa;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
