import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import {
  createLocalStorage,
  createObjectStorage,
  createS3Storage,
  decodeBase64Body,
  isSafeKey,
  uploadOrigin,
  type ObjectStorage,
} from './storage.ts';

const credentials = { accessKeyId: 'KHAITRITESTKEY', secretAccessKey: 'khai-tri-test-secret-key-0000000000000000' };

describe('storage keys', () => {
  it('accepts namespaced keys and refuses anything a file system or URL could read differently', () => {
    for (const key of ['users/12/0a1b2c-anh-dai-dien.png', 'avatars/3/abc.webp', 'a', 'A_b-c.d/e'])
      expect(isSafeKey(key), key).toBe(true);
    for (const key of [
      '',
      '../x',
      'a/../b',
      'a/..',
      '..',
      '.',
      './a',
      '/a',
      'a/',
      'a//b',
      'a\\b',
      'a/.env',
      'a b',
      'a%2fb',
      'ả.png',
      'a\u0000b',
      'x'.repeat(513),
    ]) {
      expect(isSafeKey(key), JSON.stringify(key)).toBe(false);
    }
    expect(isSafeKey(42)).toBe(false);
  });

  it('decodes base64, base64url and data: URLs, and refuses other text', () => {
    expect(decodeBase64Body(Buffer.from('aGVsbG8='))!.toString()).toBe('hello');
    expect(decodeBase64Body(Buffer.from('data:image/png;base64,aGVs\nbG8='))!.toString()).toBe('hello');
    expect(decodeBase64Body(Buffer.from('-_8'))!.equals(Buffer.from([0xfb, 0xff]))).toBe(true);
    expect(decodeBase64Body(Buffer.from('không phải'))).toBeNull();
  });
});

describe('the S3 driver presigns locally for any S3-compatible endpoint', () => {
  it('path style (MinIO and the like): host, bucket, key, content type and x-amz-acl signed, no checksum asked', async () => {
    const storage = createS3Storage({
      bucket: 'khai-tri-uploads',
      region: 'ap-southeast-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      ...credentials,
    });
    const presigned = await storage.presignPut('users/7/0a1b-anh.png', 'image/png', 'blob', 5 * 1024 * 1024, 600);
    expect(presigned).not.toBeNull();
    const url = new URL(presigned!.url);
    expect(url.host).toBe('127.0.0.1:9000');
    expect(url.pathname).toBe('/khai-tri-uploads/users/7/0a1b-anh.png');
    const query = url.searchParams;
    expect(query.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(query.get('X-Amz-Credential')).toMatch(/^KHAITRITESTKEY\/\d{8}\/ap-southeast-1\/s3\/aws4_request$/);
    expect(query.get('X-Amz-Expires')).toBe('600');
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(query.get('X-Amz-SignedHeaders')!.split(';').sort()).toEqual(['content-type', 'host', 'x-amz-acl']);
    expect(query.has('x-amz-acl')).toBe(false);
    for (const name of query.keys()) expect(name.toLowerCase()).not.toMatch(/checksum/);
    expect(presigned!.direct_url).toBe('http://127.0.0.1:9000/khai-tri-uploads/users/7/0a1b-anh.png');
  });

  it('virtual-host style with a CDN for reading; base64 uploads sign their Content-Encoding', async () => {
    const storage = createS3Storage({
      bucket: 'kt-media',
      region: 'auto',
      endpoint: 'https://objects.khaitri.test',
      publicUrl: 'https://cdn.khaitri.test/',
      ...credentials,
    });
    const presigned = await storage.presignPut('users/7/anh.webp', 'image/webp', 'base64', 1024, 900);
    const url = new URL(presigned!.url);
    expect(url.host).toBe('kt-media.objects.khaitri.test');
    expect(url.pathname).toBe('/users/7/anh.webp');
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';').sort()).toEqual([
      'content-encoding',
      'content-type',
      'host',
      'x-amz-acl',
    ]);
    expect(presigned!.direct_url).toBe('https://cdn.khaitri.test/users/7/anh.webp');
    expect(storage.publicUrl('avatars/7/a.webp')).toBe('https://cdn.khaitri.test/avatars/7/a.webp');
    await expect(storage.presignPut('../x.png', 'image/png', 'blob', 1024, 60)).rejects.toThrow(
      'Đường dẫn tệp không hợp lệ.',
    );
  });

  it('is chosen by S3_BUCKET, and the CSP learns where the browser uploads to', () => {
    const base = { APP_ENV: 'test', DATA_DIR: '/tmp/khai-tri-none', SESSION_SECRET: 'x'.repeat(40) };
    const local = loadEnv(base);
    expect(createObjectStorage(local, 'secret').driver).toBe('local');
    expect(uploadOrigin(local)).toBeNull();
    const s3 = loadEnv({
      ...base,
      S3_BUCKET: 'kt-media',
      S3_ENDPOINT: 'https://objects.khaitri.test',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
    });
    expect(createObjectStorage(s3, 'secret').driver).toBe('s3');
    expect(uploadOrigin(s3)).toBe('https://kt-media.objects.khaitri.test');
    expect(uploadOrigin({ ...s3, S3_FORCE_PATH_STYLE: true })).toBe('https://objects.khaitri.test');
    expect(() => loadEnv({ ...base, S3_BUCKET: 'kt-media', S3_ACCESS_KEY_ID: 'a' })).toThrow(/S3_ACCESS_KEY_ID/);
  });
});

