/**
 * Resumable video uploads (tus-like): create an upload with the file's size, send chunks with the
 * offset they start at, ask for the offset after a broken connection and go on from there. With S3
 * each chunk goes to the upload's S3 multipart upload from whichever instance received it
 * (video.admin.s3.ts, decision 0013); with local storage it is appended to a file on disk
 * (streamed: never whole in memory; one instance or a shared volume). When the last byte arrives the file goes
 * to the transcoding queue, as a one-shot upload does; the lesson's current video keeps playing
 * until the new one is ready (progress is kept per lesson, not per video). The studio's lesson
 * checks and its queueing of a lesson's video arrive as `lessons`, its audit log as `audit`
 * (modules/services.ts); the studio's actor is passed on, never read but for its viewer's id.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, VideoUploadsTable } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { AppError } from '../../lib/errors.ts';
import { formatMegabytes, hasMultipart, type ObjectStorage } from '../media/storage.ts';
import * as repo from './video.admin.repository.ts';
import { chunkCounter, createMultipartChunks } from './video.admin.s3.ts';

/** The studio's operations on a course's lessons that an upload needs (its courses service). */
export interface UploadLessons<Actor> {
  /** Throws NOT_FOUND / BUSINESS_RULE unless the lesson is a video lesson of the course. */
  requireVideoLesson: (courseId: number, lessonId: number) => Promise<unknown>;
  /** Queues a file on disk as the lesson's new video. */
  uploadVideo: (actor: Actor, courseId: number, lessonId: number, file: string) => Promise<{ asset_id: number }>;
  /** Queues an object already in storage as the lesson's new video. */
  queueVideoSource: (actor: Actor, courseId: number, lessonId: number, key: string) => Promise<{ asset_id: number }>;
}

export type VideoAdmin<Actor extends { viewer: { id: number } }> = ReturnType<typeof createVideoAdmin<Actor>>;

/** An unfinished upload untouched this long is abandoned: a day, so an editor can resume tomorrow morning. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** A complete upload whose video was not queued this long after its last chunk is finished by the next request. */
const FINISH_STALLED_MS = 2 * 60 * 1000;

type UploadRow = Selectable<VideoUploadsTable>;

