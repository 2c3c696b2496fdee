/**
 * The offline shell (issue 21 §2, decision 0019) in Chromium on a 360 px phone against the real
 * product: the service worker takes the page, keeps the pages visited, and without a network
 * (Chromium's network emulation, `context.setOffline`, which also cuts the worker's own fetches)
 * reopens them from its copy with "Bạn đang ngoại tuyến", answers an unvisited page with the offline
 * page listing them, and loads the page when the network returns. A newer build: its worker waits
 * for "Tải lại" of the "new version" prompt, then replaces every cache of the old build.
 */
import type { ServerBuild } from 'react-router';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForHydration, waitForTitle, type PageWatch } from './browser.ts';
import { useJourney } from './journey.ts';
import { signInDemoLearnerAt } from './learning-shared.ts';

const PHONE = { width: 360, height: 740 };
const COURSE_PATH = '/khoa-hoc/dia-ly-12-on-thi-tot-nghiep';
const COURSE_TITLE = 'Địa lý 12: Ôn thi tốt nghiệp';
const NEXT_VERSION = 'ban-dung-moi';

/**
 * The build the server answers with. The page handler keeps the build it was created with, so the
 * second journey's newer build (the same files under a new id) is the same object with other assets.
 */
let original: ServerBuild | undefined;
let servedAssets: ServerBuild['assets'] | undefined;
const journey = useJourney(
  { BUILD_CHECK_INTERVAL_SECONDS: '10' },
  {
    serveBuild: (built) => {
      original = built;
      servedAssets = built.assets;
      const view: ServerBuild = {
        ...built,
        get assets() {
          return servedAssets!;
        },
      };
      return () => view;
    },
  },
);
const url = (path: string) => journey.url(path);

/** Waits until a service worker controls the page. */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** The names of Cache Storage's caches, and the paths each one holds. */
function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      contents[name] = (await cache.keys()).map((request) => {
        const address = new URL(request.url);
        return `${address.pathname}${address.search}`;
      });
    }
    return contents;
  });
}

/** What the worker says of this document: was it answered from its copy? */
function servedOffline(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
          const data = event.data as { type?: string; servedOffline?: boolean };
          if (data.type === 'status') resolve(data.servedOffline === true);
        });
        navigator.serviceWorker.startMessages();
        navigator.serviceWorker.controller!.postMessage({ type: 'status' });
      }),
  );
}

const banner = (page: Page) => page.getByTestId('offline-banner');

/**
 * The journey's problems, less what being offline means: the offline page's own 503, pictures of
 * the kept pages that were never shown online (below the fold), which the worker has not kept, and
 * React Router's discovery of the routes a kept page links to (`/__manifest`, never answered from a
 * cache: it asks again once online).
 */
function unexpectedOffline(watch: PageWatch): string[] {
  return watch
    .unexpected()
    .filter(
      (line) =>
        !line.includes('the server responded with a status of 503') &&
        !(/net::(ERR_FAILED|ERR_INTERNET_DISCONNECTED)/.test(line) && /\/(uploads\/|__manifest\?)/.test(line)) &&
        !line.startsWith('console: Failed to fetch manifest patches TypeError: Failed to fetch'),
    );
}

