/**
 * Catalog journeys in Chromium against the real product (issue 4): home → a category → a filter
 * and a sort in the URL → a course → its free preview lesson; search with and without Vietnamese
 * marks; a news article → its hashtag; help search → an article → "was this helpful"; the contact
 * form with its errors, then sent.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../factories/content.ts';
import {
  isSameDocument,
  launchChromium,
  markDocument,
  waitForHydration,
  waitForTitle,
  watchPage,
  type PageWatch,
} from './browser.ts';
import { startProductServer, type ProductServer } from './server.ts';

/** A demo course found by `dia ly` and by `Địa lý`. */
const GEOGRAPHY_COURSE = 'Địa lý 12: Ôn thi tốt nghiệp';
/** Folds to the same words as `Địa lý` but is written with other marks (added by this file). */
const PLATES_POST = 'Đĩa ly nhựa có an toàn cho bé?';

let server: ProductServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startProductServer();
  browser = await launchChromium();
  await createPost(server.context.db, {
    title: PLATES_POST,
    summary: 'Cách chọn bát đĩa cho trẻ ăn dặm.',
    content: '<p>Chọn đồ dùng ăn uống bằng nhựa an toàn thực phẩm, không chứa BPA.</p>',
  });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage(): Promise<{ page: Page; watch: PageWatch }> {
  context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  const page = await context.newPage();
  return { page, watch: watchPage(page) };
}

const url = (path: string) => `${server.baseUrl}${path}`;

/**
 * Chromium logs every 4xx answer as a console error, including the deliberate 400 of a page action
 * that returns form errors; those (and only those) are expected here.
 */
function unexpectedProblems(watch: PageWatch): string[] {
  return watch.unexpected().filter((line) => !/status of 400 .*\.data\)$/.test(line));
}

/** The course cards' titles, in the order the list shows them. */
const courseTitles = (page: Page) => page.locator('[aria-live="polite"] article h3').allTextContents();

/** The search results' titles, best first. */
const resultTitles = (page: Page) => page.locator('main li h2').allTextContents();

async function searchFromHeader(page: Page, query: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Tìm khóa học, tin tức, hỗ trợ' });
  await box.fill(query);
  await box.press('Enter');
  await page.waitForURL(url(`/tim-kiem/${encodeURIComponent(query)}`));
  await waitForTitle(page, `Tìm kiếm: ${query} | Khai Trí`);
}

