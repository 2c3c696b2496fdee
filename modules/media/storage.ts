/**
 * Object storage (ARCHITECTURE.md §5): an S3-compatible bucket in production, or the disk under
 * DATA_DIR/uploads (served at /uploads/) with our own signed, expiring upload URLs by default.
 *
 * Both drivers speak the same upload contract (SPEC §7 PUT s3.json): the client PUTs the file to a
 * presigned `url` with its Content-Type and `x-amz-acl: public-read`; the object is then public at
 * `direct_url`.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.ts';
import { formatMegabytes } from '../../lib/format/bytes.ts';
import { createS3Storage } from './storage.s3.ts';

export {
  createS3Storage,
  hasMultipart,
  MIN_PART_BYTES,
  type MultipartStorage,
  type S3StorageOptions,
} from './storage.s3.ts';

export type ContentEncoding = 'base64' | 'blob';

export interface PresignedUpload {
  /** Where the client PUTs the bytes (with its Content-Type and `x-amz-acl: public-read`). */
  url: string;
  /** Where the object can be read once uploaded. */
  direct_url: string;
}

export interface ObjectInfo {
  size: number;
  contentType: string | null;
  /** `base64` when the object was stored as base64 text (S3 keeps what the client sent). */
  contentEncoding: string | null;
}

export interface PutOptions {
  private?: boolean;
}

/** Key prefixes of private objects: the local driver's `/uploads/` never serves them. */
export const PRIVATE_PREFIXES = ['video/', 'privacy/'];

/** Whether a path under `/uploads/` (however written: `//video`, `./video`, `%76ideo`) is a private object's. */
export function isPrivatePath(pathName: string): boolean {
  let decoded = pathName;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    return true;
  }
  const normalized = path.posix
    .normalize(`/${decoded.replace(/\\/g, '/')}`)
    .replace(/^\/+/, '')
    .toLowerCase();
  return PRIVATE_PREFIXES.some((prefix) => normalized.startsWith(prefix) || `${normalized}/` === prefix);
}

export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** A URL the client may PUT one object to until it expires; null when the driver can't give one. */
  presignPut(
    key: string,
    contentType: string,
    contentEncoding: ContentEncoding,
    maxBytes: number,
    expiresSeconds: number,
  ): Promise<PresignedUpload | null>;
  /** Size and type of a stored object, or null when there is none. */
  headObject(key: string): Promise<ObjectInfo | null>;
  /** The bytes of a stored object, or null when there is none. */
  getObject(key: string): Promise<Buffer | null>;
  /** Copies a stored object into a file on disk, streamed (large video sources); false when there is none. */
  getFile(key: string, file: string): Promise<boolean>;
  /**
   * Stores an object. `private` objects (HLS video) are never made public on S3; on disk they sit
   * under a prefix `/uploads/` does not serve (`PRIVATE_PREFIXES`).
   */
  putObject(key: string, body: Buffer, contentType: string, options?: PutOptions): Promise<void>;
  /** Stores a file from disk, streamed (never read whole into memory): large video sources. */
  putFile(key: string, file: string, contentType: string, options?: PutOptions): Promise<void>;
  /** Removes an object; removing one that isn't there is not an error. */
  deleteObject(key: string): Promise<void>;
  /** An object as a stream with its size (served from disk without reading it whole), or null. */
  readStream(key: string): Promise<{ stream: Readable; size: number } | null>;
  /**
   * A short-lived URL the browser may GET a private object from directly (S3 presigned GET); null
   * when the driver has none (the disk: the app streams the file itself).
   */
  presignGet(key: string, expiresSeconds: number): Promise<string | null>;
  /** The public address of an object: `/uploads/{key}` on disk, the bucket's public URL on S3. */
  publicUrl(key: string): string;
}

// ---------------------------------------------------------------------------------------------
// Keys

const KEY_MAX_LENGTH = 512;
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * A storage key is `segment/segment/...` where each segment starts with a letter or digit and holds
 * only letters, digits, dot, underscore and hyphen: no `..`, no absolute paths, no backslashes, no
 * empty segments, nothing a file system or URL would read differently.
 */
