import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, SAME_ORIGIN, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createServices } from '../services.ts';
import { createLocalStorage, type ObjectStorage } from './storage.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;

async function learner(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, overrides);
  const session = await signIn(t, user.phone!, user.password);
  return { ...session, user };
}

const requestUpload = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/user/s3.json', payload, headers, remoteAddress: nextClientAddress() });

const setAvatar = (headers: Headers, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/avatar.json',
    payload: { key },
    headers,
    remoteAddress: nextClientAddress(),
  });

/** PUTs bytes to a presigned URL as the browser does (the URL is absolute, on PUBLIC_URL). */
function putTo(url: string, body: Buffer | string, headers: Headers) {
  const target = new URL(url);
  return t.app.inject({
    method: 'PUT',
    url: `${target.pathname}${target.search}`,
    payload: body,
    headers,
    remoteAddress: nextClientAddress(),
  });
}

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 70 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#0b5fff"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

const uploadedFile = (key: string) => path.join(t.uploadsDir, ...key.split('/'));

/** Signs local upload parameters with the session secret, as the local driver does. */
function signLocal(params: { key: string; ct: string; enc: string; max: string; exp: string }) {
  const sig = createHmac('sha256', t.env.SESSION_SECRET!)
    .update(['khai-tri.storage.put', params.key, params.ct, params.enc, params.max, params.exp].join('\n'))
    .digest('base64url');
  return `/api/storage/upload?${new URLSearchParams({ ...params, sig }).toString()}`;
}

describe('PUT s3.json → PUT url → POST avatar.json', () => {
  it('uploads a real PNG, turns it into a 512×512 WebP avatar and removes the original', async () => {
    const me = await learner();
    const presign = await requestUpload(me.bearer, {
      key: 'Ảnh đại diện (1).PNG',
      content_encoding: 'blob',
      content_type: 'image/png',
    });
    expect(presign.statusCode).toBe(200);
    const { url, direct_url, key } = presign.json().data as { url: string; direct_url: string; key: string };
    expect(key).toMatch(new RegExp(`^users/${me.userId}/[0-9a-f]{16}-anh-dai-dien-1\\.png$`));
    expect(url.startsWith('http://localhost:3000/api/storage/upload?')).toBe(true);
    expect(new URL(url).searchParams.get('key')).toBe(key);
    expect(direct_url).toBe(`http://localhost:3000/uploads/${key}`);

    const image = await png();
    const put = await putTo(url, image, { 'content-type': 'image/png', 'x-amz-acl': 'public-read' });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ key, size: image.length, direct_url: `/uploads/${key}` });
    expect(fs.readFileSync(uploadedFile(key)).equals(image)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const avatar = await setAvatar(me.bearer, key);
    expect(avatar.statusCode).toBe(200);
    const avatarUrl = avatar.json().data.avatar_url as string;
    expect(avatarUrl).toMatch(new RegExp(`^/uploads/avatars/${me.userId}/[0-9a-f]{16}\\.webp$`));
    const stored = await t.app.inject({ method: 'GET', url: avatarUrl });
    expect(stored.statusCode).toBe(200);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(fs.existsSync(uploadedFile(key))).toBe(false);

    const user = await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: me.bearer });
    expect(user.json().data.avatar_url).toBe(avatarUrl);

    // A second avatar replaces the first, whose file goes too.
    const again = (
      await requestUpload(me.bearer, { key: 'moi.jpg', content_encoding: 'blob', content_type: 'image/jpeg' })
    ).json().data;
    const jpeg = await sharp(await png(300, 900))
      .jpeg()
      .toBuffer();
    expect(
      (await putTo(again.url, jpeg, { 'content-type': 'image/jpeg', 'x-amz-acl': 'public-read' })).statusCode,
    ).toBe(200);
    const second = await setAvatar(me.bearer, again.key);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.avatar_url).not.toBe(avatarUrl);
    expect(fs.existsSync(path.join(t.uploadsDir, ...avatarUrl.replace('/uploads/', '').split('/')))).toBe(false);
    expect(
      (
        await sharp(
          fs.readFileSync(
            path.join(t.uploadsDir, ...second.json().data.avatar_url.replace('/uploads/', '').split('/')),
          ),
        ).metadata()
      ).width,
    ).toBe(512);
  });

  it('decodes a base64 body (content_encoding base64), and works through the cookie session from our own origin', async () => {
    const me = await learner();
    const web = { ...me.cookie, ...SAME_ORIGIN };
    const presign = await requestUpload(web, {
      key: 'avatar.webp',
      content_encoding: 'base64',
      content_type: 'image/webp',
    });
    expect(presign.statusCode).toBe(200);
    const { url, key } = presign.json().data;
    expect(new URL(url).searchParams.get('enc')).toBe('base64');
    const webp = await sharp(await png(640, 640))
      .webp()
      .toBuffer();
    const put = await putTo(url, `data:image/webp;base64,${webp.toString('base64')}`, {
      'content-type': 'image/webp',
      'x-amz-acl': 'public-read',
      ...SAME_ORIGIN,
      ...me.cookie,
    });
    expect(put.statusCode).toBe(200);
    expect(fs.readFileSync(uploadedFile(key)).equals(webp)).toBe(true);
    expect((await setAvatar(web, key)).statusCode).toBe(200);

    const crossSite = await requestUpload(
      { ...me.cookie, origin: 'https://evil.example' },
      { key: 'a.png', content_encoding: 'blob', content_type: 'image/png' },
    );
    expect(crossSite.statusCode).toBe(403);

    const notBase64 = (
      await requestUpload(me.bearer, { key: 'b.png', content_encoding: 'base64', content_type: 'image/png' })
    ).json().data;
    const bad = await putTo(notBase64.url, '%%% không phải base64 %%%', { 'content-type': 'image/png' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Nội dung tệp không đúng định dạng base64.');
  });

  it('keeps the key inside the caller namespace whatever name is sent', async () => {
    const me = await learner();
    for (const name of [
      '../../../etc/passwd',
      '..\\..\\windows\\win.ini',
      '/tmp/x.png',
      '%2e%2e%2fa.png',
      '日本語.png',
      '   .png',
    ]) {
      const response = await requestUpload(me.bearer, {
        key: name,
        content_encoding: 'blob',
        content_type: 'image/png',
      });
      expect(response.statusCode, name).toBe(200);
      expect(response.json().data.key, name).toMatch(new RegExp(`^users/${me.userId}/[0-9a-f]{16}-[a-z0-9-]+\\.png$`));
    }
  });
});