describe('browsing the catalog', () => {
  it('goes home → a category → a filter and a sort in the URL → a course → its free preview lesson', async () => {
    const { page, watch } = await openPage();
    await page.goto(url('/'));
    await waitForHydration(page);
    await markDocument(page);

    await page
      .getByRole('region', { name: 'Danh mục khóa học' })
      .getByRole('link', { name: /^Lịch sử và Địa lý/ })
      .click();
    await page.waitForURL(url('/danh-muc/lich-su-dia-ly'));
    await waitForTitle(page, 'Lịch sử và Địa lý | Khai Trí');
    await expect.poll(() => courseTitles(page)).toContain(GEOGRAPHY_COURSE);

    const filters = page.getByRole('form', { name: 'Bộ lọc khóa học' });
    await filters.getByLabel('Chủ đề').selectOption({ label: 'Ôn thi THPT quốc gia' });
    await page.waitForURL(url('/danh-muc/lich-su-dia-ly?subject=on-thi-thpt-quoc-gia'));
    await filters.getByLabel('Sắp xếp').selectOption({ label: 'Giá tăng dần' });
    await page.waitForURL(url('/danh-muc/lich-su-dia-ly?subject=on-thi-thpt-quoc-gia&sort=price_asc'));
    const filtered = ['Giáo dục công dân 12 trọng tâm', GEOGRAPHY_COURSE];
    await expect.poll(() => courseTitles(page)).toEqual(filtered);
    expect(await page.getByText('2 khóa học', { exact: true }).isVisible()).toBe(true);
    expect(await isSameDocument(page), 'the filters reloaded the page').toBe(true);

    // The URL is the whole state: a reload shows the same list with the same choices.
    await page.reload();
    await waitForHydration(page);
    expect(await courseTitles(page)).toEqual(filtered);
    expect(await filters.getByLabel('Chủ đề').inputValue()).toBe('on-thi-thpt-quoc-gia');
    expect(await filters.getByLabel('Sắp xếp').inputValue()).toBe('price_asc');
    await markDocument(page);

    await page.getByRole('link', { name: GEOGRAPHY_COURSE, exact: true }).click();
    await page.waitForURL(url('/khoa-hoc/dia-ly-12-on-thi-tot-nghiep'));
    await waitForTitle(page, `${GEOGRAPHY_COURSE} | Khai Trí`);

    const curriculum = page.getByRole('region', { name: 'Giáo trình' });
    // Only the free preview lessons are links; the others are locked.
    expect(await curriculum.getByRole('link', { name: 'Dân số và phân bố dân cư' }).count()).toBe(0);
    expect(await curriculum.getByText('Dân số và phân bố dân cư').isVisible()).toBe(true);
    const lesson = curriculum.getByRole('link', { name: 'Giới thiệu khóa học và lộ trình' });
    await lesson.click();
    await page.waitForURL(/\/khoa-hoc\/dia-ly-12-on-thi-tot-nghiep\?xem-thu=\d+#xem-thu$/);
    const preview = page.getByRole('region', { name: 'Học thử' });
    await expect
      .poll(() => preview.getByRole('heading', { name: 'Học thử: Giới thiệu khóa học và lộ trình' }).isVisible())
      .toBe(true);
    // The opening lesson tells this course's own route: its summary and its three chapters.
    expect(await preview.getByText('Lộ trình gồm ba chương:').isVisible()).toBe(true);
    expect(await preview.getByText('Chương 2: Dân cư và kinh tế').isVisible()).toBe(true);
    expect(await lesson.getAttribute('aria-current')).toBe('true');
    expect(await isSameDocument(page), 'the preview reloaded the page').toBe(true);
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('search', () => {
  it('finds the same course with and without marks, and ranks the words with the same marks first', async () => {
    const { page, watch } = await openPage();
    await page.goto(url('/'));
    await waitForHydration(page);

    await searchFromHeader(page, 'dia ly');
    const unmarked = await resultTitles(page);
    expect(unmarked).toContain(GEOGRAPHY_COURSE);
    expect(unmarked).toContain(PLATES_POST);
    // The matched words are highlighted as they are written.
    const course = page.locator('main li', { has: page.getByRole('link', { name: GEOGRAPHY_COURSE }) });
    expect(await course.locator('h2 mark').allTextContents()).toEqual(['Địa', 'lý']);

    await searchFromHeader(page, 'Địa lý');
    const marked = await resultTitles(page);
    expect(marked).toContain(GEOGRAPHY_COURSE);
    // `Địa lý` itself comes before `Đĩa ly`, which only folds to the same letters.
    expect(marked.indexOf(GEOGRAPHY_COURSE)).toBeLessThan(marked.indexOf(PLATES_POST));
    expect(marked.at(-1)).toBe(PLATES_POST);

    await searchFromHeader(page, 'đĩa ly');
    expect((await resultTitles(page))[0]).toBe(PLATES_POST);
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('news', () => {
  it('goes from a news article to one of its hashtags, whose page lists the article', async () => {
    const title = 'Học sinh Đà Nẵng giành 5 huy chương Olympic Toán quốc tế';
    const { page, watch } = await openPage();
    await page.goto(url('/tin-tuc'));
    await waitForHydration(page);
    await markDocument(page);

    await page.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(url('/tin-tuc/hoc-sinh-da-nang-gianh-5-huy-chuong-olympic-toan-quoc-te'));
    await waitForTitle(page, `${title} | Khai Trí`);
    const hashtags = page.getByRole('list', { name: 'Hashtag' });
    expect(await hashtags.getByRole('link').allTextContents()).toEqual(['#Toán học', '#Đà Nẵng']);

    await hashtags.getByRole('link', { name: '#Đà Nẵng' }).click();
    await page.waitForURL(url('/hashtag/da-nang'));
    await waitForTitle(page, '#Đà Nẵng | Khai Trí');
    await expect.poll(() => page.getByRole('link', { name: title, exact: true }).isVisible()).toBe(true);
    expect(await isSameDocument(page), 'the page reloaded').toBe(true);
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('help centre', () => {
  it('searches without marks, opens an article and records that it was helpful', async () => {
    const title = 'Cách kích hoạt khóa học bằng mã';
    const readCount = async () =>
      (
        await server.context.db
          .selectFrom('support_articles')
          .select('helpful_count')
          .where('title', '=', title)
          .executeTakeFirstOrThrow()
      ).helpful_count;
    const before = await readCount();

    const { page, watch } = await openPage();
    await page.goto(url('/ho-tro-khach-hang'));
    await waitForHydration(page);
    await page.getByLabel('Tìm câu hỏi, hướng dẫn').fill('kich hoat khoa hoc');
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await page.waitForURL(url('/ho-tro-khach-hang/tim-kiem/kich%20hoat%20khoa%20hoc'));

    await page.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(/\/ho-tro-khach-hang\/cach-kich-hoat-khoa-hoc-bang-ma/);
    await waitForTitle(page, `${title} | Khai Trí`);
    const rating = page.getByRole('region', { name: 'Đánh giá bài viết' });
    expect(await rating.getByText(`${before} người thấy hữu ích`).isVisible()).toBe(true);

    await rating.getByRole('button', { name: 'Có', exact: true }).click();
    await expect.poll(() => rating.getByRole('status').textContent()).toBe('Cảm ơn bạn đã góp ý!');
    expect(await readCount()).toBe(before + 1);

    await page.reload();
    await waitForHydration(page);
    expect(await rating.getByText(`${before + 1} người thấy hữu ích`).isVisible()).toBe(true);
    expect(watch.unexpected()).toEqual([]);
  });
});

describe('contact form', () => {
  it('shows the errors in Vietnamese and keeps what was typed, then sends the request', async () => {
    const { page, watch } = await openPage();
    await page.goto(url('/lien-he'));
    await waitForHydration(page);
    await page.getByLabel('Họ và tên').fill('Lê Thu Trang');
    await page.getByLabel('Số điện thoại').fill('0123');
    await page.getByLabel('Tiêu đề').fill('Hỏi về học phí');
    await page.getByLabel('Nội dung').fill('Ngắn');
    await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();

    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Vui lòng kiểm tra lại thông tin.');
    expect(await page.getByText('Số điện thoại không hợp lệ.').isVisible()).toBe(true);
    expect(await page.getByText('Nội dung cần ít nhất 10 ký tự.').isVisible()).toBe(true);
    expect(await page.getByLabel('Số điện thoại').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Họ và tên').inputValue()).toBe('Lê Thu Trang');
    expect(await page.getByLabel('Số điện thoại').inputValue()).toBe('0123');
    expect(await page.getByLabel('Tiêu đề').inputValue()).toBe('Hỏi về học phí');
    expect(await page.getByLabel('Nội dung').inputValue()).toBe('Ngắn');

    const content = 'Cho em hỏi khóa Địa lý 12 có được học trên điện thoại không ạ?';
    await page.getByLabel('Số điện thoại').fill('0912 345 678');
    await page.getByLabel('Nội dung').fill(content);
    await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Cảm ơn bạn! Yêu cầu đã được gửi, chúng tôi sẽ liên hệ lại trong vòng 24 giờ làm việc.');
    expect(await page.getByText('Số điện thoại không hợp lệ.').count()).toBe(0);
    // The form is emptied for a next request.
    expect(await page.getByLabel('Nội dung').inputValue()).toBe('');

    const saved = await server.context.db
      .selectFrom('support_requests')
      .selectAll()
      .where('content', '=', content)
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ full_name: 'Lê Thu Trang', phone: '84912345678', title: 'Hỏi về học phí' });
    expect(unexpectedProblems(watch)).toEqual([]);
  });
});
