/**
 * Video with no state inside one instance (decision 0013), on local storage and on a
 * signature-checking S3 server (Ceph radosgw, tests/helpers/s3-server.ts): a resumable upload whose
 * chunks alternate between two app instances sharing the database (and the bucket) completes and
 * transcodes once; the `video.transcode` job run twice makes one rendition set; segments are a 302
 * to a presigned GET the S3 server honours (streamed from disk locally); a learner without access
 * gets no playlist; the periodic clean-up removes stale temporary folders only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../modules/services.ts';
import { createApp } from '../../server/app.ts';
import { createUser } from '../factories/accounts.ts';
import { createCourse, createLesson } from '../factories/catalog.ts';
import { nextClientAddress, signIn } from '../helpers/auth.ts';
import { createTestBucket, findTestS3Server, s3AppEnv, type TestBucket } from '../helpers/s3-server.ts';
import { createTestContext, currentEngine, type TestContext } from '../helpers/test-app.ts';
import { runTool } from '../../modules/video/ffmpeg.ts';
import { TEMP_DIR_PREFIX } from '../../modules/video/video.worker.ts';

const s3Server = await findTestS3Server();
const MiB = 1024 * 1024;

type Instance = { app: TestContext['app']; services: TestContext['services']; close(): Promise<void> };

for (const driver of ['local', 's3'] as const) {
  const suite = driver === 's3' && !s3Server ? describe.skip : describe;
  suite(`video on ${driver} storage`, () => {
    let t: TestContext;
    let bucket: TestBucket | undefined;
    let second: Instance;
    let editor: { bearer: Record<string, string> };
    let clip: string;
    let bytes: Buffer;

    beforeAll(async () => {
      if (driver === 's3') bucket = await createTestBucket(s3Server!);
      t = await createTestContext(bucket ? { env: s3AppEnv(bucket.server) } : {});
      // The second instance: the same database (and bucket), its own data folder on S3 (no shared
      // disk); on local storage the disk is the shared volume.
      const env = driver === 's3' ? { ...t.env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kt-b-')) } : t.env;
      const services = createServices({ db: t.db, engine: currentEngine(), env });
      const app = await createApp({ env, db: t.db, services, uploadsDir: path.join(env.DATA_DIR, 'uploads') });
      await app.ready();
      second = {
        app,
        services,
        close: async () => {
          await app.close();
          if (env !== t.env) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
        },
      };
      const user = await createUser(t.db, { role: 'editor' });
      editor = await signIn(t, user.phone!, user.password);
      // Raw frames: 13 MiB of real video, so the upload spans several S3 parts.
      clip = path.join(t.dataDir, 'raw.mkv');
      await runTool('ffmpeg', [
        ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', 'testsrc=size=320x240:rate=30', '-t', '4', '-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', clip],
      ]);
      bytes = fs.readFileSync(clip);
    }, 120_000);

    afterAll(async () => {
      await second?.close();
      await t?.close();
      await bucket?.destroy();
    });

    const call = (on: Instance | TestContext, method: string, url: string, payload?: object | Buffer, type?: string) =>
      on.app.inject({
        method: method as 'GET',
        url,
        headers: { ...editor.bearer, ...(type ? { 'content-type': type } : {}) },
        remoteAddress: nextClientAddress(),
        ...(payload ? { payload } : {}),
      });

    let assetId: number;
    let lessonId: number;
    let courseId: number;

    it('takes a resumable upload whose chunks alternate between two instances, and transcodes it once', async () => {
      expect(bytes.length).toBeGreaterThan(12 * MiB);
      const course = await createCourse(t.db, { price_new: 0 });
      courseId = course.id;
      lessonId = (await createLesson(t.db, { course_id: course.id, content_type: 'video' })).id;
      const base = `/api/admin/courses/${course.id}/lessons/${lessonId}/uploads`;
      const created = await call(t, 'POST', `${base}.json`, { filename: 'Bài 1.mkv', size: bytes.length });
      expect(created.statusCode, created.body).toBe(200);
      const url = `${base}/${(created.json().data as { upload_id: string }).upload_id}.json`;
      // 6 MiB (a part), 2 MiB and 1 MiB (below S3's 5 MiB floor: kept until the next chunk), 3 MiB
      // (completes a part with them), then the rest; each on the other instance than the one before.
      const cuts = [6 * MiB, 8 * MiB, 9 * MiB, 12 * MiB, bytes.length];
      let offset = 0;
      for (const [index, end] of cuts.entries()) {
        const on = index % 2 === 0 ? second : t;
        const response = await call(
          on,
          'PATCH',
          `${url}?offset=${offset}`,
          bytes.subarray(offset, end),
          'application/octet-stream',
        );
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().data.offset).toBe(end);
        // The offset is the same on the other instance.
        expect((await call(on === t ? second : t, 'GET', url)).json().data.offset).toBe(end);
        offset = end;
      }
      const done = (await call(t, 'GET', url)).json().data as { complete: boolean; asset_id: number };
      expect(done.complete).toBe(true);
      assetId = done.asset_id;
      const asset = await t.services.video.assetStatus(assetId);
      const stored = await t.services.storage.headObject(asset!.source_key);
      expect(stored?.size).toBe(bytes.length);
      expect(Buffer.compare((await t.services.storage.getObject(asset!.source_key))!, bytes)).toBe(0);
      if (bucket) {
        const open = await bucket.client.send(new ListMultipartUploadsCommand({ Bucket: bucket.server.bucket }));
        expect(open.Uploads ?? []).toEqual([]);
        const pending = await bucket.client.send(
          new ListObjectsV2Command({ Bucket: bucket.server.bucket, Prefix: 'video/upload-parts/' }),
        );
        expect(pending.Contents ?? []).toEqual([]);
      }

      // The job, run on both instances at once and then again: one transcode, one rendition set.
      const outcomes = await Promise.all([
        t.services.video.createWorker().runAsset(assetId),
        second.services.video.createWorker().runAsset(assetId),
      ]);
      expect(outcomes.sort()).toEqual(['idle', 'ready']);
      expect(await t.services.video.createWorker().runAsset(assetId)).toBe('idle');
      const ready = await t.services.video.assetStatus(assetId);
      expect(ready).toMatchObject({ status: 'ready', attempts: 1, rungs: '240' });
      const assets = await t.db.selectFrom('video_assets').select('id').where('lesson_id', '=', lessonId).execute();
      expect(assets).toHaveLength(1);
    }, 180_000);

    it('serves the playlist to a learner allowed the lesson; segments and the poster from storage', async () => {
      const playback = await t.services.video.playbackFor(lessonId);
      const master = await t.app.inject({ method: 'GET', url: playback.masterUrl! });
      expect(master.statusCode).toBe(200);
      const variant = master.body.split('\n').find((line) => line.startsWith('/media/hls/'))!;
      // The other instance serves the same signed URLs.
      const playlist = await second.app.inject({ method: 'GET', url: variant });
      expect(playlist.statusCode).toBe(200);
      const segment = playlist.body.split('\n').find((line) => line.startsWith('/media/hls/'))!;
      expect(segment).toMatch(/\/v0\/seg_000\.ts\?/);
      for (const url of [segment, playback.posterUrl!]) {
        const response = await second.app.inject({ method: 'GET', url });
        if (driver === 'local') {
          expect(response.statusCode).toBe(200);
          expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
          expect(response.rawPayload.length).toBeGreaterThan(1000);
          continue;
        }
        expect(response.statusCode).toBe(302);
        const location = new URL(response.headers.location as string);
        expect(location.origin).toBe(new URL(bucket!.server.endpoint).origin);
        expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
        // The S3 server honours it…
        const fetched = await fetch(location);
        expect(fetched.status).toBe(200);
        expect((await fetched.arrayBuffer()).byteLength).toBeGreaterThan(1000);
        // …and refuses it tampered with.
        location.searchParams.set('X-Amz-Signature', '0'.repeat(64));
        expect((await fetch(location)).status).toBe(403);
      }
      // A tampered app URL is refused before any redirect.
      const forged = await t.app.inject({ method: 'GET', url: segment.replace(/sig=[0-9a-f]{4}/, 'sig=0000') });
      expect(forged.statusCode).toBe(403);
    }, 60_000);

    it('gives a learner without access to the lesson no playlist', async () => {
      const course = await createCourse(t.db, { price_new: 500_000, is_published: 1 });
      const paid = await createLesson(t.db, { course_id: course.id, content_type: 'video', is_preview: 0 });
      await t.db.updateTable('video_assets').set({ lesson_id: paid.id }).where('id', '=', assetId).execute();
      const learner = await createUser(t.db, { role: 'learner' });
      const session = await signIn(t, learner.phone!, learner.password);
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/user/lesson/video.json?lesson_id=${paid.id}`,
        headers: session.bearer,
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('/media/hls/');
      await t.db.updateTable('video_assets').set({ lesson_id: lessonId }).where('id', '=', assetId).execute();
    });

    if (driver === 's3')
      it('finishes, once, a complete upload whose video was never queued (the request stopped)', async () => {
        const base = `/api/admin/courses/${courseId}/lessons/${lessonId}/uploads`;
        const created = await call(t, 'POST', `${base}.json`, { filename: 'x.mkv', size: MiB });
        const id = (created.json().data as { upload_id: string }).upload_id;
        const chunk = bytes.subarray(0, MiB);
        const sent = await call(t, 'PATCH', `${base}/${id}.json?offset=0`, chunk, 'application/octet-stream');
        const firstAsset = sent.json().data.asset_id as number;
        // As if the request had stopped after completing the object, before queuing it.
        await t.db.deleteFrom('video_assets').where('id', '=', firstAsset).execute();
        const old = new Date(Date.now() - 5 * 60 * 1000).toISOString();
        await t.db.updateTable('video_uploads').set({ asset_id: null, updated_at: old }).where('id', '=', id).execute();
        const retried = await Promise.all(
          [t, second].map((on) => call(on, 'PATCH', `${base}/${id}.json?offset=0`, chunk, 'application/octet-stream')),
        );
        expect(retried.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        const status = (await call(second, 'GET', `${base}/${id}.json`)).json().data;
        expect(status).toMatchObject({ complete: true, asset_id: expect.any(Number) });
        const queued = await t.services.video.assetStatus(status.asset_id as number);
        expect((await t.services.storage.headObject(queued!.source_key))?.size).toBe(MiB);
      });

    it('sweeps an abandoned upload: its multipart upload aborted, its pending bytes gone', async () => {
      const base = `/api/admin/courses/${courseId}/lessons/${lessonId}/uploads`;
      const created = await call(t, 'POST', `${base}.json`, { filename: 'x.mp4', size: 20 * MiB });
      const id = (created.json().data as { upload_id: string }).upload_id;
      await call(second, 'PATCH', `${base}/${id}.json?offset=0`, Buffer.alloc(6 * MiB, 1), 'application/octet-stream');
      await call(t, 'PATCH', `${base}/${id}.json?offset=${6 * MiB}`, Buffer.alloc(MiB, 2), 'application/octet-stream');
      const old = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
      await t.db.updateTable('video_uploads').set({ updated_at: old }).where('id', '=', id).execute();
      const removed = await Promise.all([
        t.services.videoUploads.sweepAbandoned(new Date()),
        second.services.videoUploads.sweepAbandoned(new Date()),
      ]);
      expect(removed[0] + removed[1]).toBe(1);
      if (bucket) {
        const open = await bucket.client.send(new ListMultipartUploadsCommand({ Bucket: bucket.server.bucket }));
        expect(open.Uploads ?? []).toEqual([]);
        const pending = await bucket.client.send(
          new ListObjectsV2Command({ Bucket: bucket.server.bucket, Prefix: `video/upload-parts/${id}/` }),
        );
        expect(pending.Contents ?? []).toEqual([]);
      } else {
        expect(fs.existsSync(path.join(t.dataDir, 'video-uploads', `${id}.mp4`))).toBe(false);
      }
    }, 60_000);
  });
}

describe('the transcoder temporary folders', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the periodic clean-up removes folders older than a transcode deadline, and nothing else', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kt-temp-'));
    const stale = path.join(root, `${TEMP_DIR_PREFIX}7-stale`);
    const running = path.join(root, `${TEMP_DIR_PREFIX}8-running`);
    const other = path.join(root, 'someone-else-old');
    for (const folder of [stale, running, other]) {
      fs.mkdirSync(path.join(folder, 'out'), { recursive: true });
      fs.writeFileSync(path.join(folder, 'source'), 'x');
    }
    const fiveHoursAgo = new Date(Date.now() - 5 * 60 * 60 * 1000);
    fs.utimesSync(stale, fiveHoursAgo, fiveHoursAgo);
    fs.utimesSync(other, fiveHoursAgo, fiveHoursAgo);
    const worker = t.services.video.createWorker({ tempRoot: root });
    expect(await worker.sweepTempDirs(4 * 60 * 60 * 1000)).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(running)).toBe(true);
    expect(fs.existsSync(other)).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
