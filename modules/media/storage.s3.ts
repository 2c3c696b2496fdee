/**
 * The S3 driver of object storage (storage.ts): presigned PUTs for the browser, presigned GETs for
 * video segments and posters (a 302 instead of bytes through Node), and multipart uploads — large
 * files are sent in parts read from disk by ranges (never whole in memory), and a resumable studio
 * upload sends each of its parts from whichever instance received it (decision 0013).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, encodeKey, type ObjectStorage, type PutOptions } from './storage.ts';

/**
 * S3 multipart uploads, for drivers that have them (S3): the upload id and the parts' ETags are
 * kept by the caller (in the database), so each part may be sent from another instance.
 */
export interface MultipartStorage {
  createMultipart(key: string, contentType: string, options?: PutOptions): Promise<string>;
  /** Sends a file (or the byte range `[start, end)` of it) as part `partNumber`; returns its ETag. */
  uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    file: string,
    range?: { start: number; end: number },
  ): Promise<string>;
  completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<void>;
  /** Drops an unfinished upload and its parts; one already gone is not an error. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

export function hasMultipart(storage: ObjectStorage): storage is ObjectStorage & MultipartStorage {
  return 'createMultipart' in storage && typeof storage.createMultipart === 'function';
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (Ceph RGW, R2, Spaces…); AWS itself when omitted. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Where objects are read publicly (a CDN); otherwise the object's own URL at the endpoint. */
  publicUrl?: string | undefined;
  /** Files larger than this go up as a multipart upload (default 16 MiB). */
  multipartThreshold?: number;
  /** The part size of those uploads (default 16 MiB; S3's floor is 5 MiB, its ceiling 10,000 parts). */
  partSize?: number;
}

/** S3's smallest part (every part but the last). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** Parts of one file in flight at once. */
const PART_CONCURRENCY = 4;

