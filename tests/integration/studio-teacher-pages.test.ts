/**
 * The studio pages for the demo teacher (demo seed): their courses only, no create form and no
 * publish button, 403 on another teacher's course and on the other studio pages, the "Câu hỏi"
 * page; an editor schedules a draft and sets a combo's children through the page forms. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHtml, getPage, signIn, submitForm } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let teacher: string;
let editor: string;
const get = (url: string, cookie = '') => getPage(t, url, cookie);

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  teacher = (await signIn(t, 'giangvien@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
  editor = (await signIn(t, 'bientap@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
});
afterAll(async () => {
  await t?.close();
});

async function courseIds(own: boolean) {
  const linked = await t.db
    .selectFrom('teachers')
    .select('id')
    .where('user_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const rows = await t.db
    .selectFrom('courses')
    .select('id')
    .where('teacher_id', own ? '=' : '!=', linked.id)
    .execute();
  return rows.map((r) => r.id);
}

describe('the studio for a teacher', () => {
  it('lists their courses without the create form, opens their own, and refuses others', async () => {
    const list = await get('/studio/khoa-hoc', teacher);
    expect(list.statusCode).toBe(200);
    const html = decodeHtml(list.body);
    expect(html).not.toContain('Tạo khóa học mới');
    expect(html).toContain('href="/studio/cau-hoi"');
    expect(html).not.toContain('href="/studio/don-hang"');
    const [mine] = await courseIds(true);
    const [other] = await courseIds(false);
    const page = await get(`/studio/khoa-hoc/${mine}`, teacher);
    expect(page.statusCode).toBe(200);
    expect(decodeHtml(page.body)).toContain('Biên tập viên sẽ xuất bản khóa học.');
    expect((await get(`/studio/khoa-hoc/${other}`, teacher)).statusCode).toBe(403);
    const publish = await submitForm(t, `/studio/khoa-hoc/${mine}`, { intent: 'unpublish' }, teacher);
    expect(decodeHtml(publish.body)).toContain('Bạn không có quyền thực hiện thao tác này.');
    for (const url of ['/studio/don-hang', '/studio/hoc-vien', '/studio/nhat-ky'])
      expect((await get(url, teacher)).statusCode, url).toBe(403);
  });

  it('shows the learners’ questions on their courses', async () => {
    const page = await get('/studio/cau-hoi', teacher);
    expect(page.statusCode).toBe(200);
    expect(decodeHtml(page.body)).toContain('chưa hiểu ví dụ thứ hai');
  });
});

describe('editor forms', () => {
  it('schedules a draft in Vietnam time and refuses an empty time with the typed page kept', async () => {
    const draft = await t.db
      .selectFrom('courses')
      .select('id')
      .where('slug', '=', 'vat-ly-11-dao-dong-co')
      .executeTakeFirstOrThrow();
    const url = `/studio/khoa-hoc/${draft.id}`;
    const empty = await submitForm(t, url, { intent: 'schedule', publish_at: '' }, editor);
    expect(empty.statusCode).toBe(400);
    expect(decodeHtml(empty.body)).toContain('Vui lòng chọn thời điểm xuất bản.');
    const next = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString().slice(0, 10);
    const done = await submitForm(t, url, { intent: 'schedule', publish_at: `${next}T08:30` }, editor);
    expect(decodeHtml(done.body)).toContain('Đã cập nhật lịch xuất bản.');
    const row = await t.db
      .selectFrom('courses')
      .select('publish_at')
      .where('id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.publish_at!).toISOString()).toBe(`${next}T01:30:00.000Z`);
  });
});