/**
 * A tiny path-style S3 stand-in on 127.0.0.1: keeps objects with their headers, checks nothing but
 * the shape. It lets the real SDK calls (head, get, put, delete) and the browser's presigned PUT run.
 */
function startFakeS3() {
  const objects = new Map<string, { body: Buffer; headers: Record<string, string> }>();
  const puts: Array<{ path: string; headers: http.IncomingHttpHeaders; query: URLSearchParams }> = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const object = objects.get(path);
      if (request.method === 'PUT') {
        puts.push({ path, headers: request.headers, query: url.searchParams });
        const headers: Record<string, string> = {
          'content-type': String(request.headers['content-type'] ?? 'application/octet-stream'),
        };
        if (request.headers['content-encoding'])
          headers['content-encoding'] = String(request.headers['content-encoding']);
        objects.set(path, { body: Buffer.concat(chunks), headers });
        response.writeHead(200, { etag: '"fake"' }).end();
      } else if ((request.method === 'GET' || request.method === 'HEAD') && object) {
        response.writeHead(200, { ...object.headers, 'content-length': String(object.body.length), etag: '"fake"' });
        response.end(request.method === 'GET' ? object.body : undefined);
      } else if (request.method === 'DELETE') {
        objects.delete(path);
        response.writeHead(204).end();
      } else if (request.method === 'HEAD') {
        response.writeHead(404).end();
      } else {
        const xml =
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';
        response
          .writeHead(404, { 'content-type': 'application/xml', 'content-length': String(Buffer.byteLength(xml)) })
          .end(xml);
      }
    });
  });
  return new Promise<{ url: string; objects: typeof objects; puts: typeof puts; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `http://127.0.0.1:${port}`,
          objects,
          puts,
          close: () => new Promise((done) => server.close(() => done())),
        });
      });
    },
  );
}