describe('the offline shell', () => {
  it('reopens visited pages without a network, offers them on the offline page, and retries when back', async () => {
    const { page, watch } = await journey.openPage(PHONE);
    const version = original!.assets.version;
    await page.goto(url('/'));
    await waitForHydration(page);
    await waitForWorker(page);
    await page.goto(url('/khoa-hoc'));
    await waitForHydration(page);
    await page.goto(url(COURSE_PATH));
    await waitForHydration(page);
    await waitForTitle(page, `${COURSE_TITLE} | Khai Trí`);
    expect(await banner(page).count()).toBe(0);
    // A page reached client-side (its document never passes through the worker).
    await page.getByLabel('Mở menu').click();
    await page
      .getByRole('navigation', { name: 'Menu chính (di động)' })
      .getByRole('link', { name: 'Giải pháp' })
      .click();
    await waitForTitle(page, 'Giải pháp | Khai Trí');
    await expect
      .poll(async () => (await cacheContents(page))[`kt-${version}-pages`] ?? [], { timeout: 15_000 })
      .toContain('/giai-phap');
    await page.goto(url(COURSE_PATH));
    await waitForHydration(page);

    // The shell was stored at install, the pages as they passed (the home page, loaded before the
    // worker, and the one reached client-side at the page's request); anonymous pages are shared.
    await expect
      .poll(async () => (await cacheContents(page))[`kt-${version}-pages`] ?? [], { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['/', '/khoa-hoc', COURSE_PATH, '/giai-phap']));
    const contents = await cacheContents(page);
    expect(Object.keys(contents).sort()).toEqual(
      expect.arrayContaining([`kt-${version}-assets`, `kt-${version}-pages`, `kt-${version}-shell`]),
    );
    expect(contents[`kt-${version}-shell`]).toEqual(expect.arrayContaining(['/offline.js', original!.assets.url]));
    expect(contents[`kt-${version}-personal`] ?? []).toEqual([]);

    await page.context().setOffline(true);
    await page.reload();
    await waitForHydration(page);
    await waitForTitle(page, `${COURSE_TITLE} | Khai Trí`);
    expect(await page.getByRole('heading', { level: 1, name: COURSE_TITLE }).isVisible()).toBe(true);
    expect(await servedOffline(page)).toBe(true);
    await banner(page).waitFor({ state: 'visible' });
    expect(await banner(page).textContent()).toBe('Bạn đang ngoại tuyến');
    // Its picture was kept with it.
    await expect
      .poll(() =>
        page
          .locator('img[src*="/uploads/seed/courses/dia-ly-12-on-thi-tot-nghiep"]')
          .first()
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);

    // A link followed inside the page loads it in full (its script and data would not arrive): the
    // worker answers with its copy.
    await page.getByLabel('Mở menu').click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('navigation', { name: 'Menu chính (di động)' }).getByRole('link', { name: 'Giải pháp' }).click(),
    ]);
    await waitForHydration(page);
    await waitForTitle(page, 'Giải pháp | Khai Trí');
    expect(await servedOffline(page)).toBe(true);

    // A page never opened: the offline page, with the pages that do open.
    await page.goto(url('/gioi-thieu'));
    expect(
      await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStatus,
      ),
    ).toBe(503);
    expect(await page.title()).toBe('Bạn đang ngoại tuyến | Khai Trí');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bạn đang ngoại tuyến');
    const kept = page.getByRole('listitem').getByRole('link');
    expect((await kept.allTextContents()).sort()).toEqual(
      [`${COURSE_TITLE} | Khai Trí`, 'Khóa học | Khai Trí', 'Giải pháp | Khai Trí', 'Trang chủ | Khai Trí'].sort(),
    );
    expect(await kept.filter({ hasText: COURSE_TITLE }).getAttribute('href')).toBe(COURSE_PATH);
    expect(await page.getByRole('button', { name: 'Thử lại' }).isVisible()).toBe(true);
    // "Thử lại" while still offline: the same page again.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Thử lại' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bạn đang ngoại tuyến');

    // A link on it opens the kept copy.
    await kept.filter({ hasText: 'Khóa học | Khai Trí' }).click();
    await page.waitForURL(url('/khoa-hoc'));
    await waitForHydration(page);
    await waitForTitle(page, 'Khóa học | Khai Trí');

    // Back to the unvisited page; the network returns: the page reloads itself and loads.
    await page.goto(url('/gioi-thieu'));
    expect(await page.title()).toBe('Bạn đang ngoại tuyến | Khai Trí');
    await Promise.all([page.waitForEvent('load'), page.context().setOffline(false)]);
    await waitForTitle(page, 'Giới thiệu | Khai Trí');
    await waitForHydration(page);
    expect(await banner(page).count()).toBe(0);

    expect(unexpectedOffline(watch)).toEqual([]);
  });
});

