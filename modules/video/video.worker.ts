/**
 * The transcoding worker: claims one due job at a time (safe with several processes: the claim is
 * one conditional UPDATE, and a job whose worker stopped is claimed again when its lease runs out),
 * probes the source, writes the HLS ladder and the poster with ffmpeg, stores every file under the
 * asset's prefix through the storage driver, and marks the asset ready (setting the lesson's
 * duration). A failure is retried with backoff up to `maxAttempts`, then the job is failed and logged.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, VideoAssetRow } from '../../db/schema.ts';
import { refreshLessonTotals } from '../catalog/course.repository.ts';
import type { ObjectStorage } from '../media/storage.ts';
import {
  buildHlsArgs,
  buildPosterArgs,
  checkTools,
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
  /** The clock (tests move it to pass a backoff or a lease). */
  now?: () => Date;
  /** Tries per job before it is failed for good. */
  maxAttempts?: number;
  /** Wait before retry `attempt` (1-based): 30 s, 2 min, 8 min… by default. */
  backoffMs?: (attempt: number) => number;
  /** How long a claim holds without news from its worker. */
  leaseMs?: number;
  /** After the job is stored as ready (the catalog cache drops its curriculum). */
  onReady?: (asset: VideoAssetRow) => void;
}

export type JobOutcome = 'idle' | 'ready' | 'retry' | 'failed' | 'lost';

const PROGRESS_WRITE_MS = 1_000;

export function createVideoWorker(deps: VideoWorkerDeps) {
  const { db, storage, tools, log } = deps;
  const now = deps.now ?? (() => new Date());
  const maxAttempts = deps.maxAttempts ?? 3;
  const backoffMs = deps.backoffMs ?? ((attempt: number) => 30_000 * 4 ** (attempt - 1));
  const leaseMs = deps.leaseMs ?? 120_000;
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  let abort = new AbortController();

  async function transcode(asset: VideoAssetRow, workDir: string): Promise<repo.ReadyFacts> {
    const { signal } = abort;
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
      const lesson = await repo.setLessonDuration(trx, asset.lesson_id, facts.durationSeconds, at);
      if (lesson) await refreshLessonTotals(trx, lesson.course_id);
      return true;
    });
  }

  /** Claims and runs one due job; says what happened ('idle' when there was none). */
  async function runOnce(): Promise<JobOutcome> {
    const asset = await repo.claimNextJob(db, workerId, iso(), iso(leaseMs));
    if (!asset) return 'idle';
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `khai-tri-video-${asset.id}-`));
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
        return 'lost';
      }
      log.info({ assetId: asset.id, lessonId: asset.lesson_id, rungs: facts.rungs }, 'video ready');
      deps.onReady?.(asset);
      return 'ready';
    } catch (error) {
      if (abort.signal.aborted) {
        // Stopped (the process is shutting down): the job goes back to the queue, this try uncounted.
        await repo.releaseJob(db, asset.id, workerId, iso());
        return 'idle';
      }
      const message = error instanceof Error ? error.message : String(error);
      const retry = asset.attempts < maxAttempts;
      await repo.recordFailure(db, asset.id, workerId, message, retry ? iso(backoffMs(asset.attempts)) : null, iso());
      if (retry) {
        log.warn(
          { assetId: asset.id, attempt: asset.attempts, error: message },
          'video job failed; it will be retried',
        );
        return 'retry';
      }
      log.error(
        { assetId: asset.id, lessonId: asset.lesson_id, attempts: asset.attempts, error: message },
        'video job failed for good',
      );
      return 'failed';
    } finally {
      clearInterval(heartbeat);
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * Polls for jobs every `pollMs` until stopped, one job at a time. When ffmpeg or ffprobe cannot
   * run it says so once and does nothing: video lessons stay "not available yet".
   */
  async function start({ pollMs = 2_000 }: { pollMs?: number } = {}): Promise<() => Promise<void>> {
    const available = await checkTools(tools);
    if (!available.ok) {
      log.warn(
        { missing: available.missing },
        'ffmpeg/ffprobe not found: videos are not transcoded (install ffmpeg or set FFMPEG_PATH and FFPROBE_PATH)',
      );
      return async () => {};
    }
    abort = new AbortController();
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const loop = () => {
      running = (async () => {
        let outcome: JobOutcome = 'idle';
        try {
          outcome = await runOnce();
        } catch (error) {
          log.error({ err: error }, 'video worker could not run a job');
        }
        if (stopped) return;
        timer = setTimeout(loop, outcome === 'idle' ? pollMs : 0);
        timer.unref();
      })();
    };
    loop();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      abort.abort();
      await running;
    };
  }

  return { runOnce, start, workerId };
}

export type VideoWorker = ReturnType<typeof createVideoWorker>;
