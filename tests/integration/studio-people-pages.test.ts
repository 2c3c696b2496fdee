/**
 * The studio people pages through the real app with the demo seed: the role and enrolment forms
 * of the user page (errors keep what was typed), the staff filter and folded search, the seeded
 * support requests and error reports, the broadcast form. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createSubject } from '../factories/catalog.ts';
import { decodeHtml, getPage, signIn, submitForm } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let editor: string;
let admin: string;

const get = async (url: string, cookie = '') => {
  const response = await getPage(t, url, cookie);
  return { status: response.statusCode, html: decodeHtml(response.body) };
};
const post = async (url: string, fields: Record<string, string>, cookie: string) => {
  const response = await submitForm(t, url, fields, cookie);
  return { status: response.statusCode, html: decodeHtml(response.body) };
};

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  // The broadcast form's sending runs as jobs on the real queue (decision 0012).
  await t.services.broadcasts.work();
  await t.services.jobs.start();
  editor = (await signIn(t, 'bientap@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
  admin = (await signIn(t, 'quantri@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
});
afterAll(async () => {
  await t?.services.broadcasts.settle();
  await t?.close();
});

describe('studio people pages', () => {
  it('shows editors the desk links but not the broadcast page; admins see all', async () => {
    const asEditor = await get('/studio', editor);
    expect(asEditor.html).toContain('href="/studio/ho-tro"');
    expect(asEditor.html).toContain('href="/studio/bao-loi"');
    expect(asEditor.html).not.toContain('href="/studio/thong-bao"');
    expect((await get('/studio/thong-bao', editor)).status).toBe(403);
    expect((await get('/studio', admin)).html).toContain('href="/studio/thong-bao"');
  });

  it('finds users by a name without marks and filters staff', async () => {
    const user = await createUser(t.db, { full_name: 'Nguyễn Văn Thành Đạt' });
    expect((await get('/studio/hoc-vien?q=nguyen+van+thanh+dat', editor)).html).toContain(
      `/studio/hoc-vien/${user.id}`,
    );
    const staff = await get('/studio/hoc-vien?role=staff', editor);
    expect(staff.html).toContain('Biên tập viên');
    expect(staff.html).not.toContain(`/studio/hoc-vien/${user.id}"`);
  });

  it('grants a course from the user page: a missing reason keeps the choice, then the learner has it', async () => {
    const user = await createUser(t.db);
    const page = await get(`/studio/hoc-vien/${user.id}`, admin);
    const courseId = /<option value="(\d+)">/.exec(page.html.slice(page.html.indexOf('id="cap-khoa"')))?.[1];
    expect(courseId).toBeDefined();
    const noReason = await post(
      `/studio/hoc-vien/${user.id}`,
      { intent: 'grant', course_id: courseId!, days: '30', reason: '' },
      admin,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.html).toContain('Vui lòng nhập lý do (3–500 ký tự).');
    expect(noReason.html).toContain(`<option value="${courseId}" selected="">`);
    const granted = await post(
      `/studio/hoc-vien/${user.id}`,
      { intent: 'grant', course_id: courseId!, days: '30', reason: 'Tặng học viên tích cực' },
      admin,
    );
    expect(granted.status).toBe(200);
    expect(granted.html).toContain('Đã cấp khóa học và báo cho học viên.');
    expect(granted.html).toContain('cấp từ studio');
    const enrolment = await t.db
      .selectFrom('enrolments')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const revokeNoReason = await post(
      `/studio/hoc-vien/${user.id}`,
      { intent: 'revoke', enrolment_id: String(enrolment.id), days: '', reason: '' },
      admin,
    );
    expect(revokeNoReason.status).toBe(400);
    const revoked = await post(
      `/studio/hoc-vien/${user.id}`,
      { intent: 'revoke', enrolment_id: String(enrolment.id), days: '', reason: 'Cấp nhầm' },
      admin,
    );
    expect(revoked.html).toContain('Đã thu hồi ghi danh.');
    // Editors cannot grant.
    expect(
      (await post(`/studio/hoc-vien/${user.id}`, { intent: 'grant', course_id: courseId!, reason: 'abc' }, editor))
        .status,
    ).toBe(403);
    expect((await get(`/studio/hoc-vien/${user.id}`, editor)).html).not.toContain('id="cap-khoa"');
  });

  it('changes a role from the user page and refuses the own role', async () => {
    const user = await createUser(t.db);
    const made = await post(`/studio/hoc-vien/${user.id}`, { intent: 'role', role: 'teacher' }, admin);
    expect(made.html).toContain('Đã đổi vai trò.');
    const self = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'quantri@khaitri.vn')
      .executeTakeFirstOrThrow();
    expect((await get(`/studio/hoc-vien/${self.id}`, admin)).html).not.toContain('id="vai-tro"');
  });

  it('lists the seeded support requests, replies from the detail page and keeps a too-short reply', async () => {
    const list = await get('/studio/ho-tro?q=khong+xem+duoc+video', editor);
    expect(list.html).toContain('Không xem được video trên điện thoại');
    const id = /href="\/studio\/ho-tro\/(\d+)"/.exec(list.html)?.[1];
    const short = await post(`/studio/ho-tro/${id}`, { intent: 'note', kind: 'reply', body: 'x' }, editor);
    expect(short.status).toBe(400);
    expect(short.html).toContain('Vui lòng nhập nội dung (2–5000 ký tự).');
    const replied = await post(
      `/studio/ho-tro/${id}`,
      { intent: 'note', kind: 'reply', body: 'Bạn thử chọn chất lượng 360p nhé.' },
      editor,
    );
    expect(replied.html).toContain('Đã gửi trả lời (thông báo).');
    expect(replied.html).toContain('Đang xử lý');
    expect((await get('/studio/ho-tro?status=resolved', editor)).html).toContain('Đã trừ tiền nhưng chưa vào học được');
  });

  it('moves a seeded error report to fixed', async () => {
    const list = await get('/studio/bao-loi?review_status=new', editor);
    expect(list.html).toContain('Video bị mất tiếng từ phút thứ 3.');
    const id = /name="report_id" value="(\d+)"/.exec(list.html)?.[1];
    const fixed = await post(
      '/studio/bao-loi?review_status=new',
      { report_id: id!, review_status: 'fixed', note: 'Đã thay video' },
      editor,
    );
    expect(fixed.html).toContain('Đã chuyển báo lỗi sang "Đã sửa".');
    expect((await get('/studio/bao-loi?review_status=fixed', editor)).html).toContain('Đã thay video');
  });

  it('previews and sends a broadcast to a subject, keeping the typed message on an error', async () => {
    const subject = await createSubject(t.db, { name: 'Luyện thi IELTS' });
    const follower = await createUser(t.db);
    await t.db
      .insertInto('subject_likes')
      .values({ user_id: follower.id, subject_id: subject.id, created_at: new Date().toISOString() })
      .execute();
    // As the form sends it: "Thông báo dịch vụ" is the purpose checked by default.
    const fields = {
      title: 'Lớp IELTS mới',
      body: 'Khai giảng ngày 1/12.',
      link: '/khoa-hoc',
      audience: 'subject',
      purpose: 'service',
    };
    const missing = await post('/studio/thong-bao', { ...fields, subject_id: '', intent: 'send' }, admin);
    expect(missing.status).toBe(400);
    expect(missing.html).toContain('Vui lòng chọn chủ đề.');
    expect(missing.html).toContain('Khai giảng ngày 1/12.');
    const preview = await post(
      '/studio/thong-bao',
      { ...fields, subject_id: String(subject.id), intent: 'preview' },
      admin,
    );
    expect(preview.html).toContain('Sẽ gửi đến 1 người theo dõi "Luyện thi IELTS".');
    const sent = await post('/studio/thong-bao', { ...fields, subject_id: String(subject.id), intent: 'send' }, admin);
    expect(sent.html).toContain('Đang gửi "Lớp IELTS mới" đến 1 người');
    await t.services.broadcasts.settle();
    const history = (await get('/studio/thong-bao', admin)).html;
    expect(history).toContain('Theo dõi "Luyện thi IELTS" · 1/1 người');
  });
});