describe("a learner's own pages", () => {
  it('are kept apart for the signed-in account and forgotten when it signs out', async () => {
    const { page, watch } = await journey.openPage(PHONE);
    const version = original!.assets.version;
    const personal = `kt-${version}-personal`;
    await page.goto(url('/khoa-hoc'));
    await waitForHydration(page);
    await waitForWorker(page);
    await signInDemoLearnerAt(journey, page, '/tai-khoan/khoa-hoc-cua-toi');
    // Opened in full, the page passes through the worker: it is the account's own.
    await page.reload();
    await waitForHydration(page);
    await expect
      .poll(async () => (await cacheContents(page))[personal] ?? [], { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['/__kt/viewer', '/tai-khoan/khoa-hoc-cua-toi']));
    expect((await cacheContents(page))[`kt-${version}-pages`]).not.toContain('/tai-khoan/khoa-hoc-cua-toi');

    await page.context().setOffline(true);
    await page.reload();
    await waitForHydration(page);
    expect(await servedOffline(page)).toBe(true);
    await page.context().setOffline(false);

    await page.locator('summary', { hasText: 'Nguyễn Thị Hồng Nhung' }).click();
    await page.getByRole('button', { name: 'Đăng xuất', exact: true }).click();
    await page.waitForURL(url('/'));
    await expect.poll(() => page.getByRole('link', { name: 'Đăng nhập' }).isVisible()).toBe(true);
    await expect.poll(async () => Object.keys(await cacheContents(page))).not.toContain(personal);

    // The next person on this phone, offline, does not get the account's page.
    await page.context().setOffline(true);
    await page.goto(url('/tai-khoan/khoa-hoc-cua-toi'));
    expect(await page.title()).toBe('Bạn đang ngoại tuyến | Khai Trí');
    expect(await page.getByRole('link', { name: /Khóa học của tôi/ }).count()).toBe(0);
    await page.context().setOffline(false);
    expect(unexpectedOffline(watch)).toEqual([]);
  });
});

describe('a new build', () => {
  it('waits for "Tải lại", then replaces every cache of the old build', async () => {
    const { page, watch } = await journey.openPage(PHONE);
    const oldVersion = original!.assets.version;
    await page.goto(url('/khoa-hoc'));
    await waitForHydration(page);
    await waitForWorker(page);
    await expect
      .poll(async () => Object.keys(await cacheContents(page)), { timeout: 15_000 })
      .toContain(`kt-${oldVersion}-pages`);

    servedAssets = { ...original!.assets, version: NEXT_VERSION };
    try {
      // The page's "new version" check (every 10 s here) offers the reload and wakes the new worker,
      // which installs its shell and waits: until then the old build's caches serve this page.
      const prompt = page.getByRole('status').filter({ hasText: 'Đã có phiên bản mới của trang.' });
      await prompt.waitFor({ state: 'visible', timeout: 20_000 });
      await page.waitForFunction(
        async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting != null,
        undefined,
        { timeout: 20_000 },
      );
      const before = Object.keys(await cacheContents(page));
      expect(before).toEqual(expect.arrayContaining([`kt-${oldVersion}-pages`, `kt-${NEXT_VERSION}-shell`]));

      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Tải lại' }).click()]);
      await waitForHydration(page);
      await waitForWorker(page);
      expect(
        await page.evaluate(
          () => (window as Window & { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version,
        ),
      ).toBe(NEXT_VERSION);
      await expect
        .poll(async () => Object.keys(await cacheContents(page)).sort(), { timeout: 15_000 })
        .toEqual(expect.arrayContaining([`kt-${NEXT_VERSION}-shell`, `kt-${NEXT_VERSION}-pages`]));
      const names = Object.keys(await cacheContents(page));
      expect(names.filter((name) => name.startsWith(`kt-${oldVersion}-`))).toEqual([]);
      expect(names.every((name) => name.startsWith(`kt-${NEXT_VERSION}-`))).toBe(true);
      expect(await page.getByRole('status').filter({ hasText: 'Đã có phiên bản mới của trang.' }).count()).toBe(0);
      expect(watch.unexpected()).toEqual([]);
    } finally {
      servedAssets = original!.assets;
    }
  });
});
