/**
 * Operator phone-number recognition in Chromium against the real product (issue 3, SPEC §6), with
 * recognition turned on against the built-in simulator (docs/identity.md): an anonymous first
 * visit is redirected once to the operator; whatever the operator answers, the visitor is back on
 * the page they asked for, a recognised number is pre-filled on sign-in, and no later visit is
 * redirected again.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, waitForHydration, watchPage, type PageWatch } from './browser.ts';
import { openFrontDoor, type FrontDoor } from './front-door.ts';
import { startProductServer, type ProductServer } from './server.ts';

const SIMULATOR_PATH = '/__sim/recognition';
/**
 * A phone's Chrome. Headless Chromium says "HeadlessChrome", which is (rightly) taken for a bot,
 * and bots are never redirected.
 */
const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * The operator sends the visitor back to `{PUBLIC_URL}/callback`, so PUBLIC_URL must reach the
 * product: the browser goes through a front door (a TCP relay) opened before the product listens.
 */
let door: FrontDoor;
let server: ProductServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  door = await openFrontDoor();
  server = await startProductServer({
    // The simulator is mounted in development and demo only.
    APP_ENV: 'demo',
    PUBLIC_URL: door.origin,
    DISABLED_RECOGNITION: '0',
    RECOGNITION_SERVICE_ID: 'KHAITRI',
  });
  door.forwardTo(Number(new URL(server.baseUrl).port));
  browser = await launchChromium();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await door?.close();
});

const url = (path: string) => `${door.origin}${path}`;

interface Visitor {
  page: Page;
  watch: PageWatch;
  /** How many times the main frame was sent to the operator's page. */
  operatorVisits(): number;
}

/**
 * The console errors and page errors of our pages. The simulator stands in for the operator's own
 * page, which declares no icon: Chromium then asks for /favicon.ico, which answers 404.
 */
const unexpectedProblems = (visitor: Visitor) => visitor.watch.unexpected([url('/favicon.ico')]);

/** A first-time visitor: a fresh browser profile, no cookies. */
async function newVisitor(userAgent = PHONE_BROWSER): Promise<Visitor> {
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'vi-VN', userAgent });
  const page = await context.newPage();
  let visits = 0;
  page.on('request', (request) => {
    if (
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame() &&
      new URL(request.url()).pathname === SIMULATOR_PATH
    )
      visits += 1;
  });
  return { page, watch: watchPage(page), operatorVisits: () => visits };
}

async function readAttempt(page: Page): Promise<{ redirect: boolean; path: string }> {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'isCheck');
  if (!cookie) throw new Error('no isCheck cookie');
  return JSON.parse(decodeURIComponent(cookie.value)) as { redirect: boolean; path: string };
}

/** Pages visited later: each is shown as asked, never sent to the operator again. */
async function expectNoMoreRedirects(visitor: Visitor): Promise<void> {
  for (const path of ['/', '/tin-tuc', '/khoa-hoc?sort=newest', '/lien-he']) {
    const response = await visitor.page.goto(url(path));
    expect(response?.status(), path).toBe(200);
    expect(visitor.page.url(), path).toBe(url(path));
  }
  await waitForHydration(visitor.page);
  expect(visitor.operatorVisits()).toBe(1);
}

describe('operator recognition', () => {
  it('sends a first visit to the operator once; "recognised" comes back to the page with the number pre-filled', async () => {
    const visitor = await newVisitor();
    const { page } = visitor;
    await page.goto(url('/khoa-hoc?hot=1'));
    expect(new URL(page.url()).pathname).toBe(SIMULATOR_PATH);
    expect(new URL(page.url()).searchParams.get('sp')).toBe('KHAITRI');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Bạn đang dùng số 0912 345 678… (giả lập nhà mạng)',
    );
    expect(await readAttempt(page)).toMatchObject({ redirect: true, path: '/khoa-hoc?hot=1' });

    await page.getByRole('link', { name: /^Nhận diện là số 0912 345 678/ }).click();
    await page.waitForURL(url('/khoa-hoc?hot=1'));
    await waitForHydration(page);
    expect(await page.title()).toBe('Khóa học | Khai Trí');
    expect(await readAttempt(page)).toMatchObject({ redirect: false, path: '/khoa-hoc?hot=1' });

    await page.goto(url('/dang-nhap'));
    await waitForHydration(page);
    expect(await page.getByLabel('Số điện thoại hoặc email').inputValue()).toBe('0912345678');

    await expectNoMoreRedirects(visitor);
    expect(unexpectedProblems(visitor)).toEqual([]);
  });

  it.each([
    ['not recognised (an empty answer)', /^Không nhận diện được/],
    ['a broken answer', /^Trả về mã hỏng/],
  ])('comes back from %s to the page asked for, pre-fills nothing and never loops', async (_, choice) => {
    const visitor = await newVisitor();
    const { page } = visitor;
    await page.goto(url('/tin-tuc'));
    expect(new URL(page.url()).pathname).toBe(SIMULATOR_PATH);

    await page.getByRole('link', { name: choice }).click();
    await page.waitForURL(url('/tin-tuc'));
    await waitForHydration(page);
    expect(await page.title()).toBe('Tin tức | Khai Trí');
    expect(await readAttempt(page)).toMatchObject({ redirect: false, path: '/tin-tuc' });

    await page.goto(url('/dang-nhap'));
    await waitForHydration(page);
    expect(await page.getByLabel('Số điện thoại hoặc email').inputValue()).toBe('');

    await expectNoMoreRedirects(visitor);
    expect(unexpectedProblems(visitor)).toEqual([]);
  });

  it('does not redirect again a visitor who left the operator page without an answer', async () => {
    const visitor = await newVisitor();
    await visitor.page.goto(url('/gioi-thieu'));
    expect(new URL(visitor.page.url()).pathname).toBe(SIMULATOR_PATH);
    await expectNoMoreRedirects(visitor);
    expect(unexpectedProblems(visitor)).toEqual([]);
  });

  it('never redirects a search engine crawler', async () => {
    const visitor = await newVisitor(CRAWLER);
    const response = await visitor.page.goto(url('/khoa-hoc'));
    expect(response?.status()).toBe(200);
    expect(visitor.page.url()).toBe(url('/khoa-hoc'));
    expect(visitor.operatorVisits()).toBe(0);
    expect((await visitor.page.context().cookies()).find((cookie) => cookie.name === 'isCheck')).toBeUndefined();
    expect(unexpectedProblems(visitor)).toEqual([]);
  });
});
