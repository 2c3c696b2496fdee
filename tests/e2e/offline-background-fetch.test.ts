/**
 * Downloads that go on when the page is left (issue 21, part 3: "downloads continue when the page is
 * left where the platform allows (Background Fetch) and otherwise resume"; decision 0025), in
 * Debian's Chromium, which has Background Fetch (headless too): the learner starts a lesson's
 * download, the video's segments are held back by the server until the page is closed, then the
 * browser fetches them and the service worker stores them; a new page lists the lesson as downloaded
 * on `/tai-khoan/tai-ve` and plays it offline. Each segment reached the server once. Where the
 * browser has no Background Fetch, the page downloads by itself (the same lesson, the other path).
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { buildTestClipArgs, runTool } from '../../modules/video/ffmpeg.ts';
import { createLesson } from '../factories/catalog.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { createEnrolment, createQuiz } from '../factories/learning.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';
import { signInDemoLearnerAt } from './learning-shared.ts';

const PHONE = { width: 360, height: 740 };
const journey = useJourney({ PAGE_CACHE_SECONDS: '300' });
let slug: string;
let lessonId: number;
let quizLesson: number;
const SEGMENT = /^\/media\/hls\/\d+\/(v\d+|audio)\/seg_\d+\.ts$/;

/** The server's segment requests: every one seen, and those held while the gate is shut. */
const segments = {
  seen: [] as string[],
  held: [] as (() => void)[],
  shut: false,
  /** The nth segment request from now is answered 503 (0: none); `failed` is its path. */
  failAt: 0,
  failed: '',
};

function open(): void {
  segments.shut = false;
  for (const release of segments.held.splice(0)) release();
}

beforeAll(async () => {
  const { db, services, app } = journey.server.context;
  const course = await createPaidCourse(db, 200_000);
  slug = course.slug;
  lessonId = (
    await createLesson(db, { course_id: course.id, content_type: 'video', title: 'Bài tải khi rời trang', position: 1 })
  ).id;
  quizLesson = (
    await createLesson(db, { course_id: course.id, content_type: 'exam', title: 'Kiểm tra cuối bài', position: 2 })
  ).id;
  await createQuiz(db, quizLesson);
  const learner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'hocvien@khaitri.vn')
    .executeTakeFirstOrThrow();
  await createEnrolment(db, { userId: learner.id, courseId: course.id });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-bgfetch-'));
  try {
    const clip = path.join(dir, 'nguon.mp4');
    await runTool('/usr/bin/ffmpeg', buildTestClipArgs(clip, { seconds: 14, width: 426, height: 240, fps: 15 }));
    const asset = await services.video.ingestFile(lessonId, clip);
    const worker = services.video.createWorker({ backoffMs: () => 0 });
    for (let round = 0; round < 5 && (await services.video.assetStatus(asset.id))?.status !== 'ready'; round += 1)
      await worker.runOnce();
    expect((await services.video.assetStatus(asset.id))?.status).toBe('ready');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // The server's own request handler, behind a gate for video segments.
  const http = app.server;
  const handlers = http.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  http.removeAllListeners('request');
  http.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const pass = () => {
      for (const handler of handlers) handler.call(http, request, response);
    };
    const pathname = (request.url ?? '').split('?')[0] ?? '';
    if (!SEGMENT.test(pathname)) return pass();
    segments.seen.push(pathname);
    if (segments.seen.length === segments.failAt) {
      segments.failed = pathname;
      response.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable');
      return;
    }
    if (segments.shut) segments.held.push(pass);
    else pass();
  });
}, 120_000);

/** The part of the Background Fetch API read here (not in TypeScript's DOM library). */
type BackgroundFetching = ServiceWorkerRegistration & { backgroundFetch: { getIds(): Promise<string[]> } };

const study = () => `/vao-hoc/${slug}?bai=${lessonId}`;

interface RecordState {
  status: string;
  background: boolean;
  stopped: string | null;
}

/** What the lesson's record in the device's store says. */
const downloadRecord = (page: Page, id: number) =>
  page.evaluate(
    (lesson) =>
      new Promise<RecordState | null>((resolve, reject) => {
        const opening = indexedDB.open('khai-tri-offline', 1);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const get = opening.result.transaction('downloads').objectStore('downloads').get(lesson);
          get.onsuccess = () => {
            const record = get.result as { status: string; background?: unknown; stopped?: string } | undefined;
            opening.result.close();
            const state = record && { status: record.status, background: Boolean(record.background) };
            resolve(state ? { ...state, stopped: record?.stopped ?? null } : null);
          };
        };
      }),
    id,
  );