describe('the avatar flow on the S3 driver (against a local S3 stand-in)', () => {
  let t: TestContext;
  let s3: Awaited<ReturnType<typeof startFakeS3>>;

  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestContext({
      env: {
        S3_BUCKET: 'khai-tri',
        S3_ENDPOINT: s3.url,
        S3_FORCE_PATH_STYLE: 'true',
        S3_REGION: 'ap-southeast-1',
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      },
    });
  });

  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  async function signedIn() {
    const user = await createUser(t.db);
    return signIn(t, user.phone!, user.password);
  }

  it('presigns at the bucket, takes the browser PUT there, and re-encodes from the bucket', async () => {
    const me = await signedIn();
    const presign = await t.app.inject({
      method: 'PUT',
      url: '/api/user/s3.json',
      payload: { key: 'chan-dung.png', content_encoding: 'blob', content_type: 'image/png' },
      headers: me.bearer,
      remoteAddress: nextClientAddress(),
    });
    expect(presign.statusCode).toBe(200);
    const { url, direct_url, key } = presign.json().data as { url: string; direct_url: string; key: string };
    expect(url.startsWith(`${s3.url}/khai-tri/users/${me.userId}/`)).toBe(true);
    expect(direct_url).toBe(`${s3.url}/khai-tri/${key}`);

    const image = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    const put = await fetch(url, {
      method: 'PUT',
      body: image,
      headers: { 'content-type': 'image/png', 'x-amz-acl': 'public-read' },
    });
    expect(put.status).toBe(200);
    expect(s3.puts.at(-1)!.headers['x-amz-acl']).toBe('public-read');

    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar.json',
      payload: { key },
      headers: me.bearer,
      remoteAddress: nextClientAddress(),
    });
    expect(avatar.statusCode).toBe(200);
    const avatarUrl = avatar.json().data.avatar_url as string;
    expect(avatarUrl).toMatch(new RegExp(`^${s3.url}/khai-tri/avatars/${me.userId}/[0-9a-f]{16}\\.webp$`));
    const stored = s3.objects.get(new URL(avatarUrl).pathname)!;
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(s3.puts.at(-1)!.headers['x-amz-acl']).toBe('public-read');
    expect(await sharp(stored.body).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(s3.objects.has(`/khai-tri/${key}`)).toBe(false);

    // The local upload endpoint is not served when objects live on S3; the CSP lets the browser reach the bucket.
    const local = await t.app.inject({
      method: 'PUT',
      url: '/api/storage/upload?key=a',
      payload: 'x',
      headers: { 'content-type': 'image/png' },
    });
    expect(local.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(page.headers['content-security-policy'])).toContain(`connect-src 'self' ${s3.url}`);
  });

  it('decodes an object the client stored as base64 text', async () => {
    const me = await signedIn();
    const presign = await t.app.inject({
      method: 'PUT',
      url: '/api/user/s3.json',
      payload: { key: 'a.jpg', content_encoding: 'base64', content_type: 'image/jpeg' },
      headers: me.bearer,
      remoteAddress: nextClientAddress(),
    });
    const { url, key } = presign.json().data as { url: string; key: string };
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#e76f51' } })
      .jpeg()
      .toBuffer();
    const put = await fetch(url, {
      method: 'PUT',
      body: jpeg.toString('base64'),
      headers: { 'content-type': 'image/jpeg', 'content-encoding': 'base64', 'x-amz-acl': 'public-read' },
    });
    expect(put.status).toBe(200);
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar.json',
      payload: { key },
      headers: me.bearer,
      remoteAddress: nextClientAddress(),
    });
    expect(avatar.statusCode).toBe(200);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar.json',
      payload: { key },
      headers: me.bearer,
      remoteAddress: nextClientAddress(),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('streaming an object to a file (large video sources)', () => {
  const body = Buffer.alloc(3 * 1024 * 1024 + 17, 7);

  /** Stores `body` privately, copies it back to a file, and asks for an object that is not there. */
  async function expectCopiedToFile(storage: ObjectStorage, dir: string): Promise<void> {
    const source = path.join(dir, 'source.mp4');
    fs.writeFileSync(source, body);
    await storage.putFile('video/sources/9/clip.mp4', source, 'video/mp4', { private: true });
    const copy = path.join(dir, 'copy.mp4');
    expect(await storage.getFile('video/sources/9/clip.mp4', copy)).toBe(true);
    expect(fs.readFileSync(copy).equals(body)).toBe(true);
    expect(await storage.getFile('video/sources/9/none.mp4', path.join(dir, 'none.mp4'))).toBe(false);
  }

  it('on the S3 driver: copies the object into the file, and says when there is none', async () => {
    const s3 = await startFakeS3();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kt-getfile-'));
    try {
      const storage = createS3Storage({
        bucket: 'khai-tri',
        region: 'ap-southeast-1',
        endpoint: s3.url,
        forcePathStyle: true,
        ...credentials,
      });
      await expectCopiedToFile(storage, dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await s3.close();
    }
  });

  it('on the local driver: the same', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kt-getfile-'));
    try {
      const storage = createLocalStorage({ root: path.join(dir, 'root'), publicUrl: 'http://localhost', secret: 's' });
      await expectCopiedToFile(storage, dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
