/**
 * The studio course pages through the real app with the demo seed: the list, a draft created from
 * the form, the editor's forms (errors keep what was typed), publish refused then allowed, hostile
 * titles escaped. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, submitForm, getPage, decodeHtml } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let editor: string;

const get = (url: string, cookie = '') => getPage(t, url, cookie);

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  editor = (await signIn(t, 'bientap@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
});
afterAll(async () => {
  await t?.close();
});

describe('studio course pages', () => {
  it('keeps learners out and shows editors the list with its sidebar entry', async () => {
    const learner = (await signIn(t, 'hocvien@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
    expect((await get('/studio/khoa-hoc', learner)).statusCode).toBe(403);
    const list = await get('/studio/khoa-hoc', editor);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('href="/studio/khoa-hoc"');
    expect(decodeHtml(list.body)).toContain('Đã xuất bản');
    // The seeded draft waits for its video.
    const drafts = await get('/studio/khoa-hoc?status=draft', editor);
    expect(decodeHtml(drafts.body)).toContain('Vật lý 11 — Dao động cơ');
    const empty = await get('/studio/khoa-hoc?q=khong-co-khoa-hoc-nao', editor);
    expect(decodeHtml(empty.body)).toContain('Không có khóa học nào khớp bộ lọc.');
  });

  it('creates a draft, keeps typed values on error, refuses then allows publishing', async () => {
    const short = await submitForm(t, '/studio/khoa-hoc', { title: 'ab', type: 'retail' }, editor);
    expect(short.statusCode).toBe(400);
    expect(decodeHtml(short.body)).toContain('Tiêu đề cần 3–200 ký tự.');
    expect(decodeHtml(short.body)).toContain('value="ab"');

    const created = await submitForm(t, '/studio/khoa-hoc', { title: 'Ngữ văn 9 <b>mới</b>', type: 'retail' }, editor);
    expect(created.statusCode).toBe(302);
    const url = String(created.headers.location);
    expect(url).toMatch(/^\/studio\/khoa-hoc\/\d+$/);
    const editorPage = await get(url, editor);
    expect(editorPage.statusCode).toBe(200);
    expect(editorPage.body).not.toContain('<b>mới</b>');
    expect(editorPage.body).toContain('&lt;b&gt;mới&lt;/b&gt;');
    expect(decodeHtml(editorPage.body)).toContain('Chưa có gói học.');

    const refused = await submitForm(t, url, { intent: 'publish' }, editor);
    expect(refused.statusCode).toBe(422);
    expect(decodeHtml(refused.body)).toContain('Không thể xuất bản: khóa học chưa có bài học nào.');

    const badPrice = await submitForm(
      t,
      url,
      { intent: 'details', title: 'Ngữ văn 9 (sửa)', type: 'retail', price_new: '-5', summary: 'Tóm tắt đã gõ' },
      editor,
    );
    expect(badPrice.statusCode).toBe(400);
    expect(decodeHtml(badPrice.body)).toContain('Giá bán phải là số nguyên không âm (đồng).');
    expect(decodeHtml(badPrice.body)).toContain('value="Tóm tắt đã gõ"');

    expect(
      (await submitForm(t, url, { intent: 'pod', name: 'Gói năm', cycle: '4', price: '500000' }, editor)).statusCode,
    ).toBe(200);
    expect((await submitForm(t, url, { intent: 'chapter', title: 'Chương mở đầu' }, editor)).statusCode).toBe(200);
    const id = Number(url.split('/').pop());
    const chapterId = (await t.services.studioCourses.detail(id)).chapters[0]!.id;
    const lesson = await submitForm(
      t,
      url,
      { intent: 'lesson', chapter_id: String(chapterId), title: 'Bài 1', content_type: 'video' },
      editor,
    );
    expect(lesson.statusCode).toBe(200);
    const published = await submitForm(t, url, { intent: 'publish' }, editor);
    expect(published.statusCode).toBe(200);
    expect(decodeHtml(published.body)).toContain('Đã xuất bản khóa học.');
    const page = await get(url, editor);
    expect(page.body).toContain('data-testid="video-upload"');
    expect(decodeHtml(page.body)).toContain('Ngừng xuất bản');
  });
});
