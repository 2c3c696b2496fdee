/**
 * Video lessons: a source video becomes an asset and a `video.transcode` job on the job queue
 * (video.worker.ts); learners play the newest ready asset of a lesson through signed, expiring URLs
 * (signing.ts). The study page and the player call `playbackFor` after their own access check
 * (services.lessonAccess). Playlists are served (and rewritten) by the app; segments, posters and
 * captions are a 302 to a short-lived presigned GET on S3, or streamed from disk (decision 0013).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, VideoAssetRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Readable } from 'node:stream';
import type { JobQueue } from '../jobs/index.ts';
import type { ObjectStorage } from '../media/storage.ts';
import { checkTools, type FfmpegTools } from './ffmpeg.ts';
import { createRungSizer } from './offline-rungs.ts';
import { contentTypeOf, createUrlSigner, isServableFile, rewritePlaylist } from './signing.ts';
import * as repo from './video.repository.ts';
import {
  assetKey,
  createVideoWorker,
  type LessonDurationWriter,
  type VideoWorkerDeps,
  type WorkerLogger,
} from './video.worker.ts';

export interface VideoPlayback {
  status: 'none' | 'queued' | 'processing' | 'ready' | 'failed';
  progressPercent: number;
  /** Signed, expiring. */
  masterUrl: string | null;
  /** Signed. */
  posterUrl: string | null;
  durationSeconds: number | null;
  /** Heights, e.g. [720, 480, 360, 240]. */
  rungs: number[];
  /** WebVTT, signed; empty when none. */
  captions: { lang: string; label: string; url: string }[];
}

export interface CaptionInput {
  lang: string;
  label?: string;
  body: Buffer;
}

const CAPTION_LABELS: Record<string, string> = { vi: 'Tiếng Việt', en: 'English' };
const CAPTION_LANG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
const SOURCE_EXTENSION = /^\.[a-z0-9]{1,5}$/;

export interface VideoServiceDeps {
  db: Kysely<Database>;
  storage: ObjectStorage;
  /** Signs the media URLs (the session secret). */
  secret: string;
  tools: FfmpegTools;
  /** VIDEO_URL_TTL_SECONDS. */
  urlTtlSeconds: number;
  maxAttempts: number;
  log?: WorkerLogger;
  /** Called when an asset becomes ready (the catalog cache drops the course's durations). */
  onReady?: () => void;
  /** The catalog's write of a ready video's duration into its lesson (and the course's totals). */
  setLessonDuration: LessonDurationWriter;
  now?: () => Date;
  /** The job queue (given late: the composition root creates it after this service). */
  jobs?: () => Pick<JobQueue, 'define' | 'send' | 'work'>;
}

export const TRANSCODE_QUEUE = 'video.transcode';
/** The deadline of one transcode: long sources (hours of 1080p) take long. */
export const TRANSCODE_DEADLINE_SECONDS = 4 * 60 * 60;
/** How long a presigned segment or poster URL on S3 stays valid (the app URL is asked again after). */
const PRESIGNED_GET_SECONDS = 5 * 60;
/** An asset queued and untouched this long without a transcoder gets its job sent again. */
const STALLED_MS = 10 * 60 * 1000;

export type ServedFile =
  | { kind: 'body'; body: Buffer | Readable; size?: number; contentType: string; cacheControl: string }
  | { kind: 'redirect'; location: string; cacheControl: string };

/** Expiries are rounded up to 5 minutes, so URLs signed moments apart are equal (and cacheable). */
const EXPIRY_STEP_SECONDS = 300;

const silent: WorkerLogger = { info() {}, warn() {}, error() {} };

