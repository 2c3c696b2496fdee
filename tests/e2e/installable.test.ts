/**
 * Khai Trí as an installable app (issue 21 §1, decision 0015) in Chromium against the real product:
 * the manifest and its PNG pictures; Chromium's own installability verdict on `/` (what Lighthouse's
 * installability check reads); "Cài ứng dụng Khai Trí" in the account menu and after a completed
 * lesson only when the browser offers a prompt (a `beforeinstallprompt` dispatched with a prompt()
 * that counts its calls: a journey cannot answer Chromium's own install dialog), the Share-menu steps on iOS Safari;
 * and a course studied only in the app: the offer in a browser tab, the lesson in the installed app
 * (Chromium's `--app` window, display mode standalone).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readChromiumPath } from '../../config/env.ts';
import { axeViolations } from './axe.ts';
import { CHROMIUM_ARGS, launchChromium, waitForHydration, watchPage } from './browser.ts';
import { useJourney } from './journey.ts';
import { signInDemoLearnerAt } from './learning-shared.ts';

const journey = useJourney();

const PHONE = { width: 360, height: 740 };
const INSTALL = 'Cài ứng dụng Khai Trí';
const IOS_STEPS = 'Nhấn nút Chia sẻ rồi chọn Thêm vào MH chính.';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const APP_ONLY_SLUG = 'mobienglish-tieng-anh-moi-ngay';

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
  label?: string;
}

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function fetchPng(src: string): Promise<{ width: number; height: number; bytes: number }> {
  const response = await fetch(journey.url(src));
  expect(response.status, src).toBe(200);
  expect(response.headers.get('content-type'), src).toBe('image/png');
  const bytes = Buffer.from(await response.arrayBuffer());
  return { ...pngSize(bytes), bytes: bytes.length };
}

/**
 * A page dispatches what Chromium dispatches when the app can be installed: a cancelable
 * `beforeinstallprompt` whose prompt() is counted in `window.__promptCalls`. Whether the page
 * prevented the default (the mini-infobar).
 */
function offerPrompt(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const counted = window as Window & { __promptCalls?: number };
    counted.__promptCalls = 0;
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        counted.__promptCalls = (counted.__promptCalls ?? 0) + 1;
        return Promise.resolve({ outcome: 'accepted' });
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

const promptCalls = (page: Page) => page.evaluate(() => (window as Window & { __promptCalls?: number }).__promptCalls);

/** A Chromium with a profile of its own (installability is not judged in an incognito-like context). */
async function launchProfile(extraArgs: string[] = []): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-app-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: readChromiumPath(),
    args: [...CHROMIUM_ARGS, ...extraArgs],
    locale: 'vi-VN',
    viewport: PHONE,
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A quiz and a text lesson the demo learner has not completed, in a course they may study (the seed
 * completes some lessons; a free course leaves these open).
 */
async function unfinishedLessons(): Promise<{ quizPath: string; textPath: string }> {
  const { db } = journey.server.context;
  const learner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'hocvien@khaitri.vn')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .innerJoin('lessons', 'lessons.course_id', 'courses.id')
    .leftJoin('lesson_progress', (join) =>
      join.onRef('lesson_progress.lesson_id', '=', 'lessons.id').on('lesson_progress.user_id', '=', learner.id),
    )
    .select(['courses.slug', 'lessons.id', 'lessons.content_type', 'lesson_progress.completed_at'])
    .where('enrolments.user_id', '=', learner.id)
    .where('enrolments.source', '=', 'free')
    .where('enrolments.revoked_at', 'is', null)
    .where('lessons.type', '=', 'content')
    .orderBy('courses.id')
    .orderBy('lessons.position')
    .execute();
  const open = rows.filter((row) => row.completed_at === null);
  for (const quiz of open.filter((row) => row.content_type === 'exam')) {
    const text = open.find((row) => row.slug === quiz.slug && row.content_type === 'paragraph');
    if (text)
      return { quizPath: `/vao-hoc/${quiz.slug}?bai=${quiz.id}`, textPath: `/vao-hoc/${text.slug}?bai=${text.id}` };
  }
  throw new Error('The demo learner has no course with an unfinished quiz and text lesson.');
}

async function appOnlyPreviewPath(): Promise<string> {
  const lesson = await journey.server.context.db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select('lessons.id')
    .where('courses.slug', '=', APP_ONLY_SLUG)
    .where('lessons.type', '=', 'content')
    .where('lessons.is_preview', '=', 1)
    .orderBy('lessons.position')
    .executeTakeFirstOrThrow();
  return `/vao-hoc/${APP_ONLY_SLUG}?bai=${lesson.id}`;
}

