/**
 * The first video frame on the phone profile: a signed-in learner opens the demo clip's study page
 * cold, and taps play as soon as the page is interactive; the time from the tap to the first frame
 * (the video's `playing` event), and every media segment asked for before it.
 * The baseline is the same page with hls.js's default configuration: the page's hls.js module is
 * answered with a subclass that ignores the product's configuration.
 */
import type { Browser } from 'playwright-core';
import { waitForHydration } from '../../tests/e2e/browser.ts';
import { DEMO_LEARNER } from './demo-video-data.ts';
import { openPhone } from './phone-profile.ts';

export interface VideoStart {
  firstFrameMs: number;
  /** Segment files asked for before the first frame (rung/segment), in order. */
  segments: string[];
  /** Segment numbers asked for more than once before the first frame (at any rung). */
  repeated: number;
}

const SEGMENT = /\/(v\d+)\/(seg_\d+)\.(?:ts|m4s)(?:\?|$)/;
const HLS_MODULE = /\/assets\/hls\.light-[^/?]+\.js(\?.*)?$/;
const ORIGINAL = 'bench-original';

/** hls.js with its defaults, whatever the page asks for: the same module, its class wrapped. */
function defaultConfigModule(url: string): string {
  const original = `${url}?${ORIGINAL}`;
  return [
    `import Hls from ${JSON.stringify(original)};`,
    `export * from ${JSON.stringify(original)};`,
    'export default class DefaultHls extends Hls { constructor() { super(); } }',
  ].join('\n');
}

export async function measureVideoStart(
  browser: Browser,
  origin: string,
  studyPath: string,
  player: 'product' | 'hls.js defaults',
): Promise<VideoStart> {
  const run = await openPhone(browser);
  try {
    if (player === 'hls.js defaults') {
      await run.page.route(HLS_MODULE, async (route) => {
        const url = route.request().url();
        if (url.includes(ORIGINAL)) return route.continue();
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: defaultConfigModule(url) });
      });
    }
    const signIn = await run.context.request.post(`${origin}/api/user/login.json`, { data: DEMO_LEARNER });
    if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}`);
    run.restart();
    const response = await run.page.goto(origin + studyPath, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    if (!response || response.status() !== 200) throw new Error(`${studyPath} answered ${response?.status()}`);
    await waitForHydration(run.page);
    await run.page.evaluate(() => {
      const state = window as unknown as { __tap: number; __frame: number };
      state.__tap = 0;
      state.__frame = 0;
      const video = document.querySelector('video');
      if (!video) throw new Error('no video on the study page');
      document.addEventListener(
        'keydown',
        () => {
          state.__tap = performance.now();
          // Playback has started: the first frame is on its way to the screen (headless Chromium
          // without a GPU does not always call requestVideoFrameCallback).
          video.addEventListener('playing', () => (state.__frame = performance.now()), { once: true });
        },
        { capture: true, once: true },
      );
    });
    await run.page.getByRole('group', { name: /Trình phát video/ }).focus();
    const tappedAt = run.elapsed();
    await run.page.keyboard.press('k');
    await run.page
      .waitForFunction(() => (window as unknown as { __frame: number }).__frame > 0, undefined, {
        timeout: 60_000,
        polling: 50,
      })
      .catch(async (error: unknown) => {
        const state = await run.page.evaluate(() => {
          const video = document.querySelector('video');
          return video
            ? { paused: video.paused, time: video.currentTime, ready: video.readyState, error: video.error?.message }
            : null;
        });
        const asked = run.requests.map((request) => request.url.replace(origin, '')).join('\n    ');
        throw new Error(`no first frame (${player}): video ${JSON.stringify(state)}; requests:\n    ${asked}`, {
          cause: error,
        });
      });
    const { tap, frame } = await run.page.evaluate(() => {
      const state = window as unknown as { __tap: number; __frame: number };
      return { tap: state.__tap, frame: state.__frame };
    });
    const firstFrameMs = frame - tap;
    // Requests are timed from the navigation: those asked for before the first frame count.
    const segments = run.requests
      .filter((request) => request.startedMs <= tappedAt + firstFrameMs)
      .map((request) => SEGMENT.exec(request.url))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => `${match[1]}/${match[2]}`);
    const numbers = segments.map((segment) => segment.split('/')[1]);
    const repeated = new Set(numbers.filter((number, index) => numbers.indexOf(number) !== index)).size;
    return { firstFrameMs, segments, repeated };
  } finally {
    await run.close();
  }
}
