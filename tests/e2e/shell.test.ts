/**
 * Browser journeys through the shell (SPEC §2, §8) in Chromium against the real product: the home
 * page hydrates without a console error, client-side navigation from the header, the 404 rules, the
 * error screen's button and the came-from-404 flag.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  isSameDocument,
  launchChromium,
  markDocument,
  waitForHydration,
  waitForReactOn,
  waitForTitle,
  watchPage,
  type PageWatch,
} from './browser.ts';
import { startProductServer, type ProductServer } from './server.ts';

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let server: ProductServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startProductServer();
  browser = await launchChromium();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage(viewport = DESKTOP): Promise<{ page: Page; watch: PageWatch }> {
  context = await browser.newContext({ viewport, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
  const page = await context.newPage();
  return { page, watch: watchPage(page) };
}

const url = (path: string) => `${server.baseUrl}${path}`;

/** A client-side navigation through the page's own router, as a link or a redirect in the app does. */
async function navigateClientSide(page: Page, to: string): Promise<void> {
  await page.evaluate(async (target) => {
    const router = (window as Window & { __reactRouterDataRouter?: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    if (!router) throw new Error('no router on the page');
    await router.navigate(target);
  }, to);
}

describe('the home page', () => {
  it.each([
    ['a small phone (320 px)', { width: 320, height: 640 }],
    ['a phone (360 px)', { width: 360, height: 740 }],
    ['a phone (390 px)', MOBILE],
    ['a desktop', DESKTOP],
  ])('loads and hydrates on %s with no console error, no page error and no sideways scroll', async (_, viewport) => {
    const { page, watch } = await openPage(viewport);
    const response = await page.goto(url('/'), { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.title()).toBe('Trang chủ | Khai Trí');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Học trực tuyến mọi lúc, mọi nơi');
    expect(await page.locator('[data-layout="default"]').count()).toBe(1);
    // The first home banner is a real, loaded picture.
    const firstBanner = page.locator('[data-placement="1"] img').first();
    await expect.poll(() => firstBanner.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('navigation between pages', () => {
  it('follows the header menu client-side: no reload, the title and layout follow, back works', async () => {
    const { page, watch } = await openPage(DESKTOP);
    await page.goto(url('/'));
    await waitForHydration(page);
    await markDocument(page);
    const menu = page.getByRole('navigation', { name: 'Menu chính', exact: true });

    await menu.getByRole('link', { name: 'Khóa học' }).click();
    await page.waitForURL(url('/khoa-hoc'));
    await waitForTitle(page, 'Khóa học | Khai Trí');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Khóa học');

    await menu.getByRole('link', { name: 'Tin tức' }).click();
    await page.waitForURL(url('/tin-tuc'));
    await waitForTitle(page, 'Tin tức | Khai Trí');
    await expect.poll(() => page.locator('[data-layout]').getAttribute('data-layout')).toBe('blog');

    await page.goBack();
    await page.waitForURL(url('/khoa-hoc'));
    await waitForTitle(page, 'Khóa học | Khai Trí');
    await expect.poll(() => page.locator('[data-layout]').getAttribute('data-layout')).toBe('default');

    expect(await isSameDocument(page), 'the page reloaded').toBe(true);
    expect(watch.unexpected()).toEqual([]);
  });

  it('follows the phone menu client-side and closes it behind', async () => {
    const { page, watch } = await openPage(MOBILE);
    await page.goto(url('/'));
    await waitForHydration(page);
    await markDocument(page);

    await page.getByLabel('Mở menu').click();
    const menu = page.getByRole('navigation', { name: 'Menu chính (di động)' });
    await menu.getByRole('link', { name: 'Giải pháp' }).click();
    await page.waitForURL(url('/giai-phap'));
    await waitForTitle(page, 'Giải pháp | Khai Trí');
    await expect.poll(() => menu.isVisible(), { message: 'the menu stays open over the new page' }).toBe(false);

    expect(await isSameDocument(page), 'the page reloaded').toBe(true);
    expect(watch.unexpected()).toEqual([]);
  });

  it('shows a progress bar while a slow client navigation waits for its data, and removes it after', async () => {
    const { page, watch } = await openPage(MOBILE);
    await page.goto(url('/'));
    await waitForHydration(page);
    await markDocument(page);
    // A slow mobile connection: the next page's data takes a second and a half to arrive.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });

    await page.getByLabel('Mở menu').click();
    await page
      .getByRole('navigation', { name: 'Menu chính (di động)' })
      .getByRole('link', { name: 'Giải pháp' })
      .click();
    const progress = page.getByRole('progressbar', { name: 'Đang tải trang' });
    await progress.waitFor({ state: 'visible' });
    expect(page.url(), 'the old page stays while the data is on its way').toBe(url('/'));

    release();
    await page.waitForURL(url('/giai-phap'));
    await waitForTitle(page, 'Giải pháp | Khai Trí');
    await progress.waitFor({ state: 'detached' });
    expect(await isSameDocument(page), 'the page reloaded').toBe(true);
    expect(watch.unexpected()).toEqual([]);
  });

  it('searches from the header client-side', async () => {
    const { page, watch } = await openPage(DESKTOP);
    await page.goto(url('/gioi-thieu'));
    await waitForHydration(page);
    await markDocument(page);

    const search = page.getByRole('combobox', { name: 'Tìm khóa học, tin tức, hỗ trợ' });
    await search.fill('tiếng anh');
    await search.press('Enter');
    await page.waitForURL(url('/tim-kiem/ti%E1%BA%BFng%20anh'));
    await waitForTitle(page, 'Tìm kiếm: tiếng anh | Khai Trí');

    expect(await isSameDocument(page), 'the page reloaded').toBe(true);
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('the 404 rules', () => {
  it.each([
    ['/a/b/c', 'Page Not Found: /a/b/c'],
    ['/khong-co', 'Page not found: /khong-co'],
  ])('%s shows the error screen with "%s"', async (path, message) => {
    const { page, watch } = await openPage(MOBILE);
    const response = await page.goto(url(path));
    expect(response?.status()).toBe(404);
    await waitForReactOn(page, '[data-testid="error-status"]');
    expect(await page.getByTestId('error-status').textContent()).toBe('404');
    expect(await page.getByTestId('error-message').textContent()).toBe(message);
    await expect.poll(() => page.url()).toBe(url(path));
    expect(watch.unexpected([url(path)])).toEqual([]);
  });

  it('/404 renders the not-found page', async () => {
    const { page, watch } = await openPage(MOBILE);
    const response = await page.goto(url('/404'));
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.title()).toBe('Không tìm thấy trang | Khai Trí');
    expect(await page.locator('h1').textContent()).toBe('Không tìm thấy trang bạn cần');
    expect(watch.unexpected([url('/404')])).toEqual([]);
  });

  it('shows the error screen for a missing page reached client-side, without a reload', async () => {
    const { page, watch } = await openPage(DESKTOP);
    await page.goto(url('/'));
    await waitForHydration(page);
    await markDocument(page);
    // What a link to a deleted page does: the router asks the server for the page's data.
    await navigateClientSide(page, '/trang-da-xoa');
    await page.waitForURL(url('/trang-da-xoa'));
    await expect.poll(() => page.getByTestId('error-message').textContent()).toBe('Page not found: /trang-da-xoa');
    expect(await page.getByTestId('error-status').textContent()).toBe('404');
    expect(await isSameDocument(page), 'the page reloaded').toBe(true);
    expect(watch.unexpected([url('/trang-da-xoa.data')])).toEqual([]);
  });
});

describe('the error screen', () => {
  it("'Quay về trang chủ' leads to / without reloading the page", async () => {
    const { page, watch } = await openPage(MOBILE);
    await page.goto(url('/a/b/c'));
    await waitForReactOn(page, '[data-testid="error-status"]');
    await markDocument(page);
    await page.getByRole('link', { name: 'Quay về trang chủ' }).click();
    await page.waitForURL(url('/'));
    await waitForTitle(page, 'Trang chủ | Khai Trí');
    await waitForHydration(page);
    expect(await page.getByTestId('error-status').count()).toBe(0);
    expect(await isSameDocument(page), 'the page reloaded').toBe(true);
    expect(watch.unexpected([url('/a/b/c')])).toEqual([]);
  });
});

describe('the came-from-404 flag', () => {
  const readFlag = (page: Page) => page.evaluate(() => sessionStorage.getItem('kt:from-404'));

  it('is set on /404 and cleared when the visitor leaves it client-side', async () => {
    const { page, watch } = await openPage(MOBILE);
    await page.goto(url('/404'));
    await waitForHydration(page);
    await expect.poll(() => readFlag(page)).toBe('1');
    await markDocument(page);
    await page.getByRole('link', { name: 'Quay về trang chủ' }).click();
    await page.waitForURL(url('/'));
    await expect.poll(() => readFlag(page)).toBeNull();
    expect(await isSameDocument(page), 'the page reloaded').toBe(true);
    expect(watch.unexpected([url('/404')])).toEqual([]);
  });

  it('sends the visitor back one more step when /404 comes back from the back-forward cache', async () => {
    // Chromium never keeps a document answered with 404 in its back-forward cache, so the rule
    // matters for a /404 reached client-side (the error screen's redirect): the document is the
    // page before it. Playwright turns the cache off by default; this browser keeps it on.
    const cachingBrowser = await launchChromium({ backForwardCache: true });
    try {
      const page = await cachingBrowser.newPage({ viewport: MOBILE });
      const watch = watchPage(page);
      await page.goto(url('/gioi-thieu'));
      await waitForHydration(page);
      await navigateClientSide(page, '/404');
      await page.waitForURL(url('/404'));
      await expect.poll(() => readFlag(page)).toBe('1');
      await markDocument(page);
      // Leave for another site (another origin, with its own session storage), then press Back.
      const elsewhere = server.baseUrl.replace('127.0.0.1', 'localhost');
      await page.goto(`${elsewhere}/lien-he`);
      await waitForHydration(page);
      await page.goBack({ waitUntil: 'commit' });
      // The restored /404 sees the flag and steps back once more, to the page before it (a
      // same-document step of the restored page: no load event to wait for).
      await page.waitForURL(url('/gioi-thieu'), { waitUntil: 'commit' });
      await waitForTitle(page, 'Giới thiệu | Khai Trí');
      await expect.poll(() => readFlag(page)).toBeNull();
      // The mark set before leaving survived: the document came back from the cache, not the network.
      expect(await isSameDocument(page), 'restored from the back-forward cache').toBe(true);
      expect(watch.unexpected([url('/404.data')])).toEqual([]);
    } finally {
      await cachingBrowser.close();
    }
  });

  it('stays on /404 when it is reloaded rather than restored from the cache', async () => {
    const { page, watch } = await openPage(MOBILE);
    await page.goto(url('/gioi-thieu'));
    await waitForHydration(page);
    await page.goto(url('/404'));
    await waitForHydration(page);
    await page.goto(url('/lien-he'));
    await waitForHydration(page);
    await page.goBack();
    await waitForHydration(page);
    await expect.poll(() => readFlag(page)).toBe('1');
    expect(page.url()).toBe(url('/404'));
    expect(watch.unexpected([url('/404')])).toEqual([]);
  });
});
