/**
 * The HLS pipeline end to end: a clip generated with ffmpeg goes through the real worker (probe,
 * one ffmpeg run for the ladder, poster, storage), then every file is fetched through its signed
 * URL; tampered, expired and foreign URLs are refused; failures are retried then failed; leases.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createCourse, createLesson } from '../../tests/factories/catalog.ts';
import { createEnrolment } from '../../tests/factories/learning.ts';
import { signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { buildTestClipArgs, runTool } from './ffmpeg.ts';
import { createUrlSigner } from './signing.ts';
import { claimNextJob } from './video.repository.ts';
import { createVideoService, type VideoPlayback } from './video.service.ts';
import { setLessonDuration } from '../catalog/index.ts';

let t: TestContext;
let clip: string;
let courseId: number;
let lessonId: number;
let otherLessonId: number;

const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:02.000\nXin chào các bạn!\n';

beforeAll(async () => {
  t = await createTestContext();
  clip = path.join(t.dataDir, 'clip.mp4');
  await runTool('ffmpeg', buildTestClipArgs(clip, { seconds: 3, width: 854, height: 480 }));
  const course = await createCourse(t.db, { price_new: 0 });
  courseId = course.id;
  lessonId = (await createLesson(t.db, { course_id: course.id, content_type: 'video', duration_seconds: 0 })).id;
  otherLessonId = (await createLesson(t.db, { course_id: course.id, content_type: 'video' })).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Every URI line of a playlist. */
const uris = (playlist: string) =>
  playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

