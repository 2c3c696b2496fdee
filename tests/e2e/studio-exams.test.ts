/**
 * The studio's exam authoring on a 360 px phone: the demo admin imports the sample Chemistry exam
 * from its file (checked first, then saved), opens the new exam, adds a question and sees its
 * formula rendered (KaTeX) in the live preview as it is typed, saves it and finds it in Part I.
 * A listening passage gets its MP3 through the presigned upload. No page scrolls sideways; axe-core finds no serious or critical problem on the editor pages.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { waitForHydration } from './browser.ts';
import { unexpectedExceptFormErrors, useJourney } from './journey.ts';
import { signInAsDemoAdmin } from './studio-session.ts';

const journey = useJourney();

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('studio exams', () => {
  it('imports the sample exam and writes a question with a live formula preview', async () => {
    const { page, watch } = await journey.openPage({ width: 360, height: 740 });
    await signInAsDemoAdmin(journey, page);
    await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Đề thi' }).click();
    await page.waitForURL(journey.url('/studio/de-thi'));
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Nhập đề từ tệp' }).click();
    await page.waitForURL(journey.url('/studio/de-thi/nhap'));
    await waitForHydration(page);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);

    await page.getByLabel('Tệp đề (.txt)').setInputFiles(path.resolve('public/mau/de-thi-mau.txt'));
    await page.getByRole('button', { name: 'Kiểm tra' }).click();
    await expect.poll(() => page.getByText('Tệp hợp lệ — xem trước trước khi lưu').isVisible()).toBe(true);
    expect(await page.locator('.exam-text .katex').count()).toBeGreaterThan(10);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Nhập đề' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/studio\/de-thi\/\d+$/);
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Đã nhập đề từ tệp.');
    expect(await page.getByText('Đề đủ cấu trúc của mẫu đề.').isVisible()).toBe(true);
    expect(await page.getByTestId('exam-question').count()).toBe(28);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);

    // The exam is complete (18 questions in Part I): clone it, then write a draft question in the copy.
    await page.getByRole('button', { name: 'Nhân bản đề' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('(bản sao)');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Sửa câu 11' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/cau-hoi\/\d+$/);
    await waitForHydration(page);
    const preview = page.getByTestId('exam-preview');
    // The URL changes before the new page has rendered (a client navigation): wait for its preview.
    await expect.poll(() => preview.locator('.katex').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    const prompt = page.getByLabel('Đề bài', { exact: true });
    await prompt.fill('Cho $E^\\circ_{\\text{pin}} = \\dfrac{2{,}20}{2}$ V. Giá trị là');
    await expect.poll(() => preview.locator('.katex mfrac').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByLabel('Phương án A', { exact: true }).fill('$1{,}10$ V');
    await expect.poll(() => preview.locator('li').first().innerText()).toContain('1,10');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);

    // A mistake is named next to its field and nothing is saved.
    await page.getByLabel('Chuyên đề').fill('');
    await page.getByRole('button', { name: 'Lưu câu hỏi' }).click();
    await expect.poll(() => page.locator('#truong-topic-loi').textContent()).toContain('thiếu chuyên đề');
    await page.getByLabel('Chuyên đề').fill('Pin điện và điện phân');
    await page.getByRole('button', { name: 'Lưu câu hỏi' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/studio\/de-thi\/\d+$/);
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Đã lưu câu hỏi.');
    expect(await page.getByTestId('exam-question').nth(10).innerText()).toContain('Giá trị là');

    // A listening passage: its MP3 goes straight to storage and the address is filled in.
    await page.getByText('+ Thêm đoạn văn').click();
    const passageForm = page.locator('form').filter({ has: page.locator('button[data-passage="new"]') });
    await passageForm.getByLabel('Nội dung (LaTeX giữa $…$)').fill('Nghe đoạn hội thoại về pin điện hóa.');
    await passageForm.getByLabel('Tải tệp MP3, M4A hoặc OGG lên').setInputFiles({
      name: 'Bài nghe pin điện.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.alloc(4096, 7)]),
    });
    const address = passageForm.getByLabel('Bài nghe (tệp âm thanh, không bắt buộc)');
    await expect
      .poll(() => address.inputValue(), { timeout: 15_000 })
      .toMatch(/^\/uploads\/users\/\d+\/.+-bai-nghe-pin-dien\.mp3$/);
    const uploaded = await address.inputValue();
    expect((await page.request.get(journey.url(uploaded))).headers()['content-type']).toBe('audio/mpeg');
    await passageForm.getByRole('button', { name: 'Thêm đoạn' }).click();
    await expect.poll(() => page.getByText('Đã lưu đoạn văn.').first().isVisible()).toBe(true);
    // The saved passage keeps its audio; the form for the next one is empty again.
    await page.locator('summary', { hasText: 'Đoạn ' }).first().click();
    expect(await page.locator(`audio[src="${uploaded}"]`).count()).toBe(1);
    expect(await passageForm.getByLabel('Bài nghe (tệp âm thanh, không bắt buộc)').inputValue()).toBe('');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    expect(unexpectedExceptFormErrors(watch)).toEqual([]);
  });
});
