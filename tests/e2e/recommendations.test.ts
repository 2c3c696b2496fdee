/**
 * "Gợi ý cho bạn" on a 360 px phone, on the demo data: a visitor sees the most popular courses; a
 * learner who picks a topic of interest at /tai-khoan/chu-de-quan-tam then finds that topic's
 * courses as real course cards on the home page, and opens one.
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';

const journey = useJourney();
const PHONE = { width: 360, height: 740 };

describe('"Gợi ý cho bạn" on the home page', () => {
  it('shows popular courses to a visitor, then a learner’s chosen topic after they pick it', async () => {
    const user = await createUser(journey.server.context.db, { full_name: 'Lê Thu Hằng' });
    const { page, watch } = await journey.openPage(PHONE);
    const block = page.getByTestId('recommendations');

    await page.goto(journey.url('/'));
    await waitForHydration(page);
    await expect.poll(() => block.getByRole('heading', { name: 'Gợi ý cho bạn' }).isVisible()).toBe(true);
    expect(await block.getByText('Những khóa học được nhiều học viên chọn nhất').isVisible()).toBe(true);
    expect(await block.getByRole('listitem').count()).toBe(4);

    await page.goto(journey.url('/dang-nhap?redirect=%2Ftai-khoan%2Fchu-de-quan-tam'));
    await waitForHydration(page);
    await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
    await page.getByLabel('Mật khẩu').fill(user.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL(journey.url('/tai-khoan/chu-de-quan-tam'));
    await waitForHydration(page);
    const topic = page.getByRole('button', { name: 'Lập trình cho trẻ em' });
    await topic.click();
    await expect.poll(() => topic.getAttribute('aria-pressed')).toBe('true');

    await page.goto(journey.url('/'));
    await waitForHydration(page);
    await expect
      .poll(() => block.getByText('Theo chủ đề bạn quan tâm và những khóa học bạn đã xem').isVisible())
      .toBe(true);
    // The topic's two courses are real course cards, linked to their pages.
    for (const title of ['Lập trình Scratch cho trẻ em', 'Python cơ bản cho học sinh'])
      expect(await block.getByRole('link', { name: title, exact: true }).isVisible(), title).toBe(true);
    expect(await block.getByRole('listitem').count()).toBe(4);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the home page scrolls sideways').toBeLessThanOrEqual(0);

    await block.getByRole('link', { name: 'Python cơ bản cho học sinh', exact: true }).click();
    await page.waitForURL(journey.url('/khoa-hoc/python-co-ban-cho-hoc-sinh'));
    await expect.poll(() => page.locator('h1').textContent()).toBe('Python cơ bản cho học sinh');
    expect(watch.unexpected()).toEqual([]);
  });
});
