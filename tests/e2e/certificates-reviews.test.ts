/**
 * Certificates in Chromium against the real product with the demo seed: the demo learner finds
 * their certificate in the account area, opens its public verification page, downloads the PDF,
 * and anyone can look a code up; the printable page hides its buttons on paper. On the course page
 * the demo learner edits their review with the keyboard.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';
import { demoStudy, signInDemoLearnerAt } from './learning-shared.ts';

const journey = useJourney();

describe('certificates', () => {
  it('lists, verifies, downloads as PDF and looks up the demo learner’s certificate', async () => {
    const { page, watch } = await journey.openPage();
    await signInDemoLearnerAt(journey, page, '/tai-khoan/chung-chi');
    await expect.poll(() => page.getByRole('heading', { name: 'Chứng chỉ của tôi' }).isVisible()).toBe(true);
    expect(
      await page.getByRole('navigation', { name: 'Tài khoản' }).getByRole('link', { name: 'Chứng chỉ' }).count(),
    ).toBe(1);
    const codeText = await page.locator('li strong').first().innerText();
    expect(codeText).toMatch(/^KT-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    await page.getByRole('link', { name: 'Xem chứng chỉ' }).first().click();
    await page.waitForURL(journey.url(`/chung-chi/${codeText}`));
    await expect.poll(() => page.getByText('✓ Chứng chỉ hợp lệ').isVisible()).toBe(true);
    expect(await page.getByTestId('certificate-learner').innerText()).toBe('Nguyễn Thị Hồng Nhung');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Tải PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`chung-chi-${codeText}.pdf`);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.getByRole('link', { name: 'In chứng chỉ' }).click();
    await page.waitForURL(journey.url(`/chung-chi/${codeText}/in`));
    await waitForHydration(page);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'In chứng chỉ' }).isVisible()).toBe(false);
    expect(await page.getByTestId('certificate-learner').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Anyone can verify a code, typed loosely.
    await page.goto(journey.url('/chung-chi'));
    await waitForHydration(page);
    await page.getByLabel('Mã chứng chỉ').fill(codeText.toLowerCase());
    await page.getByRole('button', { name: 'Kiểm tra' }).click();
    await expect.poll(() => page.getByText('✓ Chứng chỉ hợp lệ').isVisible()).toBe(true);
    await page.goto(journey.url('/chung-chi/KT-AAAA-BBBB'));
    await expect.poll(() => page.getByText('không có chứng chỉ nào mang mã').isVisible()).toBe(true);
    expect(watch.unexpected().filter((line) => !/status of 404/.test(line))).toEqual([]);
  });
});

describe('the review form', () => {
  it('lets the demo learner change their stars with the keyboard and edit the review', async () => {
    const study = await demoStudy(journey);
    const { page, watch } = await journey.openPage();
    await signInDemoLearnerAt(journey, page, `/khoa-hoc/${study.slug}`);
    const form = page.getByRole('form', { name: 'Sửa đánh giá của bạn' });
    await expect.poll(() => form.getByRole('radio', { name: '5 sao' }).isChecked()).toBe(true);
    await form.getByRole('radio', { name: '5 sao' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await form.getByRole('radio', { name: '4 sao' }).isChecked()).toBe(true);
    await page.mouse.move(0, 0);
    const colour = (star: number) =>
      form.locator(`label[for="sao-${star}"]`).evaluate((element) => getComputedStyle(element).color);
    expect(await colour(1)).toBe(await colour(4));
    expect(await colour(5)).not.toBe(await colour(4));

    await form.getByLabel('Nhận xét (không bắt buộc)').fill('Bài giảng hay, cần thêm bài tập nâng cao.');
    await form.getByRole('button', { name: 'Sửa đánh giá' }).click();
    await expect.poll(() => page.getByText('Đã cập nhật đánh giá của bạn.').isVisible()).toBe(true);
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole('radio', { name: '4 sao' }).isChecked()).toBe(true);
    expect(await page.getByText('Bài giảng hay, cần thêm bài tập nâng cao.').count()).toBeGreaterThan(0);
    expect(watch.unexpected()).toEqual([]);
  });
});
