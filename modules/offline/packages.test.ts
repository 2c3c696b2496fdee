/**
 * What a download holds and costs (issue 21, parts 3 and 6) on both engines: an enrolled learner
 * gets each rung of the lesson's ready video with the bytes of its stored segments and a signed
 * playlist that leads to exactly those segments, and the audio-only rendition likewise (never when
 * the video has none); a learner of another course and a visitor get
 * nothing; lessons without a video answer no video.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLesson } from '../../tests/factories/catalog.ts';
import { createEnrolment } from '../../tests/factories/learning.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { buildTestClipArgs, runTool } from '../video/ffmpeg.ts';
import { segmentsOf } from '../video/offline-rungs.ts';

let t: TestContext;
let courseId: number;
let videoLesson: number;
let textLesson: number;
let silentLesson: number;
const CAPTION = 'WEBVTT\n\n00:00.000 --> 00:02.000\nXin chào các em\n';

beforeAll(async () => {
  t = await createTestContext();
  const clip = `${t.dataDir}/clip.mp4`;
  await runTool('ffmpeg', buildTestClipArgs(clip, { seconds: 3, width: 854, height: 480 }));
  courseId = (await createCourse(t.db, { price_new: 0 })).id;
  videoLesson = (await createLesson(t.db, { course_id: courseId, content_type: 'video' })).id;
  textLesson = (await createLesson(t.db, { course_id: courseId, content_type: 'paragraph' })).id;
  await t.services.video.ingestFile(videoLesson, clip, [{ lang: 'vi', body: Buffer.from(CAPTION) }]);
  expect(await t.services.video.createWorker().runOnce()).toBe('ready');
  // A video without sound has no audio-only rendition.
  const silent = `${t.dataDir}/silent.mp4`;
  await runTool('ffmpeg', ['-hide_banner', '-y', '-loglevel', 'error', '-i', clip, '-an', '-c', 'copy', silent]);
  silentLesson = (await createLesson(t.db, { course_id: courseId, content_type: 'video' })).id;
  await t.services.video.ingestFile(silentLesson, silent);
  expect(await t.services.video.createWorker().runOnce()).toBe('ready');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const describeUrl = (lessonId: number) => `/api/user/offline/lesson.json?lesson_id=${lessonId}`;

describe('GET /api/user/offline/lesson.json', () => {
  it('answers each rung with the bytes of its stored segments and a signed playlist of them', async () => {
    const learner = await createShopper(t);
    await createEnrolment(t.db, { userId: learner.user.id, courseId });
    const response = await learner.call('GET', describeUrl(videoLesson));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = response.json().data;
    expect(data).toMatchObject({ lesson_id: videoLesson, course_id: courseId, content_type: 'video' });
    expect(data.video.rungs.map((rung: { height: number }) => rung.height)).toEqual([240, 360, 480]);
    // The audio-only rendition ("Chỉ âm thanh") is offered with its own size, not as a video rung.
    expect(data.video.audio).toMatchObject({ segments: 1 });
    expect(data.video.audio.bytes).toBeGreaterThan(0);
    expect(data.video.audio.bytes).toBeLessThan(data.video.rungs[0].bytes);
    const offered = [...data.video.rungs, data.video.audio] as {
      bytes: number;
      segments: number;
      playlist_url: string;
    }[];
    for (const rung of offered) {
      const playlist = await t.app.inject({ method: 'GET', url: rung.playlist_url });
      expect(playlist.statusCode).toBe(200);
      const segmentUrls = playlist.body.split('\n').filter((line) => line.startsWith('/media/hls/'));
      expect(segmentUrls.length).toBe(rung.segments);
      let bytes = 0;
      for (const url of segmentUrls) {
        const segment = await t.app.inject({ method: 'GET', url });
        expect(segment.statusCode).toBe(200);
        bytes += segment.rawPayload.length;
      }
      // The stored playlist counts too (its signed copy is longer, the stored one is what is measured).
      const file = new URL(rung.playlist_url, 'http://x').pathname.split('/').slice(4).join('/');
      const stored = await t.services.storage.getObject(`video/assets/${data.video.asset_id}/${file}`);
      expect(segmentsOf(stored!.toString('utf8'), file)).toHaveLength(rung.segments);
      expect(rung.bytes).toBe(bytes + stored!.length);
    }
    const first = data.video.rungs[0].bytes;
    // Asked again: the same sizes (kept per asset).
    expect((await learner.call('GET', describeUrl(videoLesson))).json().data.video.rungs[0].bytes).toBe(first);
  });

  it('lists the captions with signed URLs that serve them', async () => {
    const learner = await createShopper(t);
    await createEnrolment(t.db, { userId: learner.user.id, courseId });
    const data = (await learner.call('GET', describeUrl(videoLesson))).json().data;
    expect(data.video.captions).toEqual([
      { lang: 'vi', label: 'Tiếng Việt', url: expect.stringContaining('/captions/vi.vtt?') },
    ]);
    const served = await t.app.inject({ method: 'GET', url: data.video.captions[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(CAPTION);
    const silent = (await learner.call('GET', describeUrl(silentLesson))).json().data;
    expect(silent.video.captions).toEqual([]);
  });

  it('never offers audio only for a video whose rendition is not stored', async () => {
    const learner = await createShopper(t);
    await createEnrolment(t.db, { userId: learner.user.id, courseId });
    const data = (await learner.call('GET', describeUrl(silentLesson))).json().data;
    expect(data.video.rungs.length).toBeGreaterThan(0);
    expect(data.video.audio).toBeNull();
  });

  it('answers no video for a lesson without one', async () => {
    const learner = await createShopper(t);
    await createEnrolment(t.db, { userId: learner.user.id, courseId });
    const data = (await learner.call('GET', describeUrl(textLesson))).json().data;
    expect(data).toMatchObject({ lesson_id: textLesson, content_type: 'paragraph', video: null });
  });

  it('refuses a learner of another course and a visitor', async () => {
    const stranger = await createShopper(t);
    expect((await stranger.call('GET', describeUrl(videoLesson))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: describeUrl(videoLesson) })).statusCode).toBe(401);
    expect((await stranger.call('GET', describeUrl(0))).statusCode).toBe(400);
  });
});
