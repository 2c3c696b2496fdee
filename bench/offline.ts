/**
 * Downloads on a cheap phone (issue 21, `bench -- offline`): a 10-minute lesson (640×360 clip
 * through the real pipeline) downloaded at 360p through the product's path — "Tải về" on the study
 * page: the licence, the rung's playlist and segments into Cache Storage — on the phone profile of
 * bench/phone (1.6 Mbps down, 150 ms round trip, CPU ÷4), against fetching the same playlist and
 * segments with plain parallel requests (6 at once, the browser's per-host limit; no HTTP cache) in
 * the same page. Prints plain ÷ product (target ≥ 0.9) and what the download takes on the device.
 * It measures the page's downloader (Background Fetch, outside the emulated link, is turned off).
 * Last run (2026-11-26): product 350.0 s, plain 348.6 s (66.2 MB), 1.00 — met; 66.2 MB in 106 files
 * on the device. About 16 minutes a run (the source clip is cached, the ladder is not).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readChromiumPath } from '../config/env.ts';
import { chromiumMissing, judge, withServers, type Report, type ReportBenchmark } from './lib/bench.ts';
import { machineLoad } from './lib/cpu.ts';
import { DEMO_LEARNER } from './lib/demo-video-data.ts';
import { launchPhoneBrowser, openPhone, PHONE } from './lib/phone-profile.ts';

const LESSON_SECONDS = 600;
const TARGET = 0.9;
const DOWNLOAD_TIMEOUT_MS = 20 * 60_000;

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const offlineBenchmark: ReportBenchmark = {
  kind: 'report',
  name: 'offline',
  title: `Download of a 10-minute lesson at 360p (${PHONE.downKbps / 1000} Mbps, ${PHONE.roundTripMs} ms) vs plain parallel requests`,
  needsBuild: true,
  async run(settings): Promise<Report> {
    const missing = chromiumMissing('offline', readChromiumPath());
    if (missing) return missing;
    const infoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-offline-')), 'study-path');
    return withServers(settings, async (start) => {
      const product = await start('product', { pages: true, demoVideo: { infoFile, seconds: LESSON_SECONDS } });
      const studyPath = fs.readFileSync(infoFile, 'utf8');
      const lessonId = Number(new URL(studyPath, product.origin).searchParams.get('bai'));
      const browser = await launchPhoneBrowser();
      try {
        const phone = await openPhone(browser);
        const { page } = phone;
        // The page's own downloader: Chromium's Background Fetch (which the product uses where the
        // browser has it) downloads in the browser process, outside the link CDP emulates for the
        // page, so it would not be measured on the phone's link (decision 0025).
        await page.addInitScript(() => {
          delete (ServiceWorkerRegistration.prototype as { backgroundFetch?: unknown }).backgroundFetch;
        });
        await page.goto(`${product.origin}/dang-nhap?redirect=${encodeURIComponent(studyPath)}`);
        await page.getByLabel('Số điện thoại hoặc email').fill(DEMO_LEARNER.username);
        await page.getByLabel('Mật khẩu').fill(DEMO_LEARNER.password);
        await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
        await page.waitForURL(`${product.origin}${studyPath}`);
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

        // The product: "Tải về", 360p, until the lesson says it is on the device.
        await page.getByRole('button', { name: /^Tải về để học/ }).click();
        await page.getByRole('radio', { name: /^360p · / }).check({ timeout: 60_000 });
        const started = performance.now();
        await page.getByRole('button', { name: 'Bắt đầu tải' }).click();
        await page.getByTestId('lesson-downloaded').waitFor({ timeout: DOWNLOAD_TIMEOUT_MS });
        const productMs = performance.now() - started;
        const stored = await page.evaluate(async () => {
          let bytes = 0;
          let files = 0;
          for (const name of await caches.keys()) {
            if (!name.startsWith('khai-tri-download-')) continue;
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
              bytes += (await (await cache.match(request))!.arrayBuffer()).byteLength;
              files += 1;
            }
          }
          return { bytes, files, usage: (await navigator.storage.estimate()).usage ?? 0 };
        });

        // The same bytes with plain parallel requests, in the same page and on the same link.
        const plain = await page.evaluate(async (lesson) => {
          const startedAt = performance.now();
          const describe = (await (await fetch(`/api/user/offline/lesson.json?lesson_id=${lesson}`)).json()) as {
            data: { video: { rungs: { height: number; playlist_url: string }[] } };
          };
          const rung = describe.data.video.rungs.find((candidate) => candidate.height === 360)!;
          const playlist = await (await fetch(rung.playlist_url, { cache: 'no-store' })).text();
          const urls = playlist.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
          let next = 0;
          let bytes = playlist.length;
          // Inline functions only: a named one would carry tsx's `__name` helper into the page.
          await Promise.all(
            Array.from({ length: 6 }, async () => {
              while (next < urls.length) {
                const url = urls[next]!;
                next += 1;
                // Read first, then added: `bytes +=` around an await would add to a stale total.
                const size = (await (await fetch(url, { cache: 'no-store' })).arrayBuffer()).byteLength;
                bytes += size;
              }
            }),
          );
          return { ms: performance.now() - startedAt, bytes, segments: urls.length };
        }, lessonId);
        await phone.close();

        const ratio = plain.ms / productMs;
        return {
          lines: [
            `  machine load: ${machineLoad().toFixed(1)}× the cores   ${studyPath}`,
            `  product download  ${s(productMs)} (licence, playlist, ${plain.segments} segments, poster, into Cache Storage)`,
            `  plain requests    ${s(plain.ms)} (${mb(plain.bytes)}, 6 at once)`,
            `  on the device     ${mb(stored.bytes)} in ${stored.files} files (origin usage ${mb(stored.usage)})`,
          ],
          checks: [
            {
              label: 'plain ÷ product',
              value: ratio.toFixed(2),
              target: `≥ ${TARGET}`,
              verdict: judge(ratio, TARGET, 'at-least'),
            },
          ],
        };
      } finally {
        await browser.close();
      }
    });
  },
};
