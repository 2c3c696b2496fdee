/**
 * The chunks of a resumable video upload in object storage (decision 0013): the upload is one S3
 * multipart upload created with it; its id, the object key and every part's ETag are rows in the
 * database, so each chunk may reach any instance. A chunk is spooled to a temporary file of its
 * request (counted against the declared size), then sent as the next part — or, while the bytes
 * since the last part are fewer than S3's 5 MiB floor and more are to come, kept in a small
 * object of their own (`pending_key`) that is prepended to the next chunk. The offset moves only
 * by a conditional update on the bytes received so far: of two requests sending the same chunk,
 * one counts it.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, VideoUploadsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { MIN_PART_BYTES, type MultipartStorage, type ObjectStorage } from '../media/storage.ts';
import * as repo from './video.admin.repository.ts';

type UploadRow = Pick<VideoUploadsTable, 'id' | 'extension' | 'storage_key' | 'multipart_id' | 'pending_key'> & {
  size: number;
  received: number;
  pending_bytes: number;
};

/**
 * Counts a chunk's bytes as they stream by, and stops the stream (a 422 in Vietnamese) as soon as
 * they would take the upload past its declared size.
 */
export function chunkCounter(received: number, size: number) {
  let count = 0;
  const tooMany = new AppError('VALIDATION_FAILED', 'Phần tệp gửi lên vượt quá dung lượng đã khai báo.');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count += chunk.length;
      done(received + count > size ? tooMany : null, chunk);
    },
  });
  return { stream, count: () => count };
}

export function createMultipartChunks(deps: {
  db: Kysely<Database>;
  storage: ObjectStorage & MultipartStorage;
  /** Where a chunk is spooled for the time of its request (the system's temporary folder). */
  spoolDir?: string;
}) {
  const { db, storage } = deps;
  const spoolDir = deps.spoolDir ?? os.tmpdir();

  /** Starts the multipart upload of a new resumable upload: its key and upload id. */
  async function start(extension: string): Promise<{ storage_key: string; multipart_id: string }> {
    const key = `video/sources/${randomBytes(8).toString('hex')}${extension}`;
    const uploadId = await storage.createMultipart(key, 'application/octet-stream', { private: true });
    return { storage_key: key, multipart_id: uploadId };
  }

  /**
   * Takes one chunk that starts at `row.received` (checked by the caller); returns the new offset.
   * Throws CONFLICT when another request counted the same bytes first.
   */
  async function append(row: UploadRow, body: Readable): Promise<number> {
    const received = Number(row.received);
    const size = Number(row.size);
    const pendingBytes = Number(row.pending_bytes);
    const spool = path.join(spoolDir, `khai-tri-chunk-${randomBytes(8).toString('hex')}`);
    let written = '';
    try {
      // The bytes since the last part come first, then the chunk.
      if (row.pending_key && pendingBytes > 0 && !(await storage.getFile(row.pending_key, spool)))
        throw new Error(`the pending bytes of upload ${row.id} are missing`);
      const counter = chunkCounter(received, size);
      await pipeline(body, counter.stream, createWriteStream(spool, { flags: pendingBytes > 0 ? 'a' : 'w' }));
      const count = counter.count();
      const total = pendingBytes + count;
      const next = received + count;
      if (count === 0) return received;

      if (total >= MIN_PART_BYTES || next === size) {
        const partNumber = (await repo.lastPartNumber(db, row.id)) + 1;
        const etag = await storage.uploadPart(row.storage_key!, row.multipart_id!, partNumber, spool);
        await claim(row, next, { pending_key: null, pending_bytes: 0 }, { partNumber, etag, size: total });
      } else {
        written = `video/upload-parts/${row.id}/${next}`;
        await storage.putFile(written, spool, 'application/octet-stream', { private: true });
        await claim(row, next, { pending_key: written, pending_bytes: total });
        written = '';
      }
      // The previous pending bytes are in a part or in the new pending object now.
      if (row.pending_key) await storage.deleteObject(row.pending_key).catch(() => undefined);
      return next;
    } finally {
      if (written) await storage.deleteObject(written).catch(() => undefined);
      await fs.rm(spool, { force: true });
    }
  }

  /** Moves the offset (and records the part) only if no other request has moved it since. */
  async function claim(
    row: UploadRow,
    next: number,
    pending: { pending_key: string | null; pending_bytes: number },
    part?: { partNumber: number; etag: string; size: number },
  ): Promise<void> {
    const claimed = await db.transaction().execute(async (trx) => {
      if (!(await repo.claimOffset(trx, row.id, Number(row.received), next, nowIso(), pending))) return false;
      if (part) await repo.upsertPart(trx, row.id, part);
      return true;
    });
    if (!claimed) throw new AppError('CONFLICT', 'Phần tệp này đã được gửi ở một yêu cầu khác.');
  }

  /** Every byte is in: the parts become the source object (its key is returned). */
  async function complete(row: UploadRow): Promise<string> {
    const parts = await repo.listParts(db, row.id);
    try {
      await storage.completeMultipart(
        row.storage_key!,
        row.multipart_id!,
        parts.map((part) => ({ partNumber: part.part_number, etag: part.etag })),
      );
    } catch (error) {
      // Completed already by a request that stopped before queuing the video: the object is there.
      if ((await storage.headObject(row.storage_key!))?.size !== Number(row.size)) throw error;
    }
    await repo.deleteParts(db, row.id);
    return row.storage_key!;
  }

  /** An abandoned upload (its row already removed): the multipart upload is aborted, its pending bytes dropped. */
  async function discard(row: Pick<UploadRow, 'id' | 'storage_key' | 'multipart_id' | 'pending_key'>) {
    await repo.deleteParts(db, row.id);
    if (row.storage_key && row.multipart_id) await storage.abortMultipart(row.storage_key, row.multipart_id);
    if (row.pending_key) await storage.deleteObject(row.pending_key);
  }

  return { start, append, complete, discard };
}

export type MultipartChunks = ReturnType<typeof createMultipartChunks>;
