/**
 * The transcoder, run by the `video.transcode` queue job (decision 0013; video.jobs.ts): claims the
 * asset (one conditional UPDATE: a source transcodes once even when its job runs twice or on two
 * instances; an asset whose transcoder stopped is claimed again when its lease runs out), probes the
 * source, writes the HLS ladder and the poster with ffmpeg in a temporary folder, stores every file
 * under the asset's prefix through the storage driver (multipart on S3), and marks the asset ready
 * (setting the lesson's duration). A failure is counted on the asset; the queue retries the job with
 * backoff up to `maxAttempts`, then the asset is failed and logged. Temporary folders a killed run
 * left behind are removed by the periodic `video.maintain` job (`sweepTempDirs`).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, VideoAssetRow } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';
import type { ObjectStorage } from '../media/storage.ts';
import {
  AUDIO_ONLY_DIR,
  buildAudioOnlyArgs,
  buildHlsArgs,
  buildPosterArgs,
  planLadder,
  probe,
  progressTracker,
  runTool,
  type FfmpegTools,
} from './ffmpeg.ts';
import * as repo from './video.repository.ts';
import { contentTypeOf } from './signing.ts';

/** Where an asset's files live in storage: `video/assets/{id}/master.m3u8`, `…/v0/seg_000.ts`… */
export const assetKey = (assetId: number, file: string) => `video/assets/${assetId}/${file}`;

/** The transcoder's temporary folders: `khai-tri-video-{asset}-…` in the system's temporary folder. */
export const TEMP_DIR_PREFIX = 'khai-tri-video-';

export interface WorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface VideoWorkerDeps {
  db: Kysely<Database>;
  storage: ObjectStorage;
  tools: FfmpegTools;
  log: WorkerLogger;
  /** The catalog's write of a lesson's measured duration (and its course's totals), in the worker's transaction. */
  setLessonDuration: LessonDurationWriter;
  /** The clock (tests move it to pass a backoff or a lease). */
  now?: () => Date;
  /** Tries per asset before it is failed for good. */
  maxAttempts?: number;
  /** `runOnce` only: the wait before retry `attempt` (1-based); the queue has its own for jobs. */
  backoffMs?: (attempt: number) => number;
  /** How long a claim holds without news from its transcoder. */
  leaseMs?: number;
  /** After the asset is stored as ready (the catalog cache drops its curriculum). */
  onReady?: (asset: VideoAssetRow) => void;
  /** Where the temporary folders go (the system's temporary folder). */
  tempRoot?: string;
  /** Aborts the running ffmpeg (the process is stopping): the asset goes back to the queue. */
  signal?: AbortSignal;
}

export type JobOutcome = 'idle' | 'ready' | 'retry' | 'failed' | 'lost';

/** A failed attempt, thrown to the queue so that it retries the job (or fails it for good). */
export class TranscodeFailed extends Error {
  constructor(
    message: string,
    readonly outcome: 'retry' | 'failed',
  ) {
    super(message);
    this.name = 'TranscodeFailed';
  }
}

const PROGRESS_WRITE_MS = 1_000;

export type LessonDurationWriter = (db: Db, lessonId: number, seconds: number, at: string) => Promise<void>;