export function createVideoService(deps: VideoServiceDeps) {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());
  const signer = createUrlSigner(deps.secret);
  const log = deps.log ?? silent;
  const rungSizes = createRungSizer(storage, assetKey);
  /** Aborted when the process stops: running transcodes give their asset back to the queue. */
  const stopping = new AbortController();

  function createWorker(options: Partial<VideoWorkerDeps> = {}) {
    return createVideoWorker({
      db,
      storage,
      tools: deps.tools,
      setLessonDuration: deps.setLessonDuration,
      log,
      maxAttempts: deps.maxAttempts,
      signal: stopping.signal,
      ...(deps.now ? { now: deps.now } : {}),
      onReady: () => deps.onReady?.(),
      ...options,
    });
  }

  const transcodePolicy = {
    retryLimit: Math.max(0, deps.maxAttempts - 1),
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: TRANSCODE_DEADLINE_SECONDS,
  };

  /** Sends the asset's transcode job; a failure is logged (`maintain` sends it again later). */
  async function sendTranscode(assetId: number): Promise<void> {
    if (!deps.jobs) return;
    try {
      // The policy goes with each job too: a job sent before the queue was defined (the media CLI)
      // still gets the long deadline.
      await deps.jobs().send(TRANSCODE_QUEUE, { assetId }, { ...transcodePolicy, singletonKey: `asset:${assetId}` });
    } catch (error) {
      log.warn({ err: error, assetId }, 'video transcode job not sent; the periodic check sends it again');
    }
  }

  function expiry(): number {
    const at = Math.floor(now().getTime() / 1000) + deps.urlTtlSeconds;
    return Math.ceil(at / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  }

  async function readyPlayback(asset: VideoAssetRow): Promise<VideoPlayback> {
    const expires = expiry();
    const sign = (file: string) => signer.url({ assetId: asset.id, lessonId: asset.lesson_id, file, expires });
    const captions = await signedCaptions(asset.id, sign);
    return {
      status: 'ready',
      progressPercent: 100,
      masterUrl: sign('master.m3u8'),
      posterUrl: sign('poster.jpg'),
      durationSeconds: asset.duration_seconds,
      rungs: asset.rungs ? asset.rungs.split(',').map(Number) : [],
      captions,
    };
  }

  /** An asset's captions, each with its signed URL. */
  async function signedCaptions(assetId: number, sign: (file: string) => string) {
    const captions = await repo.listCaptions(db, assetId);
    return captions.map((caption) => ({
      lang: caption.lang,
      label: caption.label,
      url: sign(`captions/${caption.lang}.vtt`),
    }));
  }

  async function attachCaption(assetId: number, caption: CaptionInput): Promise<void> {
    if (!CAPTION_LANG.test(caption.lang))
      throw new AppError('VALIDATION_FAILED', `Mã ngôn ngữ phụ đề "${caption.lang}" không hợp lệ (ví dụ: vi, en).`);
    if (
      !caption.body
        .subarray(0, 16)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .startsWith('WEBVTT')
    )
      throw new AppError('VALIDATION_FAILED', `Tệp phụ đề "${caption.lang}" không phải định dạng WebVTT.`);
    const storageKey = assetKey(assetId, `captions/${caption.lang}.vtt`);
    await storage.putObject(storageKey, caption.body, 'text/vtt', { private: true });
    await repo.upsertCaption(
      db,
      {
        asset_id: assetId,
        lang: caption.lang,
        label: caption.label ?? CAPTION_LABELS[caption.lang] ?? caption.lang,
        storage_key: storageKey,
      },
      now().toISOString(),
    );
  }

  async function requireVideoLesson(lessonId: number): Promise<void> {
    const lesson = await repo.findLesson(db, lessonId);
    if (!lesson) throw new AppError('NOT_FOUND', 'Không tìm thấy bài học.');
    if (lesson.content_type !== 'video')
      throw new AppError('BUSINESS_RULE', 'Bài học này không phải bài học video.', {
        lesson_id: 'Không phải bài video.',
      });
  }

  /** Queues a source object already in storage for a video lesson; captions are stored with the asset. */
  async function enqueue(lessonId: number, sourceKey: string, captions: CaptionInput[] = []): Promise<VideoAssetRow> {
    await requireVideoLesson(lessonId);
    const asset = await repo.insertAsset(db, lessonId, sourceKey, now().toISOString());
    for (const caption of captions) await attachCaption(asset.id, caption);
    await sendTranscode(asset.id);
    return asset;
  }

  return {
    enqueue,
    attachCaption,

    /** Stores a source file through the storage driver (`video/sources/…`) and queues it. */
    async ingestFile(lessonId: number, file: string, captions: CaptionInput[] = []): Promise<VideoAssetRow> {
      await requireVideoLesson(lessonId);
      const extension = path.extname(file).toLowerCase();
      const key = `video/sources/${randomBytes(8).toString('hex')}${SOURCE_EXTENSION.test(extension) ? extension : ''}`;
      // Streamed: a source of several gigabytes never sits in memory.
      await storage.putFile(key, file, 'application/octet-stream', { private: true });
      return enqueue(lessonId, key, captions);
    },

    /** The caller has already checked access (services.lessonAccess); this only signs. */
    async playbackFor(lessonId: number): Promise<VideoPlayback> {
      const { ready, latest } = await repo.findLessonAssets(db, lessonId);
      // A replacement being transcoded does not interrupt the one that plays.
      if (ready) return readyPlayback(ready);
      return {
        status: latest?.status ?? 'none',
        progressPercent: latest?.progress_percent ?? 0,
        masterUrl: null,
        posterUrl: null,
        durationSeconds: null,
        rungs: [],
        captions: [],
      };
    },

    /**
     * A download's choices (issue 21): each rung of the ready video with the bytes of its stored
     * segments and its signed playlist URL (the caller has checked access, as for `playbackFor`).
     */
    async offlineVideo(lessonId: number) {
      const { ready } = await repo.findLessonAssets(db, lessonId);
      if (!ready) return null;
      const expires = expiry();
      const sign = (file: string) => signer.url({ assetId: ready.id, lessonId, file, expires });
      const rungs = await rungSizes(ready.id);
      const audioOnly = rungs.find((rung) => rung.audio) ?? null;
      const captions = await signedCaptions(ready.id, sign);
      return {
        asset_id: ready.id,
        duration_seconds: ready.duration_seconds,
        poster_url: sign('poster.jpg'),
        rungs: rungs
          .filter((rung) => !rung.audio)
          .map((rung) => ({
            height: rung.height,
            bytes: rung.bytes,
            segments: rung.segments,
            playlist_url: sign(rung.file),
          })),
        audio: audioOnly
          ? { bytes: audioOnly.bytes, segments: audioOnly.segments, playlist_url: sign(audioOnly.file) }
          : null,
        // Downloaded with every quality: the offline player shows them too.
        captions,
      };
    },

    async assetStatus(assetId: number) {
      return repo.findAsset(db, assetId);
    },

    /**
     * One file of an asset for a signed URL: refused (403) when the signature is not ours for this
     * asset, lesson and file, or has expired; playlists come back with every URI signed in turn.
     */
    async serve(input: {
      assetId: number;
      file: string;
      lessonId: number;
      expires: number;
      signature: string;
    }): Promise<ServedFile> {
      const { assetId, file, lessonId, expires } = input;
      const target = { assetId, lessonId, file, expires };
      if (!isServableFile(file) || !signer.verify(target, input.signature))
        throw new AppError('FORBIDDEN', 'Liên kết video không hợp lệ.');
      const remaining = expires - Math.floor(now().getTime() / 1000);
      if (remaining <= 0) throw new AppError('FORBIDDEN', 'Liên kết video đã hết hạn. Vui lòng tải lại trang.');
      const asset = await repo.findAsset(db, assetId);
      if (asset && asset.lesson_id !== lessonId) throw new AppError('FORBIDDEN', 'Liên kết video không hợp lệ.');
      if (!asset || asset.status !== 'ready') throw new AppError('NOT_FOUND', 'Không tìm thấy video.');
      const key = assetKey(assetId, file);
      const contentType = contentTypeOf(file);
      const cacheControl = `private, max-age=${Math.min(remaining, 86_400)}`;
      if (file.endsWith('.m3u8')) {
        // Playlists are small and carry the signatures: read, rewritten, served by the app.
        const body = await storage.getObject(key);
        if (!body) throw new AppError('NOT_FOUND', 'Không tìm thấy tệp video.');
        const text = rewritePlaylist(body.toString('utf8'), file, (inner) => signer.url({ ...target, file: inner }));
        return { kind: 'body', body: Buffer.from(text), contentType, cacheControl };
      }
      // Segments, the poster and captions come from the bucket itself (a short-lived presigned GET)…
      const ttl = Math.min(remaining, PRESIGNED_GET_SECONDS);
      const location = await storage.presignGet(key, ttl);
      if (location) return { kind: 'redirect', location, cacheControl: `private, max-age=${Math.max(0, ttl - 30)}` };
      // …or, on disk, streamed (never read whole).
      const stored = await storage.readStream(key);
      if (!stored) throw new AppError('NOT_FOUND', 'Không tìm thấy tệp video.');
      return { kind: 'body', body: stored.stream, size: stored.size, contentType, cacheControl };
    },

    /** A transcoder (the queue job runs one; the media CLI and tests run it asset by asset). */
    createWorker,

    /**
     * Declares the `video.transcode` queue (deadline for long sources, retries with backoff, one
     * waiting job per asset) and, on instances that transcode (VIDEO_WORKER) and have ffmpeg,
     * works it. Without ffmpeg it says so once: lessons stay "not available yet".
     */
    async registerJobs(options: { work: boolean }): Promise<void> {
      if (!deps.jobs) return;
      const jobs = deps.jobs();
      await jobs.define(TRANSCODE_QUEUE, { unique: true, ...transcodePolicy });
      if (!options.work) return;
      const available = await checkTools(deps.tools);
      if (!available.ok) {
        log.warn(
          { missing: available.missing },
          'ffmpeg/ffprobe not found: videos are not transcoded (install ffmpeg or set FFMPEG_PATH and FFPROBE_PATH)',
        );
        return;
      }
      const transcoder = createWorker();
      await jobs.work<{ assetId: number }>(TRANSCODE_QUEUE, async (job) => {
        await transcoder.runAsset(Number(job.data.assetId));
      });
    },

    /**
     * The periodic `video.maintain` job: removes the transcoder's temporary folders older than a
     * transcode's deadline, and sends the job again for assets left without one (a send that failed,
     * a transcoder that died).
     */
    async maintain(): Promise<{ removedDirs: number; resent: number }> {
      const removedDirs = await createWorker().sweepTempDirs(TRANSCODE_DEADLINE_SECONDS * 1000);
      const at = now();
      const stalled = await repo.listStalled(db, at.toISOString(), new Date(at.getTime() - STALLED_MS).toISOString());
      for (const asset of stalled) await sendTranscode(asset.id);
      return { removedDirs, resent: stalled.length };
    },

    /** The state of these lessons' uploads, newest first (the studio's course editor shows each lesson's latest). */
    latestAssets(lessonIds: number[]) {
      return repo.latestAssetsOf(db, lessonIds);
    },

    /** Stops running transcodes (the process is shutting down): their assets go back to the queue. */
    stopTranscoding(): void {
      stopping.abort();
    },
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
