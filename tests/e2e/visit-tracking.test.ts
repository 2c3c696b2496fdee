/**
 * The shell's browser cookies in Chromium (SPEC §2, §9): the my-course flag (true on /mycourse for
 * 60 s, reset on other pages except /callback) and visit tracking (utm_source and utm_campaign into
 * the 'up' cookie, and a browser id cookie that stays).
 */
import type { Cookie, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isSameDocument, markDocument, waitForHydration, type PageWatch } from './browser.ts';
import { useJourney } from './journey.ts';

const journey = useJourney();

const url = (path: string) => journey.url(path);

let current: Page | undefined;

async function openPage(): Promise<{ page: Page; watch: PageWatch }> {
  const opened = await journey.openPage({ width: 1280, height: 800 });
  current = opened.page;
  return opened;
}

async function readCookie(name: string): Promise<Cookie | undefined> {
  return (await current!.context().cookies(journey.server.baseUrl)).find((cookie) => cookie.name === name);
}

describe('the my-course cookie', () => {
  it("is 'true' on /mycourse for 60 s and 'false' after another page", async () => {
    const { page, watch } = await openPage();
    await page.goto(url('/mycourse'));
    await waitForHydration(page);
    await expect.poll(async () => (await readCookie('kt_mycourse'))?.value).toBe('true');
    const flag = await readCookie('kt_mycourse');
    const secondsLeft = flag!.expires - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(50);
    expect(secondsLeft).toBeLessThanOrEqual(61);
    expect(flag!.sameSite).toBe('Lax');
    expect(flag!.path).toBe('/');

    // Client-side, from the header menu.
    await markDocument(page);
    await page
      .getByRole('navigation', { name: 'Menu chính', exact: true })
      .getByRole('link', { name: 'Cổng thi' })
      .click();
    await page.waitForURL(url('/cong-thi'));
    await expect.poll(async () => (await readCookie('kt_mycourse'))?.value).toBe('false');
    expect(await isSameDocument(page), 'the page reloaded').toBe(true);

    // Back on /mycourse (a full load this time) it is 'true' again.
    await page.goto(url('/mycourse'));
    await waitForHydration(page);
    await expect.poll(async () => (await readCookie('kt_mycourse'))?.value).toBe('true');
    expect(watch.unexpected()).toEqual([]);
  });

  it('is not written on other pages when it was never set', async () => {
    const { page, watch } = await openPage();
    await page.goto(url('/khoa-hoc'));
    await waitForHydration(page);
    expect(await readCookie('kt_mycourse')).toBeUndefined();
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('visit tracking', () => {
  it("writes utm_source and utm_campaign into the 'up' cookie and a browser id that stays", async () => {
    const { page, watch } = await openPage();
    await page.goto(url('/?utm_source=zalo&utm_campaign=he2026'));
    await waitForHydration(page);
    await expect.poll(async () => (await readCookie('up'))?.value).toBeDefined();
    const up = JSON.parse(decodeURIComponent((await readCookie('up'))!.value)) as Record<string, string>;
    expect(up.utm_source).toBe('zalo');
    expect(up.utm_campaign).toBe('he2026');
    expect(Number.isNaN(Date.parse(up.at ?? ''))).toBe(false);

    const browserId = (await readCookie('kt_bid'))?.value;
    expect(browserId).toMatch(/^[0-9a-z]{18}$/);
    expect((await readCookie('kt_bid'))!.expires - Date.now() / 1000).toBeGreaterThan(300 * 24 * 3600);

    // Later visits without campaign parameters keep both.
    await page.goto(url('/gioi-thieu'));
    await waitForHydration(page);
    expect((await readCookie('kt_bid'))?.value).toBe(browserId);
    expect(JSON.parse(decodeURIComponent((await readCookie('up'))!.value)).utm_source).toBe('zalo');
    expect(watch.unexpected()).toEqual([]);
  });

  it("gives a visit without campaign parameters a browser id and no 'up' cookie", async () => {
    const { page, watch } = await openPage();
    await page.goto(url('/'));
    await waitForHydration(page);
    await expect.poll(async () => (await readCookie('kt_bid'))?.value).toMatch(/^[0-9a-z]{18}$/);
    expect(await readCookie('up')).toBeUndefined();
    expect(watch.unexpected()).toEqual([]);
  });
});