export function isSafeKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > KEY_MAX_LENGTH) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment));
}

export function assertSafeKey(key: unknown): asserts key is string {
  if (!isSafeKey(key))
    throw new AppError('VALIDATION_FAILED', 'Đường dẫn tệp không hợp lệ.', { key: 'Đường dẫn tệp không hợp lệ.' });
}

export function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

// ---------------------------------------------------------------------------------------------
// Local driver: files under DATA_DIR/uploads, uploads through PUT /api/storage/upload

/** The query of a signed local upload URL. */
export interface SignedUploadParams {
  key?: string | undefined;
  ct?: string | undefined;
  enc?: string | undefined;
  max?: string | undefined;
  exp?: string | undefined;
  sig?: string | undefined;
}

export interface VerifiedUpload {
  key: string;
  contentType: string;
  encoding: ContentEncoding;
  maxBytes: number;
}

export interface LocalObjectStorage extends ObjectStorage {
  readonly driver: 'local';
  readonly root: string;
  /**
   * Checks a PUT to the signed upload URL as S3 would: signature over every parameter, expiry,
   * the Content-Type it was signed for, and an `x-amz-acl` of `public-read` when one is sent.
   * Throws a 403 AppError with a Vietnamese message otherwise.
   */
  verifyUpload(
    params: SignedUploadParams,
    headers: { contentType?: string | undefined; acl?: string | undefined },
    now?: Date,
  ): VerifiedUpload;
  /** Stores the body of a verified upload (decoding base64 first); returns the stored size. */
  acceptUpload(upload: VerifiedUpload, body: Buffer): Promise<number>;
}

export const UPLOAD_PATH = '/api/storage/upload';