export function createVideoAdmin<Actor extends { viewer: { id: number } }>(deps: {
  db: Kysely<Database>;
  /** Where partial uploads are kept (DATA_DIR/video-uploads). */
  dir: string;
  maxBytes: number;
  audit: AuditLog<Actor>;
  lessons: UploadLessons<Actor>;
  storage: ObjectStorage;
}) {
  const { db, dir, maxBytes, audit, lessons, storage } = deps;
  // S3: the chunks go to a multipart upload; the disk otherwise.
  const multipart = hasMultipart(storage) ? createMultipartChunks({ db, storage }) : null;
  /** The partial file keeps the source's extension, which the transcoder's source key keeps too. */
  const fileOf = (id: string, extension: string) => path.join(dir, `${id}${extension}`);

  const view = (row: { id: string; size: number; received: number; asset_id: number | null }) => {
    const size = Number(row.size);
    const offset = Number(row.received);
    return { upload_id: row.id, size, offset, complete: offset === size, asset_id: row.asset_id };
  };

  async function find(courseId: number, lessonId: number, uploadId: string) {
    const row = await repo.findUpload(db, courseId, lessonId, uploadId);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy phiên tải lên. Vui lòng chọn lại tệp.');
    return row;
  }

  async function create(actor: Actor, courseId: number, lessonId: number, input: { filename: string; size: number }) {
    await lessons.requireVideoLesson(courseId, lessonId);
    if (input.size > maxBytes) throw new AppError('BUSINESS_RULE', `Tệp video tối đa ${formatMegabytes(maxBytes)}.`);
    const given = path.extname(input.filename).toLowerCase();
    const extension = /^\.[a-z0-9]{1,5}$/.test(given) ? given : '';
    const id = randomBytes(16).toString('hex');
    let target: { storage_key: string; multipart_id: string } | null = null;
    if (multipart) target = await multipart.start(extension);
    else {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(fileOf(id, extension), '');
    }
    const now = nowIso();
    await repo.insertUpload(db, {
      id,
      course_id: courseId,
      lesson_id: lessonId,
      user_id: actor.viewer.id,
      extension,
      size: input.size,
      received: 0,
      asset_id: null,
      ...(target ?? {}),
      created_at: now,
      updated_at: now,
    });
    await audit(
      actor,
      'video_upload.create',
      { type: 'course', id: courseId },
      { lesson_id: lessonId, size: input.size },
    );
    return view({ id, size: input.size, received: 0, asset_id: null });
  }

  async function status(courseId: number, lessonId: number, uploadId: string) {
    return view(await find(courseId, lessonId, uploadId));
  }

  /**
   * Appends one chunk that starts at `offset` (which must be the bytes received so far: 409
   * otherwise, with the right offset to resume from). Bytes past the declared size are refused.
   */
  async function append(
    actor: Actor,
    courseId: number,
    lessonId: number,
    uploadId: string,
    offset: number,
    body: Readable,
  ) {
    const row = await find(courseId, lessonId, uploadId);
    const received = Number(row.received);
    const size = Number(row.size);
    if (received === size) {
      // Every byte arrived but the request that completed it stopped before queuing the video (a
      // crash, a storage error): the next request finishes it, once.
      if (multipart && row.asset_id === null && (await claimStalledFinish(row))) {
        return finishMultipart(actor, courseId, lessonId, row);
      }
      throw new AppError('CONFLICT', 'Tệp đã được tải lên đầy đủ.', { offset: String(received) });
    }
    if (offset !== received)
      throw new AppError('CONFLICT', `Vị trí tiếp tục không khớp: máy chủ đã nhận ${received} byte.`, {
        offset: String(received),
      });
    if (multipart) {
      const next = await multipart.append(row, body);
      if (next < size) return view({ ...row, received: next });
      return finishMultipart(actor, courseId, lessonId, row);
    }
    const file = fileOf(uploadId, row.extension);
    // A chunk cut off half way (an earlier broken connection) left bytes past `received`: drop them.
    await fs.truncate(file, received);
    const counter = chunkCounter(received, size);
    try {
      await pipeline(body, counter.stream, createWriteStream(file, { flags: 'r+', start: received }));
    } catch (error) {
      await fs.truncate(file, received).catch(() => undefined);
      throw error;
    }
    const count = counter.count();
    const now = nowIso();
    // Claimed by offset: of two requests sending the same chunk, one counts it.
    if (!(await repo.claimOffset(db, uploadId, received, received + count, now)))
      throw new AppError('CONFLICT', 'Phần tệp này đã được gửi ở một yêu cầu khác.');
    if (received + count < size) return view({ ...row, received: received + count });
    const queued = await lessons.uploadVideo(actor, courseId, lessonId, file);
    await repo.setUploadAsset(db, uploadId, queued.asset_id, now);
    await fs.rm(file, { force: true });
    return view({ ...row, received: size, asset_id: queued.asset_id });
  }

  /** The parts become the source object, which is queued for transcoding. */
  async function finishMultipart(actor: Actor, courseId: number, lessonId: number, row: UploadRow) {
    const sourceKey = await multipart!.complete(row);
    const queued = await lessons.queueVideoSource(actor, courseId, lessonId, sourceKey);
    await repo.setUploadAsset(db, row.id, queued.asset_id, nowIso());
    return view({ ...row, received: row.size, asset_id: queued.asset_id });
  }

  /** A complete upload left unqueued for FINISH_STALLED_MS is claimed (by its last update) to finish it. */
  async function claimStalledFinish(row: UploadRow): Promise<boolean> {
    if (new Date(row.updated_at as string | Date).getTime() > Date.now() - FINISH_STALLED_MS) return false;
    return repo.claimUnqueued(db, row.id, row.updated_at, nowIso());
  }

  /**
   * Removes uploads left unfinished for longer than `idleMs` (the editor closed the tab and never
   * came back): the row and the partial file on disk, or the aborted S3 multipart upload. Each is claimed by its last update, so an
   * upload that receives a chunk meanwhile is kept, and two instances sweeping at once remove it once.
   */
  async function sweepAbandoned(now: Date, idleMs = ABANDONED_UPLOAD_MS): Promise<number> {
    const before = new Date(now.getTime() - idleMs).toISOString();
    const stale = await repo.listStaleUploads(db, before);
    let removed = 0;
    for (const row of stale) {
      if (!(await repo.deleteStaleUpload(db, row.id, row.updated_at))) continue;
      if (row.multipart_id) await multipart?.discard(row);
      else await fs.rm(fileOf(row.id, row.extension), { force: true });
      removed += 1;
    }
    return removed;
  }

  return { create, status, append, sweepAbandoned };
}
