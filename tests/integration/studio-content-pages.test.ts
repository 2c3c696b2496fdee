/**
 * The studio content pages through the real app with the demo seed: learners are kept out, the
 * seeded drafts are listed, and without JavaScript (the editor is then a textarea of HTML) a post
 * is written, refused with the typed work kept, saved sanitised and published. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHtml, getPage, signIn, submitForm } from '../helpers/auth.ts';
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

describe('studio content pages', () => {
  it('keeps learners out and lists the seeded drafts for editors', async () => {
    const learner = (await signIn(t, 'hocvien@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
    for (const path of ['/studio/bai-viet', '/studio/the', '/studio/danh-muc', '/studio/trang/moi'])
      expect((await get(path, learner)).statusCode, path).toBe(403);
    const cases: [string, string][] = [
      ['/studio/bai-viet?status=draft', 'Lịch thi học kỳ 2 năm 2027 (bản nháp)'],
      ['/studio/giai-phap', 'Đào tạo nội bộ cho doanh nghiệp (bản nháp)'],
      ['/studio/tro-giup?q=doi so dien thoai', 'Làm sao để đổi số điện thoại đăng nhập?'],
      ['/studio/trang?q=tuyển', 'Tuyển dụng (bản nháp)'],
      ['/studio/danh-muc', 'Thêm danh mục'],
      ['/studio/the', 'Hashtag mới'],
    ];
    for (const [path, text] of cases) {
      const page = await get(encodeURI(path), editor);
      expect(page.statusCode, path).toBe(200);
      expect(decodeHtml(page.body), path).toContain(text);
    }
    expect((await get('/studio/bai-viet', editor)).body).toContain('href="/studio/the"');
    const empty = await get('/studio/bai-viet?q=khong-co-bai-nao', editor);
    expect(decodeHtml(empty.body)).toContain('Không có bài viết nào khớp bộ lọc.');
    expect((await get('/studio/bai-viet?status=xyz', editor)).statusCode).toBe(400);
    expect((await get('/studio/bai-viet/999999', editor)).statusCode).toBe(404);
  });

  it('writes a post without JavaScript: errors keep the typed work, the body is stored sanitised', async () => {
    const form = await get('/studio/bai-viet/moi', editor);
    expect(form.body).toMatch(/<textarea[^>]*name="content"/);
    const typed = '<p>Bài <strong>mới</strong></p><script>alert(1)</script>';
    const refused = await submitForm(
      t,
      '/studio/bai-viet/moi',
      { title: 'ab', content: typed, tags: 'Ôn thi' },
      editor,
    );
    expect(refused.statusCode).toBe(400);
    expect(decodeHtml(refused.body)).toContain('Tiêu đề cần 3–200 ký tự.');
    expect(decodeHtml(refused.body)).toContain('value="Ôn thi"');
    expect(refused.body).toContain('&lt;p&gt;Bài &lt;strong&gt;mới');

    const created = await submitForm(
      t,
      '/studio/bai-viet/moi',
      { title: 'Tin không cần JavaScript', content: typed, tags: 'Ôn thi', type: 'post' },
      editor,
    );
    expect(created.statusCode).toBe(302);
    const url = String(created.headers.location).replace(/\?.*$/, '');
    const id = Number(url.split('/').pop());
    const stored = await t.db.selectFrom('posts').select('content').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.content).toBe(t.services.sanitizeRichContent(typed));
    expect(stored.content).not.toContain('<script>');

    expect((await submitForm(t, url, { intent: 'publish' }, editor)).statusCode).toBe(200);
    const news = await get('/tin-tuc');
    expect(decodeHtml(news.body)).toContain('Tin không cần JavaScript');
  });
});
