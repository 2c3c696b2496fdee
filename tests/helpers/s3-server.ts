/**
 * The signature-checking S3 server the S3 driver's tests run against: Ceph radosgw, started by
 * `scripts/ci/s3-server.sh` (`.ci/run` starts it and sets TEST_S3_*). Outside CI a machine with the
 * radosgw packages gets one started on first use (and kept running for the next run); without them
 * the S3 tests are reported as skipped, and under CI a missing server fails the run.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { readIsCi, readTestS3Server, type TestS3Server } from '../../config/env.ts';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../scripts/ci/s3-server.sh');
const binaries = ['radosgw', 'ceph-mon', 'ceph-osd'].map((name) => `/usr/bin/${name}`);

function parseEnvLines(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) values[match[1]!] = match[2]!;
  }
  return values;
}

let started: Promise<TestS3Server | null> | undefined;

/** The test S3 server, or null (outside CI only) when radosgw is not installed here. */
export function findTestS3Server(): Promise<TestS3Server | null> {
  return (started ??= locate());
}

async function locate(): Promise<TestS3Server | null> {
  const configured = readTestS3Server();
  if (configured) return configured;
  if (!binaries.every((file) => fs.existsSync(file))) {
    if (readIsCi())
      throw new Error(
        'CI needs the signature-checking S3 server: apt-get install radosgw ceph-mon ceph-osd, then .ci/run starts it (TEST_S3_*).',
      );
    return null;
  }
  const { stdout } = await run(script, ['start'], { timeout: 180_000 });
  const values = parseEnvLines(stdout);
  return readTestS3Server({
    TEST_S3_ENDPOINT: values.S3_ENDPOINT,
    TEST_S3_BUCKET: values.S3_BUCKET,
    TEST_S3_REGION: values.S3_REGION,
    TEST_S3_FORCE_PATH_STYLE: values.S3_FORCE_PATH_STYLE,
    TEST_S3_ACCESS_KEY_ID: values.S3_ACCESS_KEY_ID,
    TEST_S3_SECRET_ACCESS_KEY: values.S3_SECRET_ACCESS_KEY,
  })!;
}

/** The variables that point the app at `server` (for createTestContext's env or a child process). */
export function s3AppEnv(server: TestS3Server): Record<string, string> {
  return {
    S3_BUCKET: server.bucket,
    S3_ENDPOINT: server.endpoint,
    S3_REGION: server.region,
    S3_FORCE_PATH_STYLE: String(server.forcePathStyle),
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
  };
}

export interface TestBucket {
  /** The server with `bucket` set to this test's own bucket. */
  server: TestS3Server;
  client: S3Client;
  /** Aborts unfinished multipart uploads, empties and removes the bucket. */
  destroy(): Promise<void>;
}

/** A fresh, empty bucket of the test's own on `server` (tests never share objects). */
export async function createTestBucket(server: TestS3Server): Promise<TestBucket> {
  const bucket = `kt-test-${randomBytes(6).toString('hex')}`;
  const client = new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: server.forcePathStyle,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    server: { ...server, bucket },
    client,
    async destroy() {
      const pending = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      for (const upload of pending.Uploads ?? [])
        await client.send(
          new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key!, UploadId: upload.UploadId! }),
        );
      for (;;) {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        const keys = (listed.Contents ?? []).map((object) => ({ Key: object.Key! }));
        if (keys.length === 0) break;
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
      }
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}