it('goes on with a lesson download after the page is closed, and the lesson plays offline', async () => {
  const { page } = await journey.openPage(PHONE);
  await signInDemoLearnerAt(journey, page, study());
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // This Chromium has Background Fetch (headless too).
  expect(await page.evaluate(async () => 'backgroundFetch' in (await navigator.serviceWorker.ready))).toBe(true);

  segments.shut = true;
  segments.seen.length = 0;
  await page.getByRole('button', { name: /^Tải về để học/ }).click();
  await page.getByRole('button', { name: 'Bắt đầu tải' }).click();
  // Handed to the browser: one Background Fetch for this lesson and quality, the page showing progress.
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          ((await navigator.serviceWorker.ready) as BackgroundFetching).backgroundFetch.getIds(),
        ),
      {
        timeout: 20_000,
      },
    )
    .toEqual([expect.stringMatching(new RegExp(`^kt-lesson-${lessonId}-\\d+p$`))]);
  await expect.poll(() => page.getByText(/^Đang tải về… /).isVisible()).toBe(true);
  await expect.poll(() => segments.held.length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await downloadRecord(page, lessonId)).toEqual({ status: 'partial', background: true, stopped: null });

  // The page goes away before any segment has come; then the server lets them through.
  const context = page.context();
  await page.close();
  open();

  const later = await context.newPage();
  await later.goto(journey.url('/tai-khoan/tai-ve'));
  await waitForHydration(later);
  const listed = later.getByTestId('download-lesson');
  await expect.poll(() => listed.count(), { timeout: 30_000 }).toBe(1);
  // The worker finishes it; the open page hears of it and shows it downloaded, not half-way. (Chromium
  // sometimes waits about 30 s before asking for the segments after the first ones, once the page is closed.)
  await expect.poll(() => listed.textContent(), { timeout: 90_000 }).toMatch(/\d+p · [\d,]+ (KB|MB) · hết hạn/);
  expect(await listed.textContent()).toContain('Bài tải khi rời trang');
  expect(await downloadRecord(later, lessonId)).toEqual({ status: 'done', background: false, stopped: null });
  // Nothing was fetched twice.
  expect(segments.seen.length).toBeGreaterThan(1);
  expect(new Set(segments.seen).size).toBe(segments.seen.length);
  const files = await later.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('khai-tri-download-'))!;
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
  });
  expect(files.filter((file) => file.endsWith('.ts'))).toHaveLength(segments.seen.length);
  expect(files).toEqual(
    expect.arrayContaining([`/offline-media/${lessonId}/master.m3u8`, `/offline-media/${lessonId}/index.m3u8`]),
  );

  // Offline, the study page plays it from the device.
  const cdp = await context.newCDPSession(later);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await later.goto(journey.url(study()));
  await waitForHydration(later);
  await expect.poll(() => later.getByTestId('lesson-downloaded').isVisible(), { timeout: 15_000 }).toBe(true);
  const player = later.getByRole('group', { name: /Trình phát video/ });
  await player.focus();
  await later.keyboard.press('k');
  await expect
    .poll(() => later.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(2);
}, 180_000);

it('without Background Fetch the page downloads the lesson itself', async () => {
  const { page } = await journey.openPage(PHONE);
  // A browser without the API (Firefox, Safari): the page's own downloader.
  await page.addInitScript(() => {
    delete (ServiceWorkerRegistration.prototype as { backgroundFetch?: unknown }).backgroundFetch;
  });
  await signInDemoLearnerAt(journey, page, study());
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  expect(await page.evaluate(async () => 'backgroundFetch' in (await navigator.serviceWorker.ready))).toBe(false);
  segments.seen.length = 0;
  await page.getByRole('button', { name: /^Tải về để học/ }).click();
  await page.getByRole('button', { name: 'Bắt đầu tải' }).click();
  await expect.poll(() => page.getByTestId('lesson-downloaded').isVisible(), { timeout: 30_000 }).toBe(true);
  expect(await downloadRecord(page, lessonId)).toEqual({ status: 'done', background: false, stopped: null });
  expect(segments.seen.length).toBeGreaterThan(1);
  expect(new Set(segments.seen).size).toBe(segments.seen.length);
}, 120_000);

it('keeps what a failed Background Fetch brought, and "Tải về tiếp" fetches only the rest', async () => {
  const { page } = await journey.openPage(PHONE);
  await signInDemoLearnerAt(journey, page, study());
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  segments.seen.length = 0;
  segments.failAt = 2;
  await page.getByRole('button', { name: /^Tải về để học/ }).click();
  await page.getByRole('button', { name: 'Bắt đầu tải' }).click();
  await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 }).toMatch(/^Tải về bị gián đoạn/);
  segments.failAt = 0;
  expect(await downloadRecord(page, lessonId)).toEqual({ status: 'partial', background: false, stopped: 'failed' });
  const firstRound = [...segments.seen];
  // The segments that came are on the device already.
  const kept = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('khai-tri-download-'))!;
    return (await (await caches.open(name)).keys()).filter((request) => request.url.endsWith('.ts')).length;
  });
  expect(kept).toBe(new Set(firstRound).size - 1);

  await page.getByRole('button', { name: 'Tải về tiếp (đã tải một phần)' }).click();
  await page.getByRole('button', { name: 'Bắt đầu tải' }).click();
  await expect.poll(() => page.getByTestId('lesson-downloaded').isVisible(), { timeout: 30_000 }).toBe(true);
  expect(await downloadRecord(page, lessonId)).toEqual({ status: 'done', background: false, stopped: null });
  // Only the failed segment (and any the browser never asked for) came the second time.
  const secondRound = segments.seen.slice(firstRound.length);
  expect(secondRound.filter((file) => firstRound.includes(file))).toEqual([segments.failed]);
  expect(new Set(secondRound).size).toBe(secondRound.length);
}, 120_000);

it('hands a whole course over: the video to Background Fetch, the quiz stored by the page', async () => {
  const { page } = await journey.openPage(PHONE);
  await signInDemoLearnerAt(journey, page, study());
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  segments.seen.length = 0;
  segments.shut = true;
  await page.getByRole('button', { name: 'Tải về cả khóa học' }).click();
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          ((await navigator.serviceWorker.ready) as BackgroundFetching).backgroundFetch.getIds(),
        ),
      { timeout: 20_000 },
    )
    .toEqual([expect.stringMatching(new RegExp(`^kt-lesson-${lessonId}-\\d+p$`))]);
  open();
  await expect.poll(() => page.getByText(/^Đã tải về cả khóa học/).isVisible(), { timeout: 90_000 }).toBe(true);
  expect(await downloadRecord(page, lessonId)).toEqual({ status: 'done', background: false, stopped: null });
  expect(await downloadRecord(page, quizLesson)).toEqual({ status: 'done', background: false, stopped: null });
  expect(new Set(segments.seen).size).toBe(segments.seen.length);
}, 150_000);