/** The SDK is loaded on first use: most runs (development, tests) keep objects on disk. */
async function loadSdk() {
  const [sdk, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  return { ...sdk, getSignedUrl: presigner.getSignedUrl };
}

const cacheControl = (options?: PutOptions) =>
  options?.private
    ? { CacheControl: 'private, max-age=31536000, immutable' }
    : { ACL: 'public-read' as const, CacheControl: 'public, max-age=31536000, immutable' };

export function createS3Storage(options: S3StorageOptions): ObjectStorage & MultipartStorage {
  let connection: Promise<{ client: S3Client; sdk: Awaited<ReturnType<typeof loadSdk>> }> | undefined;
  const connect = () =>
    (connection ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle ?? false,
        ...(options.accessKeyId && options.secretAccessKey
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
        // S3-compatible stores don't all know the newer default checksums; a presigned PUT must not
        // ask the browser for a checksum it can't send.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const bucket = options.bucket;
  const publicBase = options.publicUrl?.replace(/\/+$/, '');
  const threshold = options.multipartThreshold ?? 16 * 1024 * 1024;
  const basePartSize = Math.max(MIN_PART_BYTES, options.partSize ?? 16 * 1024 * 1024);

  function objectUrl(key: string): string {
    if (publicBase) return `${publicBase}/${encodeKey(key)}`;
    if (options.endpoint) {
      const endpoint = new URL(options.endpoint);
      const prefix = endpoint.pathname.replace(/\/+$/, '');
      return options.forcePathStyle
        ? `${endpoint.origin}${prefix}/${bucket}/${encodeKey(key)}`
        : `${endpoint.protocol}//${bucket}.${endpoint.host}${prefix}/${encodeKey(key)}`;
    }
    return `https://${bucket}.s3.${options.region}.amazonaws.com/${encodeKey(key)}`;
  }

  const notFound = (error: unknown) => {
    const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
    return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
  };

  async function getBody(key: string): Promise<Readable | null> {
    return (await getObjectStream(key))?.stream ?? null;
  }

  async function getObjectStream(key: string): Promise<{ stream: Readable; size: number } | null> {
    assertSafeKey(key);
    const { client, sdk } = await connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
      const stream = object.Body as Readable | undefined;
      return stream ? { stream, size: object.ContentLength ?? 0 } : null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  const multipart: MultipartStorage = {
    async createMultipart(key, contentType, putOptions) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      const created = await client.send(
        new sdk.CreateMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          ContentType: contentType,
          ...cacheControl(putOptions),
        }),
      );
      if (!created.UploadId) throw new Error('the S3 server gave no multipart upload id');
      return created.UploadId;
    },

    async uploadPart(key, uploadId, partNumber, file, range) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      const size = range ? range.end - range.start : (await fs.stat(file)).size;
      const part = await client.send(
        new sdk.UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          ContentLength: size,
          // Streamed from disk by range: a part never sits whole in memory.
          Body: createReadStream(file, range ? { start: range.start, end: range.end - 1 } : {}),
        }),
      );
      if (!part.ETag) throw new Error('the S3 server gave no ETag for a part');
      return part.ETag;
    },

    async completeMultipart(key, uploadId, parts) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
          },
        }),
      );
    },

    async abortMultipart(key, uploadId) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      try {
        await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
      } catch (error) {
        // Already completed or aborted: nothing left to abort.
        if ((error as { name?: string } | null)?.name === 'NoSuchUpload' || notFound(error)) return;
        throw error;
      }
    },
  };

  /** A file on disk as one multipart upload: parts by range, a few at a time; aborted on failure. */
  async function putFileMultipart(
    key: string,
    file: string,
    size: number,
    contentType: string,
    putOptions?: PutOptions,
  ) {
    const partSize = Math.max(basePartSize, Math.ceil(size / MAX_PARTS));
    const uploadId = await multipart.createMultipart(key, contentType, putOptions);
    try {
      const count = Math.ceil(size / partSize);
      const parts: { partNumber: number; etag: string }[] = [];
      for (let first = 1; first <= count; first += PART_CONCURRENCY) {
        const numbers = Array.from({ length: Math.min(PART_CONCURRENCY, count - first + 1) }, (_, i) => first + i);
        parts.push(
          ...(await Promise.all(
            numbers.map(async (partNumber) => {
              const start = (partNumber - 1) * partSize;
              const range = { start, end: Math.min(size, start + partSize) };
              return { partNumber, etag: await multipart.uploadPart(key, uploadId, partNumber, file, range) };
            }),
          )),
        );
      }
      await multipart.completeMultipart(key, uploadId, parts);
    } catch (error) {
      await multipart.abortMultipart(key, uploadId).catch(() => undefined);
      throw error;
    }
  }

  return {
    driver: 's3',
    ...multipart,

    // A presigned PUT can't carry a size range (only an exact length): the size is checked when
    // the object is used (MediaService reads headObject first).
    async presignPut(key, contentType, contentEncoding, _maxBytes, expiresSeconds) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      const command = new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: key,
        ContentType: contentType,
        ACL: 'public-read',
        ...(contentEncoding === 'base64' ? { ContentEncoding: 'base64' } : {}),
      });
      const url = await sdk.getSignedUrl(client, command, {
        expiresIn: expiresSeconds,
        // The client sends these as headers (SPEC §7): sign them as headers, not query parameters.
        signableHeaders: new Set(['content-type']),
        unhoistableHeaders: new Set(['x-amz-acl']),
      });
      return { url, direct_url: objectUrl(key) };
    },

    async presignGet(key, expiresSeconds) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      return sdk.getSignedUrl(client, new sdk.GetObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn: expiresSeconds,
      });
    },

    async headObject(key) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? null,
          contentEncoding: head.ContentEncoding ?? null,
        };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    readStream: getObjectStream,

    async getObject(key) {
      const body = await getBody(key);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },

    async getFile(key, file) {
      const body = await getBody(key);
      if (!body) return false;
      await pipeline(body, createWriteStream(file));
      return true;
    },

    async putObject(key, body, contentType, putOptions) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ...cacheControl(putOptions),
        }),
      );
    },

    async putFile(key, file, contentType, putOptions) {
      assertSafeKey(key);
      const { size } = await fs.stat(file);
      if (size > threshold) return putFileMultipart(key, file, size, contentType, putOptions);
      const { client, sdk } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
          ...cacheControl(putOptions),
        }),
      );
    },

    async deleteObject(key) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    publicUrl: objectUrl,
  };
}