export function createVideoWorker(deps: VideoWorkerDeps) {
  const { db, storage, tools, log } = deps;
  const now = deps.now ?? (() => new Date());
  const maxAttempts = deps.maxAttempts ?? 3;
  const backoffMs = deps.backoffMs ?? ((attempt: number) => 30_000 * 4 ** (attempt - 1));
  const leaseMs = deps.leaseMs ?? 120_000;
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const tempRoot = deps.tempRoot ?? os.tmpdir();
  const signal = deps.signal ?? new AbortController().signal;

  async function transcode(asset: VideoAssetRow, workDir: string): Promise<repo.ReadyFacts> {
    // Streamed to disk: a source may be gigabytes.
    const input = path.join(workDir, 'source');
    if (!(await storage.getFile(asset.source_key, input)))
      throw new Error(`the source object ${asset.source_key} is missing`);
    const facts = await probe(tools.ffprobe, input);
    const rungs = planLadder(facts.width, facts.height);
    const outDir = path.join(workDir, 'out');
    await fs.mkdir(outDir);

    let lastWrite = 0;
    let writing = Promise.resolve();
    const track = progressTracker(facts.durationSeconds, (percent) => {
      const at = now().getTime();
      if (percent < 100 && at - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = at;
      writing = writing
        // 100 % is for a ready video: the poster and the upload come after ffmpeg's end.
        .then(() => repo.recordProgress(db, asset.id, workerId, Math.min(percent, 99), iso(leaseMs), iso()))
        .then(() => undefined)
        .catch((error: unknown) => log.warn({ err: error, assetId: asset.id }, 'video progress not recorded'));
    });
    await runTool(tools.ffmpeg, buildHlsArgs(input, outDir, rungs, facts), { onProgressLine: track, signal });
    await writing;
    if (facts.hasAudio) {
      // The audio-only rendition for "Chỉ âm thanh" downloads (not in the master playlist).
      await fs.mkdir(path.join(outDir, AUDIO_ONLY_DIR));
      await runTool(tools.ffmpeg, buildAudioOnlyArgs(input, outDir), { signal });
    }
    await runTool(tools.ffmpeg, buildPosterArgs(input, path.join(outDir, 'poster.jpg'), rungs, facts.durationSeconds), {
      signal,
    });

    const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    // Segments first and the master playlist last: once it exists, everything it names exists.
    files.sort((a, b) => Number(a === 'master.m3u8') - Number(b === 'master.m3u8') || a.localeCompare(b));
    for (let index = 0; index < files.length; index += 4) {
      await Promise.all(
        files.slice(index, index + 4).map(async (file) => {
          await storage.putFile(assetKey(asset.id, file), path.join(outDir, ...file.split('/')), contentTypeOf(file), {
            private: true,
          });
        }),
      );
    }
    return {
      width: facts.width,
      height: facts.height,
      durationSeconds: Math.max(1, Math.round(facts.durationSeconds)),
      hasAudio: facts.hasAudio,
      rungs: rungs.map((rung) => rung.height),
    };
  }

  async function complete(asset: VideoAssetRow, facts: repo.ReadyFacts): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const at = iso();
      if (!(await repo.markReady(trx, asset.id, workerId, facts, at))) return false;
      await deps.setLessonDuration(trx, asset.lesson_id, facts.durationSeconds, at);
      return true;
    });
  }

  /** Runs one claimed asset to the end; says what happened (and why, for a failure). */
  async function run(
    asset: VideoAssetRow,
    retryAt: (attempt: number) => string,
  ): Promise<{ outcome: JobOutcome; error?: string }> {
    const workDir = await fs.mkdtemp(path.join(tempRoot, `${TEMP_DIR_PREFIX}${asset.id}-`));
    // The lease is renewed all along (download, probe, transcode, upload), not only with progress.
    const heartbeat = setInterval(() => {
      repo
        .extendLease(db, asset.id, workerId, iso(leaseMs))
        .catch((error: unknown) => log.warn({ err: error, assetId: asset.id }, 'video job lease not renewed'));
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      const facts = await transcode(asset, workDir);
      if (!(await complete(asset, facts))) {
        log.warn({ assetId: asset.id }, 'video job was taken over by another worker after its lease ran out');
        return { outcome: 'lost' };
      }
      log.info({ assetId: asset.id, lessonId: asset.lesson_id, rungs: facts.rungs }, 'video ready');
      deps.onReady?.(asset);
      return { outcome: 'ready' };
    } catch (error) {
      if (signal.aborted) {
        // Stopped (the process is shutting down): the asset goes back to the queue, this try uncounted.
        await repo.releaseJob(db, asset.id, workerId, iso());
        return { outcome: 'idle', error: 'the transcoder stopped; the video goes back to the queue' };
      }
      const message = error instanceof Error ? error.message : String(error);
      const retry = asset.attempts < maxAttempts;
      await repo.recordFailure(db, asset.id, workerId, message, retry ? retryAt(asset.attempts) : null, iso());
      if (retry) {
        log.warn(
          { assetId: asset.id, attempt: asset.attempts, error: message },
          'video job failed; it will be retried',
        );
        return { outcome: 'retry', error: message };
      }
      log.error(
        { assetId: asset.id, lessonId: asset.lesson_id, attempts: asset.attempts, error: message },
        'video job failed for good',
      );
      return { outcome: 'failed', error: message };
    } finally {
      clearInterval(heartbeat);
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }

  /** Claims and runs the oldest due asset ('idle' when there is none): the media CLI and tests. */
  async function runOnce(): Promise<JobOutcome> {
    const asset = await repo.claimNextJob(db, workerId, iso(), iso(leaseMs));
    if (!asset) return 'idle';
    return (await run(asset, (attempt) => iso(backoffMs(attempt)))).outcome;
  }

  /**
   * The `video.transcode` job: transcodes this asset unless it is ready, failed for good, or held
   * by a live transcoder elsewhere ('idle': nothing done). A failed attempt throws, so that the
   * queue retries the job with its own backoff (the asset is due again at once).
   */
  async function runAsset(assetId: number): Promise<JobOutcome> {
    const asset = await repo.claimAsset(db, assetId, workerId, iso(), iso(leaseMs));
    if (!asset) return 'idle';
    const { outcome, error } = await run(asset, () => iso());
    if (outcome === 'retry' || outcome === 'failed') throw new TranscodeFailed(error ?? '', outcome);
    if (error) throw new Error(error);
    return outcome;
  }

  /**
   * Removes the temporary folders of runs that started more than `olderThanMs` ago (past the job's
   * deadline: their run was killed or timed out); the folder of a run within it is kept.
   */
  async function sweepTempDirs(olderThanMs: number): Promise<number> {
    const before = now().getTime() - olderThanMs;
    let removed = 0;
    for (const entry of await fs.readdir(tempRoot, { withFileTypes: true })) {
      if (!entry.isDirectory() || !entry.name.startsWith(TEMP_DIR_PREFIX)) continue;
      const folder = path.join(tempRoot, entry.name);
      const stat = await fs.stat(folder).catch(() => null);
      if (!stat || stat.mtimeMs >= before) continue;
      await fs.rm(folder, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }

  return { runOnce, runAsset, sweepTempDirs, workerId };
}

export type VideoWorker = ReturnType<typeof createVideoWorker>;