const BASE64_BODY = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes a base64 (or base64url, or `data:…;base64,`) text body; null when it isn't base64. */
export function decodeBase64Body(body: Buffer): Buffer | null {
  let text = body.toString('latin1').trim();
  const dataUrl = /^data:[\w.+/-]*(;[\w=.+-]+)*;base64,/i.exec(text);
  if (dataUrl) text = text.slice(dataUrl[0].length);
  text = text.replace(/\s+/g, '');
  if (!BASE64_BODY.test(text)) return null;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

function mediaType(value: string | undefined): string {
  return (value ?? '').split(';')[0]!.trim().toLowerCase();
}

export interface LocalStorageOptions {
  /** DATA_DIR/uploads. */
  root: string;
  /** PUBLIC_URL: the presigned URL is absolute, as S3's is, for the app and the web alike. */
  publicUrl: string;
  /** Signs the upload URLs (the session secret). */
  secret: string;
}

export function createLocalStorage({ root, publicUrl, secret }: LocalStorageOptions): LocalObjectStorage {
  const base = path.resolve(root);
  const origin = publicUrl.replace(/\/+$/, '');

  function filePath(key: string): string {
    assertSafeKey(key);
    const resolved = path.resolve(base, ...key.split('/'));
    if (!resolved.startsWith(base + path.sep))
      throw new AppError('VALIDATION_FAILED', 'Đường dẫn tệp không hợp lệ.', { key: 'Đường dẫn tệp không hợp lệ.' });
    return resolved;
  }

  function sign(key: string, contentType: string, encoding: string, maxBytes: string, expires: string): string {
    return createHmac('sha256', secret)
      .update(['khai-tri.storage.put', key, contentType, encoding, maxBytes, expires].join('\n'))
      .digest('base64url');
  }

  const localUrl = (key: string) => `/uploads/${encodeKey(key)}`;

  // The disk keeps no metadata: /uploads/ answers with the type of the file's extension, and the
  // media service reads an upload's type from its bytes.
  async function write(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = filePath(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file; each write its own temporary name
    // (two writes of one key in the same millisecond must not share it).
    const temporary = `${target}.${randomUUID()}.part`;
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, target);
  }

  const forbidden = (message: string) => new AppError('FORBIDDEN', message);

  return {
    driver: 'local',
    root: base,

    async presignPut(key, contentType, contentEncoding, maxBytes, expiresSeconds) {
      filePath(key);
      const expires = String(Math.floor(Date.now() / 1000) + expiresSeconds);
      const max = String(maxBytes);
      const query = new URLSearchParams({ key, ct: contentType, enc: contentEncoding, max, exp: expires });
      query.set('sig', sign(key, contentType, contentEncoding, max, expires));
      return { url: `${origin}${UPLOAD_PATH}?${query.toString()}`, direct_url: `${origin}${localUrl(key)}` };
    },

    verifyUpload(params, headers, now = new Date()) {
      const { key, ct, enc, max, exp, sig } = params;
      if (!key || !ct || !enc || !max || !exp || !sig) throw forbidden('Liên kết tải lên không hợp lệ.');
      const expected = Buffer.from(sign(key, ct, enc, max, exp));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw forbidden('Liên kết tải lên không hợp lệ.');
      // Signed by us from here on: the values are the ones presignPut wrote.
      if (!/^\d+$/.test(exp) || Number(exp) * 1000 <= now.getTime())
        throw forbidden('Liên kết tải lên đã hết hạn. Vui lòng thử lại.');
      if (!isSafeKey(key) || (enc !== 'base64' && enc !== 'blob') || !/^\d+$/.test(max))
        throw forbidden('Liên kết tải lên không hợp lệ.');
      if (mediaType(headers.contentType) !== ct) throw forbidden('Loại tệp gửi lên không khớp với liên kết tải lên.');
      if (headers.acl !== undefined && headers.acl.trim().toLowerCase() !== 'public-read') {
        throw forbidden('Quyền truy cập tệp (x-amz-acl) không được hỗ trợ.');
      }
      return { key, contentType: ct, encoding: enc, maxBytes: Number(max) };
    },

    async acceptUpload(upload, body) {
      const bytes = upload.encoding === 'base64' ? decodeBase64Body(body) : body;
      if (bytes === null) throw new AppError('VALIDATION_FAILED', 'Nội dung tệp không đúng định dạng base64.');
      if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'Tệp tải lên đang trống.');
      if (bytes.length > upload.maxBytes) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Tệp vượt quá dung lượng cho phép (tối đa ${formatMegabytes(upload.maxBytes)}).`,
        );
      }
      await write(upload.key, bytes, upload.contentType);
      return bytes.length;
    },

    async headObject(key) {
      try {
        const stat = await fs.stat(filePath(key));
        if (!stat.isFile()) return null;
        return { size: stat.size, contentType: null, contentEncoding: null };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async getObject(key) {
      try {
        return await fs.readFile(filePath(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async getFile(key, file) {
      try {
        await fs.copyFile(filePath(key), file);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    putObject: write,

    async putFile(key, file) {
      const target = filePath(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      await fs.copyFile(file, temporary);
      await fs.rename(temporary, target);
    },

    async deleteObject(key) {
      const target = filePath(key);
      await fs.rm(target, { force: true });
    },

    async readStream(key) {
      const file = filePath(key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { stream: createReadStream(file), size: stat.size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async presignGet() {
      return null;
    },

    publicUrl: localUrl,
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

export { formatMegabytes };

// ---------------------------------------------------------------------------------------------
// Choice by configuration

export interface StorageConfig {
  DATA_DIR: string;
  PUBLIC_URL: string;
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_PUBLIC_URL?: string | undefined;
}

/** S3 when S3_BUCKET is set; the disk under DATA_DIR/uploads otherwise. */
export function createObjectStorage(env: StorageConfig, secret: string): ObjectStorage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage({ root: path.join(env.DATA_DIR, 'uploads'), publicUrl: env.PUBLIC_URL, secret });
}

export function isLocalStorage(storage: ObjectStorage): storage is LocalObjectStorage {
  return storage.driver === 'local' && 'verifyUpload' in storage;
}

/** The origin the browser PUTs uploads to, when it isn't our own (for the CSP's connect-src). */
export function uploadOrigin(env: StorageConfig): string | null {
  if (!env.S3_BUCKET) return null;
  if (env.S3_ENDPOINT) {
    const endpoint = new URL(env.S3_ENDPOINT);
    return env.S3_FORCE_PATH_STYLE ? endpoint.origin : `${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`;
  }
  return `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`;
}