describe('the manifest', () => {
  it('is Vietnamese, standalone, with PNG icons of 192 and 512 px, a maskable icon and real screenshots', async () => {
    const response = await fetch(journey.url('/manifest.webmanifest'));
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: ManifestImage[];
      screenshots: ManifestImage[];
    };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Khai Trí — Học trực tuyến',
      short_name: 'Khai Trí',
      lang: 'vi',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b5fff',
      background_color: '#ffffff',
    });
    expect(manifest.description).toMatch(/^Học trực tuyến/);

    const pngIcons = manifest.icons.filter((icon) => icon.type === 'image/png');
    for (const icon of pngIcons) {
      const { width, height, bytes } = await fetchPng(icon.src);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(bytes, icon.src).toBeLessThan(20_000);
    }
    const sizes = (purpose: string) =>
      pngIcons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose)).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toContain('512x512');

    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      const { width, height, bytes } = await fetchPng(shot.src);
      expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
      expect(bytes, shot.src).toBeLessThan(100_000);
      expect(shot.label).toBeTruthy();
      if (shot.form_factor === 'narrow') expect(width).toBe(360);
      else expect(width).toBeGreaterThan(height);
    }
    // iOS reads its home-screen icon from the page, not from the manifest.
    const home = await (await fetch(journey.url('/'))).text();
    expect(home).toMatch(/<link [^>]*rel="apple-touch-icon" href="\/icons\/apple-touch-icon.png"\/>/);
    expect((await fetchPng('/icons/apple-touch-icon.png')).width).toBe(180);
  });

  it("makes the home page installable in Chromium's judgement (no installability error, no manifest error)", async () => {
    const browser = await launchProfile();
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      const watch = watchPage(page);
      await page.goto(journey.url('/'), { waitUntil: 'networkidle' });
      await waitForHydration(page);
      // The offline shell's service worker (decision 0019), with its fetch handler, controls the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cdp = await browser.context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(journey.url('/manifest.webmanifest'));
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const icons = await cdp.send('Page.getManifestIcons');
      expect(icons.primaryIcon, 'Chromium picked an icon for the app').toBeTruthy();
      expect(watch.unexpected()).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('the install offer', () => {
  it('is in the account menu only once the browser offers a prompt, and shows that prompt', async () => {
    const { page, watch } = await journey.openPage();
    await signInDemoLearnerAt(journey, page, '/');
    const menu = page.locator('summary', { hasText: 'Nguyễn Thị Hồng Nhung' });
    await menu.click();
    await expect.poll(() => page.getByRole('button', { name: 'Đăng xuất' }).isVisible()).toBe(true);
    // This browser offered nothing: no entry (a button that could do nothing is never shown).
    expect(await page.getByRole('button', { name: INSTALL }).count()).toBe(0);
    expect(await page.getByText(IOS_STEPS).count()).toBe(0);

    expect(await offerPrompt(page), 'the mini-infobar is prevented').toBe(true);
    const entry = page.getByRole('button', { name: INSTALL });
    await expect.poll(() => entry.isVisible()).toBe(true);
    await entry.click();
    await expect.poll(() => promptCalls(page)).toBe(1);
    // One prompt per event: the entry is gone until the browser offers again.
    await expect.poll(() => entry.count()).toBe(0);
    expect(watch.unexpected()).toEqual([]);
  });

  it('/tai-app explains the app and installs it from here: the browser menu steps, then the prompt', async () => {
    const { page, watch } = await journey.openPage();
    await page.setViewportSize(PHONE);
    await page.goto(journey.url('/tai-app'));
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ứng dụng Khai Trí');
    const offer = page.getByTestId('install-page-offer');
    await expect.poll(() => offer.textContent()).toContain('Mở menu của trình duyệt');
    expect(await offerPrompt(page)).toBe(true);
    const button = offer.getByRole('button', { name: INSTALL });
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => promptCalls(page)).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(watch.unexpected()).toEqual([]);
  });

  it('gives iOS Safari the Share-menu steps instead of a button', async () => {
    const browser = await launchChromium();
    try {
      const iphone = await browser.newContext({ viewport: PHONE, locale: 'vi-VN', userAgent: IPHONE_SAFARI });
      const page = await iphone.newPage();
      const watch = watchPage(page);
      await signInDemoLearnerAt(journey, page, '/');
      await page.locator('summary', { hasText: 'Nguyễn Thị Hồng Nhung' }).click();
      await expect.poll(() => page.getByTestId('install-ios').textContent()).toBe(`${INSTALL}: ${IOS_STEPS}`);
      expect(await page.getByRole('button', { name: INSTALL }).count()).toBe(0);
      expect(watch.unexpected()).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('follows a completed lesson on a 360 px phone, fits the screen, and stays closed once closed', async () => {
    const { quizPath, textPath } = await unfinishedLessons();
    const { page, watch } = await journey.openPage(PHONE);
    // Not completed (a quiz not taken): no banner, even with a prompt on offer.
    await signInDemoLearnerAt(journey, page, quizPath);
    await offerPrompt(page);
    const banner = page.getByRole('complementary', { name: 'Cài ứng dụng' });
    await expect.poll(() => page.getByRole('button', { name: INSTALL }).count()).toBe(0);
    expect(await banner.count()).toBe(0);

    // A text lesson is completed by opening it; then the banner offers the app.
    await page.goto(journey.url(textPath));
    await waitForHydration(page);
    await expect.poll(() => page.getByText('Bạn đã hoàn thành bài học này.').isVisible()).toBe(true);
    expect(await banner.count(), 'no prompt offered on this load: no banner').toBe(0);
    await offerPrompt(page);
    await expect.poll(() => banner.isVisible()).toBe(true);
    const box = await banner.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await banner.getByRole('button', { name: INSTALL }).click();
    await expect.poll(() => promptCalls(page)).toBe(1);
    await expect.poll(() => banner.count()).toBe(0);

    // Another prompt later: "Để sau" closes it, and it stays closed on this device.
    await page.reload();
    await waitForHydration(page);
    await offerPrompt(page);
    await banner.getByRole('button', { name: 'Để sau' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await page.reload();
    await waitForHydration(page);
    await offerPrompt(page);
    await expect.poll(() => page.getByRole('button', { name: 'Đánh dấu hoàn thành' }).count()).toBe(0);
    expect(await banner.count()).toBe(0);
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('a course studied only in the app', () => {
  it('offers the installation in a browser tab instead of the lesson, from the server render on', async () => {
    const lessonPath = await appOnlyPreviewPath();
    // Before any script: the offer is rendered, the lesson's text is not (it rides only in the page's
    // data, for the installed app, which opens the same address).
    const html = await (await fetch(journey.url(lessonPath))).text();
    expect(html).toContain('Khóa học này học trên ứng dụng Khai Trí');
    expect(html).not.toContain('<p>Lộ trình gồm ba chương');

    const { page, watch } = await journey.openPage(PHONE);
    await page.goto(journey.url(lessonPath));
    await waitForHydration(page);
    const gate = page.getByTestId('app-only-gate');
    await expect.poll(() => gate.isVisible()).toBe(true);
    // No prompt from this browser: it says how to install from the browser's menu.
    expect(await gate.textContent()).toContain('Mở menu của trình duyệt');
    expect(await page.getByText('Lộ trình gồm ba chương').count()).toBe(0);
    await offerPrompt(page);
    await gate.getByRole('button', { name: INSTALL }).click();
    await expect.poll(() => promptCalls(page)).toBe(1);
    // Installed from this tab: the lesson is in the app now, and the gate says where.
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect.poll(() => gate.textContent()).toContain('Đã cài xong. Mở ứng dụng Khai Trí từ màn hình chính');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The course page says so too, and its "Học thử" shows the offer, not the lesson.
    await page.goto(journey.url(`/khoa-hoc/${APP_ONLY_SLUG}`));
    await waitForHydration(page);
    await expect
      .poll(() => page.getByTestId('app-only-note').textContent())
      .toContain('Khóa học này học trên ứng dụng Khai Trí.');
    const lessonId = new URL(journey.url(lessonPath)).searchParams.get('bai');
    await page.goto(journey.url(`/khoa-hoc/${APP_ONLY_SLUG}?xem-thu=${lessonId}`));
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId('app-only-gate').isVisible()).toBe(true);
    expect(await page.getByText('Lộ trình gồm ba chương').count()).toBe(0);
    expect(watch.unexpected()).toEqual([]);
  });

  it('opens normally in the installed app (display mode standalone)', async () => {
    const lessonPath = await appOnlyPreviewPath();
    const app = await launchProfile([`--app=${journey.url(lessonPath)}`]);
    try {
      await expect.poll(() => app.context.pages().length).toBeGreaterThan(0);
      const page = app.context.pages()[0]!;
      const watch = watchPage(page);
      await page.waitForURL(journey.url(lessonPath));
      await waitForHydration(page);
      expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
      await expect.poll(() => page.getByText('Lộ trình gồm ba chương').isVisible()).toBe(true);
      expect(await page.getByTestId('app-only-gate').count()).toBe(0);
      expect(await page.getByText('Đang mở bài học…').count()).toBe(0);

      await page.goto(journey.url(`/khoa-hoc/${APP_ONLY_SLUG}`));
      await waitForHydration(page);
      // The note is hidden by the display-mode rule at once and leaves the page once the install
      // store has read the display mode after hydration.
      await expect.poll(() => page.getByTestId('app-only-note').count()).toBe(0);
      expect(watch.unexpected()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
