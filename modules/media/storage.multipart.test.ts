/**
 * Large files go to S3 in parts, streamed from disk (decision 0013), checked on the
 * signature-checking S3 server (Ceph radosgw); a presigned GET it honours; the disk driver streams.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBucket, findTestS3Server, type TestBucket } from '../../tests/helpers/s3-server.ts';
import { createLocalStorage, createS3Storage } from './storage.ts';

const s3Server = await findTestS3Server();
const MiB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kt-multipart-'));
const file = path.join(dir, 'big.bin');

beforeAll(() => {
  const bytes = Buffer.alloc(12 * MiB + 123);
  for (let index = 0; index < bytes.length; index += 4096) bytes[index] = index % 251;
  fs.writeFileSync(file, bytes);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

(s3Server ? describe : describe.skip)('the S3 driver with large files', () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await createTestBucket(s3Server!);
  });
  afterAll(async () => {
    await bucket?.destroy();
  });

  it('sends a file over the threshold as a multipart upload of 5 MiB parts, byte for byte', async () => {
    const storage = createS3Storage({
      ...bucket.server,
      multipartThreshold: 6 * MiB,
      partSize: 5 * MiB,
    });
    await storage.putFile('video/sources/big.bin', file, 'application/octet-stream', { private: true });
    expect((await storage.headObject('video/sources/big.bin'))?.size).toBe(fs.statSync(file).size);
    expect(Buffer.compare((await storage.getObject('video/sources/big.bin'))!, fs.readFileSync(file))).toBe(0);
    const open = await bucket.client.send(new ListMultipartUploadsCommand({ Bucket: bucket.server.bucket }));
    expect(open.Uploads ?? []).toEqual([]);
    // A private object: no anonymous read, a presigned GET reads it.
    expect((await fetch(storage.publicUrl('video/sources/big.bin'))).status).toBe(403);
    const url = await storage.presignGet('video/sources/big.bin', 60);
    const fetched = await fetch(url!);
    expect(fetched.status).toBe(200);
    expect(Number(fetched.headers.get('content-length'))).toBe(fs.statSync(file).size);
  });

  it('aborts an unfinished multipart upload', async () => {
    const storage = createS3Storage(bucket.server);
    const uploadId = await storage.createMultipart('video/sources/gone.bin', 'application/octet-stream');
    await storage.uploadPart('video/sources/gone.bin', uploadId, 1, file, { start: 0, end: 5 * MiB });
    await storage.abortMultipart('video/sources/gone.bin', uploadId);
    await storage.abortMultipart('video/sources/gone.bin', uploadId);
    const open = await bucket.client.send(new ListMultipartUploadsCommand({ Bucket: bucket.server.bucket }));
    expect(open.Uploads ?? []).toEqual([]);
  });
});

describe('the disk driver with large files', () => {
  it('streams an object with its size and has no presigned GET', async () => {
    const storage = createLocalStorage({ root: path.join(dir, 'uploads'), publicUrl: 'http://localhost', secret: 's' });
    await storage.putFile('video/sources/big.bin', file, 'application/octet-stream', { private: true });
    const stored = await storage.readStream('video/sources/big.bin');
    expect(stored?.size).toBe(fs.statSync(file).size);
    let count = 0;
    for await (const chunk of stored!.stream) count += (chunk as Buffer).length;
    expect(count).toBe(stored!.size);
    expect(await storage.presignGet('video/sources/big.bin', 60)).toBeNull();
    expect(await storage.readStream('video/sources/none.bin')).toBeNull();
  });
});
