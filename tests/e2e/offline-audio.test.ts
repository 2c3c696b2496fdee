/**
 * Audio-only downloads (issue 21, part 3: "audio only; each choice shows its size", decision 0025)
 * in Chromium on a 360 px phone: a video transcoded with its audio-only rendition offers "Chỉ âm
 * thanh" with its size; the learner downloads it, the downloads page says so, and offline (CDP) the
 * study page plays it from the device in the usual player (time advances, no picture), saying that
 * the download is sound only, with the video's captions from the device.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { buildTestClipArgs, runTool } from '../../modules/video/ffmpeg.ts';
import { createLesson } from '../factories/catalog.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { createEnrolment } from '../factories/learning.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';
import { signInDemoLearnerAt } from './learning-shared.ts';

const PHONE = { width: 360, height: 740 };
const journey = useJourney({ PAGE_CACHE_SECONDS: '300' });
let slug: string;
let lessonId: number;

beforeAll(async () => {
  const { db, services } = journey.server.context;
  const course = await createPaidCourse(db, 200_000);
  slug = course.slug;
  lessonId = (
    await createLesson(db, { course_id: course.id, content_type: 'video', title: 'Bài nghe tải về', position: 1 })
  ).id;
  const learner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'hocvien@khaitri.vn')
    .executeTakeFirstOrThrow();
  await createEnrolment(db, { userId: learner.id, courseId: course.id });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-audio-'));
  try {
    const clip = path.join(dir, 'nguon.mp4');
    await runTool('/usr/bin/ffmpeg', buildTestClipArgs(clip, { seconds: 14, width: 426, height: 240, fps: 15 }));
    const caption = 'WEBVTT\n\n00:00.000 --> 00:14.000\nLời giảng có phụ đề\n';
    const asset = await services.video.ingestFile(lessonId, clip, [{ lang: 'vi', body: Buffer.from(caption) }]);
    const worker = services.video.createWorker({ backoffMs: () => 0 });
    for (let round = 0; round < 5 && (await services.video.assetStatus(asset.id))?.status !== 'ready'; round += 1)
      await worker.runOnce();
    expect((await services.video.assetStatus(asset.id))?.status).toBe('ready');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

it('downloads the sound only with its captions and plays it offline in the player, saying so', async () => {
  const { page } = await journey.openPage(PHONE);
  const cdp = await page.context().newCDPSession(page);
  const study = `/vao-hoc/${slug}?bai=${lessonId}`;
  await signInDemoLearnerAt(journey, page, study);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  await page.getByRole('button', { name: /^Tải về để học/ }).click();
  const audio = page.getByRole('radio', { name: /^Chỉ âm thanh · [\d,]+ (B|KB|MB)$/ });
  await expect.poll(() => audio.count()).toBe(1);
  // 240p stays the default; the sound alone is the smaller choice.
  expect(await page.getByRole('radio', { name: /^240p · / }).isChecked()).toBe(true);
  await audio.check();
  await page.getByRole('button', { name: 'Bắt đầu tải' }).click();
  await expect.poll(() => page.getByTestId('lesson-downloaded').isVisible(), { timeout: 30_000 }).toBe(true);
  const stored = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('khai-tri-download-'))!;
    const keys = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    const master = await (await caches.match(keys.find((key) => key.endsWith('master.m3u8'))!))!.text();
    return { keys, master };
  });
  expect(stored.master).toContain('CODECS="mp4a.40.2"');
  expect(stored.keys.filter((key) => key.endsWith('.ts'))).toHaveLength(3);
  expect(stored.keys).toEqual(
    expect.arrayContaining([`/offline-media/${lessonId}/captions/vi.vtt`, `/offline-media/${lessonId}/captions.json`]),
  );

  await page.goto(journey.url('/tai-khoan/tai-ve'));
  await waitForHydration(page);
  await expect.poll(() => page.getByText(/Chỉ âm thanh · [\d,]+ (B|KB|MB)/).count()).toBe(1);

  await cdp.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.goto(journey.url(study));
  await waitForHydration(page);
  await expect.poll(() => page.getByTestId('audio-only-copy').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByRole('button', { name: 'Xem video (dùng mạng)' }).count()).toBe(0);
  const player = page.getByRole('group', { name: /Trình phát video/ });
  await player.focus();
  await page.keyboard.press('k');
  const state = () =>
    page.locator('video').evaluate((video: HTMLVideoElement) => ({
      time: video.currentTime,
      width: video.videoWidth,
      src: video.currentSrc,
    }));
  await expect.poll(async () => (await state()).time, { timeout: 20_000 }).toBeGreaterThan(2);
  expect((await state()).width).toBe(0);
  // The captions come from the device too, and show.
  const track = () =>
    page.locator('video').evaluate((video: HTMLVideoElement) => ({
      src: video.querySelector('track')?.getAttribute('src') ?? null,
      mode: video.textTracks[0]?.mode ?? null,
      cue: (video.textTracks[0]?.activeCues?.[0] as VTTCue | undefined)?.text ?? null,
    }));
  await expect
    .poll(track, { timeout: 10_000 })
    .toEqual({ src: `/offline-media/${lessonId}/captions/vi.vtt`, mode: 'showing', cue: 'Lời giảng có phụ đề' });
}, 120_000);
