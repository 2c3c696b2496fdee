/**
 * Studying in Chromium against the real product (demo seed): "Vào học" on a free course, the video
 * plays, the position is saved, leaving and coming back resumes near it, every lesson gets completed
 * and the course shows 100 %, with its certificate. On a phone-sized window the curriculum folds behind a button.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEnrolment, createStudyCourse } from '../factories/learning.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';

// The page cache on, as in production: a study page opened as a document is the frame shared by the
// course's enrolled learners, the learner's marks and resume point arriving after it.
const journey = useJourney({ PAGE_CACHE_SECONDS: '300' });
const CLIP_SECONDS = 20;
let course: Awaited<ReturnType<typeof createStudyCourse>>;
let hlsCourse: Awaited<ReturnType<typeof createStudyCourse>>;

/** A small generated clip (H.264 MP4), stored through the storage driver like an upload. */
async function storeClip(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-clip-'));
  const file = path.join(dir, 'bai-giang.mp4');
  execFileSync('/usr/bin/ffmpeg', [
    ...[
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=320x180:rate=15:duration=${CLIP_SECONDS}`,
    ],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
  ]);
  const key = 'learning/journey/bai-giang.mp4';
  const storage = journey.server.context.services.storage;
  await storage.putObject(key, fs.readFileSync(file), 'video/mp4');
  fs.rmSync(dir, { recursive: true, force: true });
  return new URL(storage.publicUrl(key), 'http://localhost').pathname;
}

/**
 * A 14-second 854×480 clip sent through the real video pipeline (storage, job, ffmpeg ladder):
 * the lesson then plays the 480/360/240 ladder through signed URLs.
 */
async function transcodeInto(lessonId: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-hls-'));
  const file = path.join(dir, 'nguon.mp4');
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', 'testsrc=size=854x480:rate=15:duration=14'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', file],
  ]);
  const video = journey.server.context.services.video;
  const asset = await video.ingestFile(lessonId, file);
  const worker = video.createWorker({ backoffMs: () => 0 });
  for (let round = 0; round < 5 && (await video.assetStatus(asset.id))?.status !== 'ready'; round += 1) {
    await worker.runOnce();
  }
  fs.rmSync(dir, { recursive: true, force: true });
  expect((await video.assetStatus(asset.id))?.status).toBe('ready');
}

beforeAll(async () => {
  const db = journey.server.context.db;
  course = await createStudyCourse(db, {
    course: { title: 'Nhập môn học trực tuyến', price_new: 0 },
    videoUrl: await storeClip(),
    videoSeconds: CLIP_SECONDS,
    withExam: false,
  });
  hlsCourse = await createStudyCourse(db, {
    course: { title: 'Video nhiều chất lượng', price_new: 0 },
    videoSeconds: 14,
  });
  await transcodeInto(hlsCourse.lessons.video);
  const learner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'hocvien@khaitri.vn')
    .executeTakeFirstOrThrow();
  await createEnrolment(db, { userId: learner.id, courseId: hlsCourse.course.id });
});

async function signIn(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill('0912345678');
  await page.getByLabel('Mật khẩu').fill('KhaiTri@2026');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

const videoTime = (page: Page) => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);
const savedResume = (lessonId: number) =>
  journey.server.context.db
    .selectFrom('lesson_progress')
    .select(['resume_seconds', 'watched_seconds', 'completed_at'])
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();

async function openLesson(page: Page, lessonId: number) {
  await page.goto(journey.url(`/vao-hoc/${course.course.slug}?bai=${lessonId}`));
  await waitForHydration(page);
}

describe('studying a free course', () => {
  it('enrols, plays the video, resumes after leaving, completes every lesson and shows 100 %', async () => {
    const { slug } = course.course;
    const { page, watch } = await openPage();
    await page.goto(journey.url(`/khoa-hoc/${slug}`));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Vào học' }).click();
    await page.waitForURL(/\/dang-nhap\?redirect=/);
    await signIn(page);
    await page.waitForURL(journey.url(`/khoa-hoc/${slug}`));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Vào học' }).click();
    await page.waitForURL(journey.url(`/vao-hoc/${slug}`));
    await waitForHydration(page);
    // The first lesson is a text: opening it completes it.
    await expect.poll(async () => (await savedResume(course.lessons.intro))?.completed_at ?? null).not.toBeNull();

    await page.getByRole('link', { name: 'Bài tiếp theo →' }).click();
    await page.waitForURL(new RegExp(`bai=${course.lessons.video}`));
    const player = page.getByRole('group', { name: /Trình phát video/ });
    await player.focus();
    await page.keyboard.press('k');
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(4);
    await page.keyboard.press('k');
    const paused = await videoTime(page);
    await expect
      .poll(async () => (await savedResume(course.lessons.video))?.resume_seconds ?? 0)
      .toBe(Math.floor(paused));

    // Leave, come back through "my courses": the video starts where it was paused.
    await page.goto(journey.url('/tai-khoan/khoa-hoc-cua-toi'));
    await waitForHydration(page);
    const card = page.getByTestId('my-course').filter({ hasText: 'Nhập môn học trực tuyến' });
    await card.getByRole('link', { name: 'Tiếp tục học' }).click();
    await page.waitForURL(new RegExp(`/vao-hoc/${slug}\\?bai=${course.lessons.video}`));
    await waitForHydration(page);
    await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(Math.floor(paused) - 1);
    expect(await videoTime(page)).toBeLessThan(paused + 2);
    // Opened as a document (the shared frame): the resume point arrives after the player, and is taken.
    const frame = await page.goto(journey.url(`/vao-hoc/${slug}?bai=${course.lessons.video}`));
    expect(frame!.headers()['x-page-cache']).toMatch(/^(hit|miss)$/);
    await waitForHydration(page);
    await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(Math.floor(paused) - 1);
    expect(await videoTime(page)).toBeLessThan(paused + 2);

    // Watch to the end (twice the speed): 90 % watched completes the lesson.
    await page.getByLabel('Tốc độ').selectOption('2');
    await page.getByRole('group', { name: /Trình phát video/ }).focus();
    await page.keyboard.press('k');
    await expect
      .poll(() => page.getByText('Bạn đã hoàn thành bài học này.').isVisible(), { timeout: 30_000 })
      .toBe(true);

    // YouTube: the learner marks it done. The document: opening it is enough.
    await openLesson(page, course.lessons.youtube);
    await page.getByRole('button', { name: 'Đánh dấu hoàn thành' }).click();
    await expect.poll(() => page.getByText('Bạn đã hoàn thành bài học này.').isVisible()).toBe(true);
    await openLesson(page, course.lessons.document);
    await expect.poll(() => page.getByText('Bạn đã hoàn thành khóa học!').isVisible()).toBe(true);
    expect(await page.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('100');

    await page.goto(journey.url('/tai-khoan/khoa-hoc-cua-toi?loc=hoan-thanh'));
    await expect.poll(() => card.getByText('Đã hoàn thành').isVisible()).toBe(true);

    // Completing the course issued its certificate: listed in the account, verifiable in public.
    await page.goto(journey.url('/tai-khoan/chung-chi'));
    await waitForHydration(page);
    const certificate = page.getByRole('listitem').filter({ hasText: 'Nhập môn học trực tuyến' });
    await expect.poll(() => certificate.count()).toBe(1);
    await certificate.getByRole('link', { name: 'Xem chứng chỉ' }).click();
    await page.waitForURL(/\/chung-chi\/KT-/);
    await expect.poll(() => page.getByTestId('certificate-learner').isVisible()).toBe(true);
    expect(await page.getByText('Nhập môn học trực tuyến').first().isVisible()).toBe(true);
    expect(unexpectedExceptFormErrors(watch)).toEqual([]);
  });

  it('folds the curriculum away on a phone and keeps the page within 360 px', async () => {
    const { page, watch } = await openPage({ width: 360, height: 740 });
    await page.goto(journey.url(`/vao-hoc/${course.course.slug}?bai=${course.lessons.intro}`));
    await waitForHydration(page);
    const sidebar = page.getByRole('navigation', { name: 'Mục lục khóa học' });
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole('button', { name: /Mục lục/ }).click();
    expect(await sidebar.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Anonymous: the preview opens, the others ask to sign in.
    await sidebar.getByRole('link', { name: /Video bài giảng/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Đăng nhập để học bài này' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Đăng nhập' }).last().getAttribute('href')).toContain(
      '/dang-nhap?redirect=',
    );
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('the HLS player', () => {
  it('loads hls.js only on a lesson, offers each rung, and the data saver caps quality at 360p', async () => {
    const { page, watch } = await openPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const target = `/vao-hoc/${hlsCourse.course.slug}?bai=${hlsCourse.lessons.video}`;
    await page.goto(journey.url(`/dang-nhap?redirect=${encodeURIComponent(target)}`));
    await signIn(page);
    await page.waitForURL(journey.url(target));
    await waitForHydration(page);
    const quality = page.getByLabel('Chất lượng');
    await expect.poll(() => quality.locator('option').allInnerTexts()).toEqual(['Tự động', '480p', '360p', '240p']);
    expect(scripts.filter((url) => /\/hls[.-][^/]*\.js$/.test(url))).toHaveLength(1);

    await page.getByLabel('Tiết kiệm dữ liệu (tối đa 360p)').check();
    expect(await quality.locator('option', { hasText: '480p' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem('kt_data_saver'))).toBe('1');
    await quality.selectOption({ label: '240p' });
    await page.getByRole('group', { name: /Trình phát video/ }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
    // The switch lands at the next segment the player shows.
    await expect
      .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.videoHeight), { timeout: 15_000 })
      .toBe(240);

    // Elsewhere (the course page, my courses) no page loads hls.js.
    scripts.length = 0;
    await page.goto(journey.url(`/khoa-hoc/${hlsCourse.course.slug}`));
    await waitForHydration(page);
    await page.goto(journey.url('/tai-khoan/khoa-hoc-cua-toi'));
    await waitForHydration(page);
    expect(scripts.filter((url) => /\/hls[.-][^/]*\.js$/.test(url))).toEqual([]);
    expect(watch.unexpected()).toEqual([]);
  });

  it('plays when tapped while hls.js is still downloading, the master playlist hinted in the head', async () => {
    // The service worker would fetch hls.js itself, out of the page's request interception.
    const { page, watch } = await openPage(undefined, { serviceWorkers: 'block' });
    const target = `/vao-hoc/${hlsCourse.course.slug}?bai=${hlsCourse.lessons.video}`;
    await page.goto(journey.url(`/dang-nhap?redirect=${encodeURIComponent(target)}`));
    await signIn(page);
    await page.waitForURL(journey.url(target));
    // From here on hls.js arrives 1.5 s late, as on a slow phone: the tap comes before the player
    // has a source (the element keeps the play for when it has one).
    await page.route(/\/hls[.-][^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.reload();
    await waitForHydration(page);
    expect(await page.locator('head link[rel="preload"][as="fetch"][href*="master.m3u8"]').count()).toBe(1);
    await page.getByRole('group', { name: /Trình phát video/ }).focus();
    await page.keyboard.press('k');
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(watch.unexpected()).toEqual([]);
  });
});

const openPage = (viewport?: { width: number; height: number }, options?: { serviceWorkers?: 'allow' | 'block' }) =>
  journey.openPage(viewport, options);