describe('s3.json validation', () => {
  it('answers `invalid content encoding!` for any encoding other than base64 or blob', async () => {
    const me = await learner();
    for (const content_encoding of ['gzip', 'BASE64', '', 5, null, undefined]) {
      const response = await requestUpload(me.bearer, { key: 'a.png', content_encoding, content_type: 'image/png' });
      expect(response.statusCode, String(content_encoding)).toBe(400);
      expect(response.json().error.message).toBe('invalid content encoding!');
      expect(response.json().error.fields.content_encoding).toBe('Kiểu mã hóa phải là base64 hoặc blob.');
    }
  });

  it('takes only images from a learner, in Vietnamese', async () => {
    const me = await learner();
    for (const content_type of ['image/svg+xml', 'text/html', 'application/pdf', 'application/x-msdownload']) {
      const response = await requestUpload(me.bearer, { key: 'tep.bin', content_encoding: 'blob', content_type });
      expect(response.statusCode, content_type).toBe(400);
      expect(response.json().error.message).toBe('Chỉ hỗ trợ tải lên ảnh JPEG, PNG, WebP hoặc GIF.');
    }
    const missing = await requestUpload(me.bearer, { content_encoding: 'blob' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({
      key: 'Vui lòng gửi tên tệp.',
      content_type: 'Vui lòng gửi loại tệp.',
    });

    const editor = await learner({ role: 'editor' });
    const pdf = await requestUpload(editor.bearer, {
      key: 'Đề thi.pdf',
      content_encoding: 'blob',
      content_type: 'application/pdf',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().data.key).toMatch(/-de-thi\.pdf$/);

    // A listening passage's audio (exams): sent to storage, then served as audio.
    const audio = await requestUpload(editor.bearer, {
      key: 'Bài nghe số 1.mp3',
      content_encoding: 'blob',
      content_type: 'audio/mpeg',
    });
    expect(audio.statusCode, audio.body).toBe(200);
    const { url, key } = audio.json().data as { url: string; key: string };
    expect(key).toMatch(/-bai-nghe-so-1\.mp3$/);
    const bytes = Buffer.concat([Buffer.from('ID3\x04\x00\x00', 'latin1'), Buffer.alloc(2048, 1)]);
    const put = await putTo(url, bytes, { 'content-type': 'audio/mpeg', 'x-amz-acl': 'public-read' });
    expect(put.statusCode, put.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    const video = await requestUpload(editor.bearer, {
      key: 'a.exe',
      content_encoding: 'blob',
      content_type: 'video/mp4',
    });
    expect(video.json().error.message).toBe(
      'Chỉ hỗ trợ tải lên ảnh JPEG, PNG, WebP, GIF, tệp PDF hoặc âm thanh MP3, M4A, OGG.',
    );
  });

  it('is documented in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    expect(paths['/api/user/s3.json'].put.tags).toEqual(['media']);
    expect(paths['/api/user/avatar.json'].post.summary).toMatch(/ảnh đại diện/);
    expect(paths['/api/storage/upload'].put).toBeDefined();
  });

  it('answers 401 to a signed-out caller', async () => {
    const presign = await requestUpload({}, { key: 'a.png', content_encoding: 'blob', content_type: 'image/png' });
    expect(presign.statusCode).toBe(401);
    expect(presign.json().error.message).toBe('Vui lòng đăng nhập để tiếp tục.');
    const avatar = await setAvatar({}, 'users/1/abc.png');
    expect(avatar.statusCode).toBe(401);
  });
});

describe('a storage driver without a presigned URL', () => {
  /** Runs `work` while the app's services are ones built by createServices around `storage`. */
  async function withStorage(storage: ObjectStorage, work: () => Promise<void>) {
    const services = createServices({ db: t.db, engine: t.services.engine, env: t.env, storage });
    const original = { storage: t.services.storage, media: t.services.media };
    Object.assign(t.services, { storage: services.storage, media: services.media });
    try {
      await work();
    } finally {
      Object.assign(t.services, original);
    }
  }

  const local = () =>
    createLocalStorage({ root: t.uploadsDir, publicUrl: t.env.PUBLIC_URL, secret: t.env.SESSION_SECRET! });

  it('answers 502 `resigned error!` when the driver throws or gives no URL', async () => {
    const throwing: ObjectStorage = {
      ...local(),
      presignPut: async () => {
        throw new Error('endpoint unreachable');
      },
    };
    const empty: ObjectStorage = { ...local(), presignPut: async () => null };
    const blank: ObjectStorage = { ...local(), presignPut: async () => ({ url: '', direct_url: '' }) };
    const me = await learner();
    for (const storage of [throwing, empty, blank]) {
      await withStorage(storage, async () => {
        const response = await requestUpload(me.bearer, {
          key: 'a.png',
          content_encoding: 'blob',
          content_type: 'image/png',
        });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({ error: { code: 'STORAGE_UNAVAILABLE', message: 'resigned error!' } });
      });
    }
    // The real driver is back.
    expect(
      (await requestUpload(me.bearer, { key: 'a.png', content_encoding: 'blob', content_type: 'image/png' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the signed upload URL of the local driver', () => {
  async function presigned(contentType = 'image/png', encoding: 'blob' | 'base64' = 'blob') {
    const me = await learner();
    const { url, key } = (
      await requestUpload(me.bearer, { key: 'a.png', content_encoding: encoding, content_type: contentType })
    ).json().data as { url: string; key: string };
    return { me, url: new URL(url), key };
  }

  it('refuses an expired URL with a Vietnamese 403', async () => {
    const me = await learner();
    const expired = await t.services.storage.presignPut(
      `users/${me.userId}/het-han.png`,
      'image/png',
      'blob',
      1024 * 1024,
      -1,
    );
    const response = await putTo(expired!.url, await png(), {
      'content-type': 'image/png',
      'x-amz-acl': 'public-read',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Liên kết tải lên đã hết hạn. Vui lòng thử lại.');
    expect(fs.existsSync(uploadedFile(`users/${me.userId}/het-han.png`))).toBe(false);
  });

  it('refuses a tampered URL: any parameter changed, the signature missing or forged', async () => {
    const { url, key } = await presigned();
    const body = await png(64, 64);
    const variants: Array<[string, (query: URLSearchParams) => void]> = [
      ['key', (query) => query.set('key', key.replace(/^users\/\d+/, 'users/1'))],
      ['content type', (query) => query.set('ct', 'text/html')],
      ['encoding', (query) => query.set('enc', 'base64')],
      ['size', (query) => query.set('max', '999999999')],
      ['expiry', (query) => query.set('exp', String(Number(query.get('exp')) + 86_400))],
      ['signature', (query) => query.set('sig', `${query.get('sig')!.slice(0, -2)}AA`)],
      ['no signature', (query) => query.delete('sig')],
    ];
    for (const [name, tamper] of variants) {
      const query = new URLSearchParams(url.search);
      tamper(query);
      const contentType = query.get('ct') ?? 'image/png';
      const response = await t.app.inject({
        method: 'PUT',
        url: `${url.pathname}?${query}`,
        payload: body,
        headers: { 'content-type': contentType },
        remoteAddress: nextClientAddress(),
      });
      expect(response.statusCode, name).toBe(403);
      expect(response.json().error.message, name).toBe('Liên kết tải lên không hợp lệ.');
    }
    expect(fs.existsSync(uploadedFile(key))).toBe(false);
  });

  it('holds the upload to its content type, its size and a public-read ACL', async () => {
    const { url, key } = await presigned();
    const body = await png(64, 64);
    const wrongType = await putTo(url.href, body, { 'content-type': 'text/html' });
    expect(wrongType.statusCode).toBe(403);
    expect(wrongType.json().error.message).toBe('Loại tệp gửi lên không khớp với liên kết tải lên.');
    const privateAcl = await putTo(url.href, body, { 'content-type': 'image/png', 'x-amz-acl': 'private' });
    expect(privateAcl.statusCode).toBe(403);
    const empty = await putTo(url.href, Buffer.alloc(0), { 'content-type': 'image/png' });
    expect(empty.statusCode).toBe(400);
    expect(fs.existsSync(uploadedFile(key))).toBe(false);

    // The size the URL was signed for, then the body limit of the endpoint itself.
    const me = await learner();
    const small = await t.services.storage.presignPut(`users/${me.userId}/nho.png`, 'image/png', 'blob', 2048, 60);
    const tooBig = await putTo(small!.url, Buffer.alloc(4096, 1), { 'content-type': 'image/png' });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.message).toMatch(/vượt quá dung lượng/);
    const huge = await putTo(url.href, Buffer.alloc(t.env.UPLOAD_MAX_BYTES * 2, 1), { 'content-type': 'image/png' });
    expect(huge.statusCode).toBe(413);

    // Content-Type parameters are fine, as on S3.
    const withCharset = await putTo(url.href, body, {
      'content-type': 'image/png; charset=binary',
      'x-amz-acl': 'public-read',
    });
    expect(withCharset.statusCode).toBe(200);
  });

  it('never writes outside DATA_DIR/uploads, even with a correctly signed traversal key', async () => {
    const exp = String(Math.floor(Date.now() / 1000) + 60);
    for (const key of [
      '../escape.png',
      'users/1/../../../escape.png',
      '/etc/escape.png',
      'users/1/..',
      'users\\..\\escape.png',
      'users//1.png',
      'users/1/.hidden',
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: signLocal({ key, ct: 'image/png', enc: 'blob', max: '1048576', exp }),
        payload: Buffer.from('x'),
        headers: { 'content-type': 'image/png' },
        remoteAddress: nextClientAddress(),
      });
      expect(response.statusCode, key).toBe(403);
    }
    expect(fs.existsSync(path.join(t.dataDir, 'escape.png'))).toBe(false);
    expect(fs.existsSync(path.join(path.dirname(t.dataDir), 'escape.png'))).toBe(false);
    await expect(t.services.storage.presignPut('../escape.png', 'image/png', 'blob', 1024, 60)).rejects.toThrow(
      'Đường dẫn tệp không hợp lệ.',
    );
  });
});

describe('avatar.json', () => {
  async function upload(session: { bearer: Headers }, body: Buffer | string, contentType = 'image/png') {
    const { url, key } = (
      await requestUpload(session.bearer, { key: 'anh.png', content_encoding: 'blob', content_type: contentType })
    ).json().data as { url: string; key: string };
    const put = await putTo(url, body, { 'content-type': contentType, 'x-amz-acl': 'public-read' });
    expect(put.statusCode).toBe(200);
    return key;
  }

  it("refuses someone else's upload with 403 and leaves it alone", async () => {
    const owner = await learner();
    const other = await learner();
    const key = await upload(owner, await png());
    const response = await setAvatar(other.bearer, key);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Bạn không có quyền dùng tệp này.');
    expect(fs.existsSync(uploadedFile(key))).toBe(true);
    // A prefix of the caller's id is not their namespace: user 1 can't use users/12/….
    const lookalike = await setAvatar(other.bearer, `users/${other.userId}0/abc.png`);
    expect(lookalike.statusCode).toBe(403);
    const avatars = await setAvatar(other.bearer, `avatars/${owner.userId}/abc.webp`);
    expect(avatars.statusCode).toBe(403);
  });

  it('refuses traversal keys and keys that were never uploaded', async () => {
    const me = await learner();
    for (const key of [
      `users/${me.userId}/../../session-secret`,
      '../../etc/passwd',
      `users/${me.userId}/%2e%2e/x.png`,
      `/users/${me.userId}/a.png`,
    ]) {
      const response = await setAvatar(me.bearer, key);
      expect(response.statusCode, key).toBe(400);
      expect(response.json().error.message).toBe('Đường dẫn tệp không hợp lệ.');
    }
    const missing = await setAvatar(me.bearer, `users/${me.userId}/khong-co.png`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Không tìm thấy ảnh đã tải lên. Vui lòng tải lại.');
  });

  it('refuses what is not really an image with 422, whatever its name and declared type', async () => {
    const me = await learner();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
    const fakes: Array<[string, Buffer | string, string]> = [
      ['text renamed .png', 'Xin chào, đây là một tệp văn bản.', 'image/png'],
      ['SVG with a script', svg, 'image/png'],
      ['HTML as GIF', '<html><script>alert(1)</script></html>', 'image/gif'],
      [
        'PNG header, garbage body',
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
        'image/png',
      ],
      [
        'truncated JPEG',
        (
          await sharp(await png())
            .jpeg()
            .toBuffer()
        ).subarray(0, 300),
        'image/jpeg',
      ],
    ];
    for (const [name, body, contentType] of fakes) {
      const key = await upload(me, body, contentType);
      const response = await setAvatar(me.bearer, key);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().error.message, name).toBe(
        'Tệp tải lên không phải là ảnh hợp lệ. Vui lòng chọn ảnh JPEG, PNG, WebP hoặc GIF.',
      );
    }
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: me.bearer });
    expect(profile.json().data.avatar_url).toBeNull();
  });

  it('refuses an image over UPLOAD_MAX_BYTES (5 MB) with 422', async () => {
    const me = await learner();
    // Larger than the upload URL would take: written straight into the caller's namespace.
    const key = `users/${me.userId}/qua-lon.png`;
    const big = Buffer.concat([await png(), Buffer.alloc(t.env.UPLOAD_MAX_BYTES, 0)]);
    await t.services.storage.putObject(key, big, 'image/png');
    const response = await setAvatar(me.bearer, key);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Ảnh đại diện tối đa 5 MB.');
  });

  it('refuses a decompression bomb (a small file with a huge bitmap) with 422', async () => {
    const me = await learner();
    const bomb = await sharp({ create: { width: 7_000, height: 7_000, channels: 3, background: '#ffffff' } })
      .greyscale()
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(t.env.UPLOAD_MAX_BYTES);
    const key = await upload(me, bomb);
    const response = await setAvatar(me.bearer, key);
    expect(response.statusCode).toBe(422);
  });
});
