import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestBucket, findTestS3Server, s3AppEnv, type TestBucket } from '../../tests/helpers/s3-server.ts';
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

// A real, signature-checking S3 server (Ceph radosgw, see tests/helpers/s3-server.ts): a wrong
// signature, an unsigned header or an expired URL is refused as it would be by the cloud.
const s3Server = await findTestS3Server();
const withS3 = s3Server ? describe : describe.skip;
if (!s3Server)
  console.warn('S3 driver tests NOT RUN: radosgw is not installed (apt-get install radosgw ceph-mon ceph-osd)');

withS3('the avatar flow on the S3 driver (against radosgw)', () => {
  let t: TestContext;
  let bucket: TestBucket;

  beforeAll(async () => {
    bucket = await createTestBucket(s3Server!);
    t = await createTestContext({ env: s3AppEnv(bucket.server) });
  });

  afterAll(async () => {
    await t?.close();
    await bucket?.destroy();
  });

  const endpoint = () => `${bucket.server.endpoint}/${bucket.server.bucket}`;
  const exists = (key: string) =>
    bucket.client.send(new HeadObjectCommand({ Bucket: bucket.server.bucket, Key: key })).then(
      () => true,
      (error: { name?: string }) => (error.name === 'NotFound' ? false : Promise.reject(error)),
    );

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
    expect(url.startsWith(`${endpoint()}/users/${me.userId}/`)).toBe(true);
    expect(direct_url).toBe(`${endpoint()}/${key}`);

    const image = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    // The server checks the signature: another content type, a dropped signed header or a changed
    // signature is refused, and nothing is stored.
    const refused = [
      await fetch(url, {
        method: 'PUT',
        body: image,
        headers: { 'content-type': 'image/gif', 'x-amz-acl': 'public-read' },
      }),
      await fetch(url, { method: 'PUT', body: image, headers: { 'content-type': 'image/png' } }),
      await fetch(
        url.replace(/X-Amz-Signature=[0-9a-f]/, (match) => `${match.slice(0, -1)}${match.endsWith('0') ? '1' : '0'}`),
        {
          method: 'PUT',
          body: image,
          headers: { 'content-type': 'image/png', 'x-amz-acl': 'public-read' },
        },
      ),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('SignatureDoesNotMatch');
    }
    expect(await exists(key)).toBe(false);

    const put = await fetch(url, {
      method: 'PUT',
      body: image,
      headers: { 'content-type': 'image/png', 'x-amz-acl': 'public-read' },
    });
    expect(put.status).toBe(200);
    // x-amz-acl was honoured: anyone may read the upload at its direct URL.
    expect((await fetch(direct_url)).status).toBe(200);

    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar.json',
      payload: { key },
      headers: me.bearer,
      remoteAddress: nextClientAddress(),
    });
    expect(avatar.statusCode).toBe(200);
    const avatarUrl = avatar.json().data.avatar_url as string;
    expect(avatarUrl).toMatch(new RegExp(`^${endpoint()}/avatars/${me.userId}/[0-9a-f]{16}\\.webp$`));
    // Public without credentials, with its type, re-encoded; the upload it came from is gone.
    const stored = await fetch(avatarUrl);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/webp');
    const webp = Buffer.from(await stored.arrayBuffer());
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(await exists(key)).toBe(false);

    // The local upload endpoint is not served when objects live on S3; the CSP lets the browser reach the bucket.
    const local = await t.app.inject({
      method: 'PUT',
      url: '/api/storage/upload?key=a',
      payload: 'x',
      headers: { 'content-type': 'image/png' },
    });
    expect(local.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(page.headers['content-security-policy'])).toContain(`connect-src 'self' ${bucket.server.endpoint}`);
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

  it.skipIf(!s3Server)('on the S3 driver: copies the object into the file, and says when there is none', async () => {
    const bucket = await createTestBucket(s3Server!);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kt-getfile-'));
    try {
      const { server } = bucket;
      const storage = createS3Storage(server);
      await expectCopiedToFile(storage, dir);
      // A private object is not readable without a signature.
      expect((await fetch(`${server.endpoint}/${server.bucket}/video/sources/9/clip.mp4`)).status).toBe(403);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await bucket.destroy();
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
