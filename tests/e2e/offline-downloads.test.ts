/**
 * Downloads and offline study (issue 21, parts 3–5, decision 0025) in Chromium on a 360 px phone
 * against the real product: the learner downloads a video lesson (360p of a real HLS ladder) and a
 * quiz lesson; offline (CDP network emulation) `/tai-khoan/tai-ve` and the study page reload from
 * the service worker, the video plays from the device, the quiz is answered and a note written;
 * online again, the progress, the note and exactly one graded attempt reach the server. A refund
 * of the course removes the download at the next connection.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { createLesson } from '../factories/catalog.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { createQuiz } from '../factories/learning.ts';
import { createGatewayOrder, recordGatewayRefund } from '../factories/payments.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';
import { signInDemoLearnerAt } from './learning-shared.ts';

const PHONE = { width: 360, height: 740 };
// The page cache on, as in production: the study page kept for offline use is the frame shared by the
// course's enrolled learners (their own progress cannot be fetched offline; the lesson works without it).
const journey = useJourney({ PAGE_CACHE_SECONDS: '300' });
let slug: string;
let videoLesson: number;
let quizLesson: number;
let order: { orderId: number; code: string; paymentId: number };
let learnerId: number;

async function transcodeInto(lessonId: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-offline-'));
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
  const course = await createPaidCourse(db, 300_000);
  slug = course.slug;
  videoLesson = (
    await createLesson(db, { course_id: course.id, content_type: 'video', title: 'Bài giảng tải về', position: 1 })
  ).id;
  quizLesson = (
    await createLesson(db, { course_id: course.id, content_type: 'exam', title: 'Kiểm tra tải về', position: 2 })
  ).id;
  await createQuiz(db, quizLesson);
  await transcodeInto(videoLesson);
  learnerId = (
    await db.selectFrom('users').select('id').where('email', '=', 'hocvien@khaitri.vn').executeTakeFirstOrThrow()
  ).id;
  const pod = { podId: course.podId, courseId: course.id, price: 300_000, cycle: 5, slug, title: course.title };
  order = await createGatewayOrder(db, {
    userId: learnerId,
    pod: { ...pod, type: 'retail' },
    method: 'vnpay',
    paidAt: new Date(),
  });
}, 120_000);

const study = (lessonId: number) => `/vao-hoc/${slug}?bai=${lessonId}`;

async function setOffline(cdp: CDPSession, offline: boolean): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

async function download(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Tải về để học/ }).click();
  await page.getByRole('button', { name: 'Bắt đầu tải' }).click();
  await expect.poll(() => page.getByTestId('lesson-downloaded').isVisible(), { timeout: 30_000 }).toBe(true);
}

const videoTime = (page: Page) => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

it('downloads a video and a quiz, studies them offline, syncs once, and loses them after a refund', async () => {
  const { db } = journey.server.context;
  const { page } = await journey.openPage(PHONE);
  const cdp = await page.context().newCDPSession(page);
  await signInDemoLearnerAt(journey, page, study(videoLesson));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  // The choice of quality shows each rung's size; 360p is chosen by default.
  await page.getByRole('button', { name: /^Tải về để học/ }).click();
  const choice = page.getByRole('radio', { name: /^360p · [\d,]+ (KB|MB)$/ });
  await expect.poll(() => choice.isChecked()).toBe(true);
  expect(await page.getByRole('radio', { name: /^240p · / }).count()).toBe(1);
  await page.getByRole('button', { name: 'Bắt đầu tải' }).click();
  await expect.poll(() => page.getByTestId('lesson-downloaded').isVisible(), { timeout: 30_000 }).toBe(true);

  await page.goto(journey.url(study(quizLesson)));
  await waitForHydration(page);
  await download(page);

  await page.goto(journey.url('/tai-khoan/tai-ve'));
  await waitForHydration(page);
  await expect.poll(() => page.getByTestId('download-lesson').count()).toBe(2);
  expect(await page.getByText(/360p · [\d,]+ (KB|MB)/).count()).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Offline: the downloads page and the study page reload from the device.
  await setOffline(cdp, true);
  await page.reload();
  await expect.poll(() => page.getByTestId('download-lesson').count(), { timeout: 15_000 }).toBe(2);
  await page.goto(journey.url(study(videoLesson)));
  await waitForHydration(page);
  const player = page.getByRole('group', { name: /Trình phát video/ });
  await player.focus();
  await page.keyboard.press('k');
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(3);
  await page.keyboard.press('k');
  await page.getByLabel('Ghi chú mới (chỉ mình bạn xem được)').fill('Ghi chú viết khi không có mạng');
  await page.getByRole('button', { name: 'Lưu ghi chú' }).click();
  await expect.poll(() => page.getByText('Đã lưu ghi chú trên máy.', { exact: false }).isVisible()).toBe(true);

  await page.goto(journey.url(study(quizLesson)));
  await waitForHydration(page);
  const questions = page.getByTestId('quiz-question');
  await expect.poll(() => questions.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  for (let index = 0; index < (await questions.count()); index += 1) {
    await questions.nth(index).locator('input').first().check();
  }
  await page.getByRole('button', { name: 'Nộp bài (chấm khi có mạng)' }).click();
  await expect.poll(() => page.getByTestId('pending-sync').textContent()).toMatch(/Đang chờ đồng bộ: \d+ thao tác/);

  // Online again: everything arrives once.
  await setOffline(cdp, false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(
      async () =>
        Number(
          (
            await db
              .selectFrom('quiz_attempts')
              .select(db.fn.countAll<number>().as('count'))
              .where('user_id', '=', learnerId)
              .where('lesson_id', '=', quizLesson)
              .where('submitted_at', 'is not', null)
              .executeTakeFirstOrThrow()
          ).count,
        ),
      { timeout: 20_000 },
    )
    .toBe(1);
  const notes = await db
    .selectFrom('lesson_notes')
    .select('content')
    .where('user_id', '=', learnerId)
    .where('lesson_id', '=', videoLesson)
    .execute();
  expect(notes.map((note) => note.content)).toEqual(['Ghi chú viết khi không có mạng']);
  const progress = await db
    .selectFrom('lesson_progress')
    .select('resume_seconds')
    .where('user_id', '=', learnerId)
    .where('lesson_id', '=', videoLesson)
    .executeTakeFirst();
  expect(progress?.resume_seconds ?? 0).toBeGreaterThanOrEqual(3);
  await expect.poll(() => page.getByTestId('pending-sync').count()).toBe(0);
  // A second connection sends nothing twice.
  await page.reload();
  await waitForHydration(page);
  await page.waitForTimeout(2_500);
  expect(
    Number(
      (
        await db
          .selectFrom('quiz_attempts')
          .select(db.fn.countAll<number>().as('count'))
          .where('user_id', '=', learnerId)
          .where('lesson_id', '=', quizLesson)
          .executeTakeFirstOrThrow()
      ).count,
    ),
  ).toBe(1);

  // A refund: at the next connection the downloads are gone from the device.
  // (As the refund service records a refund the gateway accepted: the journey has no gateway payment.)
  await recordGatewayRefund(db, order, {
    amount: 300_000,
    reason: 'Học viên đổi ý',
    at: new Date(),
    actor: 'cli:journey',
  });
  await page.goto(journey.url('/tai-khoan/tai-ve'));
  await waitForHydration(page);
  await expect
    .poll(() => page.getByText('Chưa có bài học nào được tải về máy này.').isVisible(), { timeout: 20_000 })
    .toBe(true);
  expect(
    await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('khai-tri-download-'))),
  ).toEqual([]);
}, 180_000);
