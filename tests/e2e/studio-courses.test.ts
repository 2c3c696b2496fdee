/**
 * The studio in Chromium (demo seed): the editor creates a course with two packages and three
 * lessons, uploads a generated clip to the video lesson (resumable chunks) and watches the
 * transcode finish (the worker is run by the test), publishes; a learner then finds the course by
 * search, buys it through the MoMo simulator and plays the video on the study page.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';

// The payment simulator sends the browser back to PUBLIC_URL: the journey opens a front door first.
const journey = useJourney({}, { frontDoor: true });
const videoTime = (page: Page) => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

function makeClip(): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-studio-clip-'));
  const file = path.join(dir, 'gioi-thieu.mp4');
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', 'testsrc=size=426x240:rate=15:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', file],
  ]);
  return { dir, file };
}

it('an editor builds, fills, uploads a video to and publishes a course that search then finds', async () => {
  const clip = makeClip();
  const { page, watch } = await journey.openPage({ width: 1280, height: 900 });
  await page.goto(journey.url('/dang-nhap?redirect=%2Fstudio%2Fkhoa-hoc'));
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill('bientap@khaitri.vn');
  await page.getByLabel('Mật khẩu').fill('KhaiTri@2026');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL(journey.url('/studio/khoa-hoc'));
  await waitForHydration(page);

  await page.getByLabel('Tiêu đề').fill('Hóa học 10 cơ bản');
  await page.getByRole('button', { name: 'Tạo bản nháp' }).click();
  await page.waitForURL(/\/studio\/khoa-hoc\/\d+$/);
  await waitForHydration(page);

  // Publishing an empty course is refused with the reason.
  await page.getByRole('button', { name: 'Xuất bản' }).click();
  await expect.poll(() => page.getByText('Không thể xuất bản: khóa học chưa có bài học nào.').isVisible()).toBe(true);

  for (const [name, cycle, price] of [
    ['Gói tháng', '3', '99000'],
    ['Gói năm', '4', '799000'],
  ] as const) {
    await page.getByLabel('Tên gói').fill(name);
    await page.getByLabel('Chu kỳ').selectOption(cycle);
    await page.getByLabel('Giá (đồng)').fill(price);
    await page.getByRole('button', { name: 'Thêm gói' }).click();
    await expect.poll(() => page.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
  }

  // A price, so learners buy it (a retail course without one is free).
  await page.getByLabel('Giá bán (đồng)').fill('199000');
  await page.getByRole('button', { name: 'Lưu thông tin' }).click();
  await expect.poll(() => page.getByText('Đã lưu thông tin khóa học.').isVisible()).toBe(true);

  await page.getByLabel('Tên chương mới').fill('Chương 1');
  await page.getByRole('button', { name: 'Thêm chương' }).click();
  const chapter = page.locator('li').filter({ has: page.getByRole('heading', { name: 'Chương 1' }) });
  await expect.poll(() => chapter.count()).toBe(1);
  for (const [title, kind] of [
    ['Giới thiệu bằng video', 'video'],
    ['Bảng tuần hoàn', 'paragraph'],
    ['Bài kiểm tra nhanh', 'exam'],
  ] as const) {
    await chapter.getByLabel('Tiêu đề bài học mới').fill(title);
    await chapter.getByLabel('Loại bài').selectOption(kind);
    await chapter.getByRole('button', { name: 'Thêm bài học' }).click();
    await expect.poll(() => page.getByText(title).count()).toBeGreaterThan(0);
  }

  // Drag the quiz above the video lesson (pointer events; one save for the whole tree).
  const box = async (name: string) => (await page.getByRole('button', { name }).boundingBox())!;
  const from = await box('Kéo để đổi thứ tự: Bài kiểm tra nhanh');
  const to = await box('Kéo để đổi thứ tự: Giới thiệu bằng video');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(() => page.getByText('Đã lưu thứ tự mới.').isVisible()).toBe(true);
  const titles = await journey.server.context.db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select('lessons.title')
    .where('courses.title', '=', 'Hóa học 10 cơ bản')
    .where('lessons.type', '=', 'content')
    .orderBy('lessons.position')
    .execute();
  expect(titles.map((row) => row.title)).toEqual(['Bài kiểm tra nhanh', 'Giới thiệu bằng video', 'Bảng tuần hoàn']);

  // Upload the clip to the video lesson; the progress then the transcode status show.
  const lesson = chapter.locator('li').filter({ hasText: 'Giới thiệu bằng video' });
  await lesson.getByText('Sửa bài học').click();
  await lesson.getByLabel('Tệp video (MP4, MOV…)').setInputFiles(clip.file);
  await expect.poll(() => lesson.getByText('Đang chờ chuyển mã…').isVisible(), { timeout: 20_000 }).toBe(true);
  const video = journey.server.context.services.video;
  const worker = video.createWorker({ backoffMs: () => 0 });
  for (let round = 0; round < 5 && (await worker.runOnce()) !== 'ready'; round += 1);
  await expect.poll(() => lesson.getByText('Video đã sẵn sàng.').isVisible(), { timeout: 20_000 }).toBe(true);
  fs.rmSync(clip.dir, { recursive: true, force: true });

  await page.getByRole('button', { name: 'Xuất bản' }).click();
  await expect.poll(() => page.getByText('Đã xuất bản khóa học.').isVisible()).toBe(true);

  // An anonymous visitor finds it by search (marks folded).
  const response = await fetch(journey.url(`/api/user/search.json?q=${encodeURIComponent('hoa hoc 10')}`));
  const hits = ((await response.json()) as { data: { title: string }[] }).data;
  expect(hits.map((hit) => hit.title)).toContain('Hóa học 10 cơ bản');
  expect(unexpectedExceptFormErrors(watch, [422])).toEqual([]);

  // The learner's half: search → course page → cart → sign in → MoMo simulator → study → the video plays.
  const db = journey.server.context.db;
  const buyer = await createUser(db);
  const learner = await journey.openPage({ width: 1280, height: 900 });
  const lp = learner.page;
  await lp.goto(journey.url(`/tim-kiem?q=${encodeURIComponent('hoa hoc 10')}`));
  await waitForHydration(lp);
  await lp.getByRole('link', { name: 'Hóa học 10 cơ bản' }).first().click();
  await lp.waitForURL(/\/khoa-hoc\/hoa-hoc-10-co-ban$/);
  await waitForHydration(lp);
  await lp.getByRole('button', { name: 'Thêm vào giỏ hàng' }).click();
  await lp.waitForURL(/\/gio-hang\?da-them=1$/);
  await expect.poll(() => lp.getByText('Đã thêm khóa học vào giỏ hàng.').isVisible()).toBe(true);
  await lp.getByRole('link', { name: 'Thanh toán', exact: true }).click();
  await lp.waitForURL(/\/dang-nhap\?redirect=/);
  await waitForHydration(lp);
  await lp.getByLabel('Số điện thoại hoặc email').fill(`0${buyer.phone!.slice(2)}`);
  await lp.getByLabel('Mật khẩu').fill(buyer.password);
  await lp.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await lp.waitForURL(journey.url('/gio-hang/thanh-toan'));
  await waitForHydration(lp);
  await lp.getByLabel('Ví MoMo').check();
  await lp.getByRole('button', { name: 'Thanh toán', exact: true }).click();
  await lp.waitForURL((address) => address.pathname.startsWith('/__sim/pay/'));
  await lp.getByRole('link', { name: 'Đồng ý thanh toán' }).click();
  await lp.waitForURL(/\/tai-khoan\/don-hang\?ma=.*&ket-qua=thanh-cong/);
  await waitForHydration(lp);
  await expect.poll(() => lp.getByTestId('order-status').textContent()).toBe('Hoàn tất');

  const videoLesson = await db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select('lessons.id')
    .where('courses.slug', '=', 'hoa-hoc-10-co-ban')
    .where('lessons.content_type', '=', 'video')
    .executeTakeFirstOrThrow();
  await lp.goto(journey.url(`/vao-hoc/hoa-hoc-10-co-ban?bai=${videoLesson.id}`));
  await waitForHydration(lp);
  await lp.getByRole('group', { name: /Trình phát video/ }).focus();
  await lp.keyboard.press('k');
  await expect.poll(() => videoTime(lp), { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect(learner.watch.unexpected()).toEqual([]);
}, 180_000);
