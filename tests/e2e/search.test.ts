/**
 * Search on a 360 px phone (issue 16): a typo gets suggestions while typing and "Bạn có muốn tìm:
 * …" on the results page; following it shows the course results as cards with their thumbnail,
 * rating and price; words typed in Telex or VNI are understood; the suggestions are a combobox
 * usable by keyboard and by touch, inside the screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { waitForHydration, waitForTitle } from './browser.ts';
import { useJourney } from './journey.ts';

const journey = useJourney();
const PHONE = { width: 360, height: 740 };
const BOX_NAME = 'Tìm khóa học, tin tức, hỗ trợ';

/** The page scrolls sideways by this many pixels (0: it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('search on a phone', () => {
  it('types a typo, sees suggestions and the correction, follows it, and sees course cards with thumbnail and price', async () => {
    const { page, watch } = await journey.openPage(PHONE);
    await page.goto(journey.url('/'));
    await waitForHydration(page);

    const box = page.getByRole('combobox', { name: BOX_NAME });
    await box.click();
    await box.pressSequentially('tieng ahn', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Gợi ý tìm kiếm' });
    await list.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const correction = list.getByRole('option', { name: 'Bạn có muốn tìm: tiếng anh' });
    await correction.waitFor();
    const titles = await list.getByRole('option').allTextContents();
    expect(titles.length).toBeGreaterThan(2);
    expect(titles.slice(1).every((title) => /tiếng anh/i.test(title))).toBe(true);
    // Inside the 360 px screen, and every option tall enough to tap.
    const listBox = (await list.boundingBox())!;
    expect(listBox.x).toBeGreaterThanOrEqual(0);
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(PHONE.width);
    for (const option of await list.getByRole('option').all()) {
      expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Enter with no option chosen searches what was typed.
    await box.press('Enter');
    await page.waitForURL(journey.url(`/tim-kiem/${encodeURIComponent('tieng ahn')}`));
    await waitForTitle(page, 'Tìm kiếm: tieng ahn | Khai Trí');
    const main = page.locator('main');
    await main.getByText('Bạn có muốn tìm:').waitFor();
    const follow = main.getByRole('link', { name: 'tiếng anh', exact: true });
    await follow.click();
    await page.waitForURL(journey.url(`/tim-kiem/${encodeURIComponent('tiếng anh')}`));
    await waitForTitle(page, 'Tìm kiếm: tiếng anh | Khai Trí');
    // The right query now: no correction offered.
    expect(await main.getByText('Bạn có muốn tìm:').count()).toBe(0);

    const course = main.locator('li[data-kind="course"]').first();
    await course.waitFor();
    const thumbnail = course.locator('img');
    expect(await thumbnail.isVisible()).toBe(true);
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect(await course.innerText()).toMatch(/\d[\d.]*đ|Miễn phí|Liên hệ/);
    expect(
      await main
        .locator('li[data-kind="course"]')
        .getByLabel(/^Đánh giá [\d.]+ trên 5/)
        .count(),
    ).toBeGreaterThan(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(watch.unexpected()).toEqual([]);
  });

  it('understands Telex and VNI and opens a suggestion chosen with the keyboard', async () => {
    const { page, watch } = await journey.openPage(PHONE);
    await page.goto(journey.url('/khoa-hoc'));
    await waitForHydration(page);
    const box = page.getByRole('combobox', { name: BOX_NAME });

    await box.click();
    await box.pressSequentially('tie6ng1 anh', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Gợi ý tìm kiếm' });
    await list.getByRole('option', { name: 'Bạn có muốn tìm: tiếng anh' }).waitFor();

    await box.fill('');
    await box.pressSequentially('tieengs anh giao', { delay: 40 });
    // The answer to the last words typed (an earlier one can arrive first).
    await page.locator('[role="listbox"][data-query="tieengs anh giao"]').waitFor();
    await list
      .getByRole('option', { name: /Tiếng Anh giao tiếp/ })
      .first()
      .waitFor();
    // Down to the first title (after the correction), announced as the active option.
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    const chosen = page.locator(`[id="${active}"]`);
    expect(await chosen.getAttribute('aria-selected')).toBe('true');
    const title = (await chosen.locator('span').first().textContent())!;
    await box.press('Enter');
    await page.waitForURL(/\/khoa-hoc\/[a-z0-9-]+$/);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);

    // Escape closes the list; tapping an option opens it.
    await page.goto(journey.url('/'));
    await waitForHydration(page);
    const again = page.getByRole('combobox', { name: BOX_NAME });
    await again.click();
    await again.pressSequentially('tienganh', { delay: 40 });
    const option = page.getByRole('option', { name: 'Bạn có muốn tìm: tiếng anh' });
    await option.waitFor();
    await again.press('Escape');
    expect(await again.getAttribute('aria-expanded')).toBe('false');
    expect(await again.inputValue()).toBe('tienganh');
    await again.press('ArrowDown');
    await option.click();
    await page.waitForURL(journey.url(`/tim-kiem/${encodeURIComponent('tiếng anh')}`));
    expect(watch.unexpected()).toEqual([]);
  });
});
