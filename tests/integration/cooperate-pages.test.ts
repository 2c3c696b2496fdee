/**
 * The partnership request pages through the real app with the demo seed: the form on /giai-phap,
 * a solution and a teacher page posted as a browser without JavaScript would (errors keep what
 * was typed), and the studio's /studio/hop-tac list and detail. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHtml, getPage, signIn, submitForm } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let editor: string;

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  editor = (await signIn(t, 'bientap@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
});
afterAll(async () => {
  await t?.close();
});

const request = {
  kind: 'partner',
  organization: 'Công ty TNHH Học Liệu Xanh',
  contact_name: 'Hoàng Văn Nam',
  phone: '0903 111 222',
  email: 'nam@hoclieuxanh.vn',
  needs: 'Muốn đưa bộ học liệu STEM lên nền tảng cho các trường đối tác.',
  learners: '1200',
};

describe('the form on public pages', () => {
  it('shows the form on /giai-phap, a solution and a teacher page', async () => {
    const solution = await t.db
      .selectFrom('posts')
      .select('slug')
      .where('type', '=', 'solution')
      .where('is_published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const teacher = await t.db
      .selectFrom('teachers')
      .select('slug')
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const url of ['/giai-phap', `/giai-phap/${solution.slug}`, `/giang-vien-hidden/${teacher.slug}`]) {
      const page = await getPage(t, url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('aria-label="Đăng ký hợp tác"');
    }
  });

  it('keeps what was typed on an error and stores the corrected request (no JavaScript)', async () => {
    const wrong = await submitForm(t, '/giai-phap', { ...request, phone: '12345' });
    expect(wrong.statusCode).toBe(400);
    const html = decodeHtml(wrong.body);
    expect(html).toContain('Số điện thoại không hợp lệ.');
    expect(html).toContain('value="Công ty TNHH Học Liệu Xanh"');
    expect(html).toContain('Muốn đưa bộ học liệu STEM');

    const sent = await submitForm(t, '/giai-phap', request);
    expect(sent.statusCode).toBe(200);
    expect(decodeHtml(sent.body)).toContain('Yêu cầu hợp tác đã được gửi');
    const row = await t.db
      .selectFrom('partnership_requests')
      .selectAll()
      .where('email', '=', 'nam@hoclieuxanh.vn')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'partner', phone: '84903111222', learners: 1200, source_path: '/giai-phap' });
  });

  it('records the teacher page as the source', async () => {
    const teacher = await t.db
      .selectFrom('teachers')
      .select('slug')
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const url = `/giang-vien-hidden/${teacher.slug}`;
    const sent = await submitForm(t, url, { ...request, kind: 'teacher', email: 'gv@hoclieuxanh.vn' });
    expect(sent.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('partnership_requests')
      .select(['kind', 'source_path'])
      .where('email', '=', 'gv@hoclieuxanh.vn')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'teacher', source_path: url });
  });
});

describe('the studio page', () => {
  it('is for editors and admins; learners get the 403 screen', async () => {
    const learner = (await signIn(t, 'hocvien@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
    expect((await getPage(t, '/studio/hop-tac', learner)).statusCode).toBe(403);
    const page = await getPage(t, '/studio/hop-tac', editor);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="/studio/hop-tac"');
    expect(decodeHtml(page.body)).toContain('Trường THPT Chu Văn An');
  });

  it('searches without accents and filters by state', async () => {
    const found = decodeHtml((await getPage(t, '/studio/hop-tac?q=chu%20van%20an', editor)).body);
    expect(found).toContain('Trường THPT Chu Văn An');
    expect(found).not.toContain('Công ty CP Giáo dục Ánh Dương');
    const lost = decodeHtml((await getPage(t, '/studio/hop-tac?status=lost', editor)).body);
    expect(lost).toContain('Trường Tiểu học Đống Đa');
    expect(lost).not.toContain('Trường THPT Chu Văn An');
    expect((await getPage(t, '/studio/hop-tac?status=xyz', editor)).statusCode).toBe(400);
  });

  it('changes the state and notes from the detail page, audited', async () => {
    const row = await t.db
      .selectFrom('partnership_requests')
      .select('id')
      .where('organization', '=', 'Trường THPT Chu Văn An')
      .executeTakeFirstOrThrow();
    const url = `/studio/hop-tac/${row.id}`;
    expect((await getPage(t, url, editor)).statusCode).toBe(200);
    const saved = await submitForm(t, url, { status: 'contacted', notes: 'Đã gọi thầy Tuấn.' }, editor);
    expect(saved.statusCode).toBe(200);
    expect(decodeHtml(saved.body)).toContain('Đã lưu trạng thái và ghi chú.');
    const after = await t.services.partnerships.detail(row.id);
    expect(after).toMatchObject({ status: 'contacted', notes: 'Đã gọi thầy Tuấn.' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'partnership_request')
      .where('target_id', '=', String(row.id))
      .execute();
    expect(audit).toEqual([{ action: 'partnership.update' }]);
    expect((await getPage(t, '/studio/hop-tac/999999', editor)).statusCode).toBe(404);
  });
});