describe('the HLS pipeline', () => {
  let playback: VideoPlayback;

  it('transcodes a 480p clip into the 480/360/240 ladder with a poster, duration and captions', async () => {
    const asset = await t.services.video.ingestFile(lessonId, clip, [{ lang: 'vi', body: Buffer.from(CAPTIONS) }]);
    expect((await t.services.video.playbackFor(lessonId)).status).toBe('queued');
    let readyCalls = 0;
    const worker = t.services.video.createWorker({ onReady: () => (readyCalls += 1) });
    expect(await worker.runOnce()).toBe('ready');
    expect(await worker.runOnce()).toBe('idle');
    expect(readyCalls).toBe(1);

    const row = await t.services.video.assetStatus(asset.id);
    expect(row).toMatchObject({ status: 'ready', progress_percent: 100, attempts: 1, width: 854, height: 480 });
    playback = await t.services.video.playbackFor(lessonId);
    expect(playback).toMatchObject({
      status: 'ready',
      progressPercent: 100,
      durationSeconds: 3,
      rungs: [480, 360, 240],
    });
    expect(playback.masterUrl).toMatch(
      new RegExp(`^/media/hls/${asset.id}/master\\.m3u8\\?l=${lessonId}&exp=\\d+&sig=[0-9a-f]{64}$`),
    );
    expect(playback.captions).toEqual([
      { lang: 'vi', label: 'Tiếng Việt', url: expect.stringContaining('/captions/vi.vtt?') },
    ]);
    const lesson = await t.db
      .selectFrom('lessons')
      .select('duration_seconds')
      .where('id', '=', lessonId)
      .executeTakeFirstOrThrow();
    expect(lesson.duration_seconds).toBe(3);
  });

  it('lists exactly the rungs at or below the source in the master playlist, with resolutions and codecs', async () => {
    const master = await get(playback.masterUrl!);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const variants = master.body.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants.map((line) => /RESOLUTION=(\d+x\d+)/.exec(line)?.[1])).toEqual(['854x480', '640x360', '428x240']);
    for (const line of variants) {
      expect(line).toMatch(/BANDWIDTH=\d+/);
      expect(line).toMatch(/CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/);
    }
    expect(master.body).not.toMatch(/x720|x1080/);
    expect(uris(master.body)).toHaveLength(3);
  });

  it('serves every segment of every variant, the poster and the captions through signed URLs only', async () => {
    const master = await get(playback.masterUrl!);
    let segments = 0;
    for (const variantUrl of uris(master.body)) {
      expect(variantUrl).toMatch(/^\/media\/hls\/\d+\/v\d\/index\.m3u8\?l=\d+&exp=\d+&sig=[0-9a-f]{64}$/);
      const variant = await get(variantUrl);
      expect(variant.statusCode).toBe(200);
      expect(variant.body).toContain('#EXT-X-TARGETDURATION:');
      for (const segmentUrl of uris(variant.body)) {
        const segment = await get(segmentUrl);
        expect(segment.statusCode, segmentUrl).toBe(200);
        expect(segment.headers['content-type']).toBe('video/mp2t');
        expect(segment.rawPayload.length).toBeGreaterThan(0);
        segments += 1;
      }
    }
    expect(segments).toBeGreaterThanOrEqual(3);

    const poster = await get(playback.posterUrl!);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const captions = await get(playback.captions[0]!.url);
    expect(captions.statusCode).toBe(200);
    expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(captions.body).toBe(CAPTIONS);

    // The files are not public under /uploads/, however the path is written.
    const assetPath = new URL(playback.masterUrl!, 'http://x').pathname.replace('/media/hls/', 'video/assets/');
    for (const url of [`/uploads/${assetPath}`, `/uploads//${assetPath}`, `/uploads/%76ideo/${assetPath.slice(6)}`]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('refuses a tampered signature, an expired URL and a URL for another lesson or asset with 403', async () => {
    const variantUrl = uris((await get(playback.masterUrl!)).body)[0]!;
    const segmentUrl = uris((await get(variantUrl)).body)[0]!;
    const url = new URL(segmentUrl, 'http://localhost');
    const [, , , assetId, ...rest] = url.pathname.split('/');
    const file = rest.join('/');
    const expires = Number(url.searchParams.get('exp'));

    const tampered = new URL(url);
    const sig = tampered.searchParams.get('sig')!;
    tampered.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`);
    const refused = await get(tampered.pathname + tampered.search);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'Liên kết video không hợp lệ.' } });

    const otherLesson = new URL(url);
    otherLesson.searchParams.set('l', String(otherLessonId));
    expect((await get(otherLesson.pathname + otherLesson.search)).statusCode).toBe(403);
    const otherFile = new URL(url);
    otherFile.pathname = otherFile.pathname.replace(/seg_\d+/, 'seg_001').replace('/v0/', '/v1/');
    expect((await get(otherFile.pathname + otherFile.search)).statusCode).toBe(403);

    // Signed with the server's own secret, but for another lesson, or in the past.
    const signer = createUrlSigner(t.env.SESSION_SECRET!);
    const foreign = signer.url({ assetId: Number(assetId), lessonId: otherLessonId, file, expires });
    expect((await get(foreign)).statusCode).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = await get(signer.url({ assetId: Number(assetId), lessonId, file, expires: past }));
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toBe('Liên kết video đã hết hạn. Vui lòng tải lại trang.');
    // And the genuine URL still works.
    expect((await get(segmentUrl)).statusCode).toBe(200);
  });

  it('keeps the old video playing while a replacement is transcoded, then switches; progress rows untouched', async () => {
    const learner = await createUser(t.db);
    const at = new Date().toISOString();
    await t.db
      .insertInto('lesson_progress')
      .values({
        user_id: learner.id,
        lesson_id: lessonId,
        course_id: courseId,
        position_seconds: 2,
        resume_seconds: 2,
        watched_seconds: 2,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const before = await t.services.video.playbackFor(lessonId);
    const replacement = await t.services.video.ingestFile(lessonId, clip);
    const during = await t.services.video.playbackFor(lessonId);
    expect(during.masterUrl).toBe(before.masterUrl);
    expect(await t.services.video.createWorker().runOnce()).toBe('ready');
    const after = await t.services.video.playbackFor(lessonId);
    expect(after.masterUrl).toContain(`/media/hls/${replacement.id}/master.m3u8`);
    expect(after.captions).toEqual([]);
    // The old asset's URLs keep working until they expire (a learner may be mid-video).
    expect((await get(before.masterUrl!)).statusCode).toBe(200);
    const progress = await t.db.selectFrom('lesson_progress').selectAll().where('user_id', '=', learner.id).execute();
    expect(progress).toMatchObject([
      { lesson_id: lessonId, position_seconds: 2, resume_seconds: 2, watched_seconds: 2 },
    ]);
  });
});

describe('jobs', () => {
  it('retries a corrupt source with backoff, then marks it failed with its error', async () => {
    await t.services.storage.putObject('video/sources/corrupt.mp4', Buffer.from('not a video at all'), 'video/mp4');
    const asset = await t.services.video.enqueue(otherLessonId, 'video/sources/corrupt.mp4');
    let clock = Date.now();
    const worker = t.services.video.createWorker({
      now: () => new Date(clock),
      maxAttempts: 2,
      backoffMs: () => 60_000,
    });

    expect(await worker.runOnce()).toBe('retry');
    let row = await t.services.video.assetStatus(asset.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_error).toMatch(/ffprobe|video/);
    expect(await worker.runOnce()).toBe('idle');
    expect((await t.services.video.playbackFor(otherLessonId)).status).toBe('queued');

    clock += 61_000;
    expect(await worker.runOnce()).toBe('failed');
    row = await t.services.video.assetStatus(asset.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row!.last_error).toBeTruthy();
    expect(await worker.runOnce()).toBe('idle');
    expect(await t.services.video.playbackFor(otherLessonId)).toMatchObject({ status: 'failed', masterUrl: null });
  });

  it('gives a job to one claimant only, and takes it back from a worker whose lease ran out', async () => {
    const lesson = await createLesson(t.db, { course_id: courseId, content_type: 'video' });
    const asset = await t.services.video.ingestFile(lesson.id, clip);
    const now = Date.now();
    const iso = (offset: number) => new Date(now + offset).toISOString();
    const claims = await Promise.all([
      claimNextJob(t.db, 'worker-a', iso(0), iso(60_000)),
      claimNextJob(t.db, 'worker-b', iso(0), iso(60_000)),
    ]);
    expect(claims.filter(Boolean).map((row) => row!.id)).toEqual([asset.id]);
    // worker-a (or b) stopped without a word: before the lease ends nobody may take the job…
    const rescuer = t.services.video.createWorker({ now: () => new Date(now + 30_000) });
    expect(await rescuer.runOnce()).toBe('idle');
    // …after it, another worker does, and finishes it.
    const later = t.services.video.createWorker({ now: () => new Date(now + 61_000) });
    expect(await later.runOnce()).toBe('ready');
    expect(await t.services.video.assetStatus(asset.id)).toMatchObject({ status: 'ready', attempts: 2 });
  });

  it('refuses a source for a lesson that is not a video lesson', async () => {
    const paragraph = await createLesson(t.db, { course_id: courseId, content_type: 'paragraph' });
    await expect(t.services.video.ingestFile(paragraph.id, clip)).rejects.toThrow(
      'Bài học này không phải bài học video.',
    );
  });
});

describe('GET /api/user/lesson/video.json', () => {
  it('answers only viewers allowed to study the lesson', async () => {
    const course = await createCourse(t.db, { price_new: 500_000 });
    const lesson = await createLesson(t.db, { course_id: course.id, content_type: 'video' });
    const url = `/api/user/lesson/video.json?lesson_id=${lesson.id}`;

    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('Vui lòng đăng nhập để học bài này.');

    const outsider = await createUser(t.db);
    const outsiderSession = await signIn(t, outsider.phone!, outsider.password);
    const refused = await get(url, outsiderSession.bearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.fields).toMatchObject({ reason: 'not_enrolled', course_slug: course.slug });

    const learner = await createUser(t.db);
    await createEnrolment(t.db, { userId: learner.id, courseId: course.id });
    const session = await signIn(t, learner.phone!, learner.password);
    const empty = await get(url, session.bearer);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      data: {
        status: 'none',
        progressPercent: 0,
        masterUrl: null,
        posterUrl: null,
        durationSeconds: null,
        rungs: [],
        captions: [],
      },
    });

    await t.services.video.ingestFile(lesson.id, clip);
    expect((await get(url, session.bearer)).json().data).toMatchObject({ status: 'queued', masterUrl: null });
    await t.services.video.createWorker().runOnce();
    const ready = (await get(url, session.bearer)).json().data as VideoPlayback;
    expect(ready).toMatchObject({ status: 'ready', rungs: [480, 360, 240], durationSeconds: 3 });
    expect((await get(ready.masterUrl!)).statusCode).toBe(200);

    expect((await get('/api/user/lesson/video.json?lesson_id=99999999', session.bearer)).statusCode).toBe(404);
    expect(fs.existsSync(clip)).toBe(true);
  });
});

describe('the video.transcode job', () => {
  it('without ffmpeg says so once and leaves the video queued; with it, the queue transcodes the video', async () => {
    const lesson = await createLesson(t.db, { course_id: courseId, content_type: 'video' });
    const warnings: string[] = [];
    const log = { info() {}, error() {}, warn: (_details: object, message: string) => void warnings.push(message) };
    const missing = createVideoService({
      db: t.db,
      storage: t.services.storage,
      secret: 'khai-tri-test',
      tools: { ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' },
      urlTtlSeconds: 600,
      setLessonDuration,
      maxAttempts: 1,
      log,
      jobs: () => t.services.jobs,
    });
    await missing.registerJobs({ work: true });
    expect(warnings).toEqual([expect.stringContaining('ffmpeg/ffprobe not found')]);

    await t.services.video.registerJobs({ work: true });
    await t.services.jobs.start();
    const transcodeQueue = async () =>
      (await t.services.jobs.counts()).find((counts) => counts.name === 'video.transcode');
    let queue: Awaited<ReturnType<typeof transcodeQueue>>;
    try {
      // Queued while the queue runs: the job is sent with the asset and worked.
      const asset = await t.services.video.ingestFile(lesson.id, clip);
      for (let waited = 0; waited < 60_000; waited += 200) {
        queue = await transcodeQueue();
        const done = queue && queue.queued + queue.running === 0;
        if (done && (await t.services.video.assetStatus(asset.id))?.status === 'ready') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await t.services.jobs.stop();
    }
    expect(await t.services.video.playbackFor(lesson.id)).toMatchObject({ status: 'ready', rungs: [480, 360, 240] });
    // The jobs of the videos queued earlier in this file ran too, as no-ops: those were done already.
    expect(queue).toMatchObject({ failed: 0, queued: 0, running: 0 });
    expect(queue!.completed).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
