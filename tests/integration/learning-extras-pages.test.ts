/**
 * The review form on the course page and the certificate pages (account list, public verification,
 * printable page, PDF), through the real app with the demo seed. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createCourse } from '../factories/catalog.ts';
import { completeCourse, createEnrolment } from '../factories/learning.ts';
import { signIn, submitForm, getPage } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;

const get = (url: string, cookie = '') => getPage(t, url, cookie);
const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

async function learner(fullName?: string) {
  const user = await createUser(t.db, fullName ? { full_name: fullName } : {});
  return { user, cookie: (await signIn(t, user.phone!, user.password)).cookie.cookie };
}

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
});
afterAll(async () => {
  await t?.close();
});

describe('the review form on the course page', () => {
  it('lets an enrolled learner post, then edit, their one review; the rating and JSON-LD follow', async () => {
    const course = await createCourse(t.db, { price_new: 0, title: 'Khóa học để đánh giá' });
    const { user, cookie } = await learner();
    await createEnrolment(t.db, { userId: user.id, courseId: course.id });
    const page = await get(`/khoa-hoc/${course.slug}`, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Viết đánh giá');
    expect(page.body).toContain('Gửi đánh giá');

    const missing = await submitForm(
      t,
      `/khoa-hoc/${course.slug}`,
      { intent: 'review', comment: 'Chưa chọn sao' },
      cookie,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Vui lòng chọn số sao.');
    expect(missing.body).toContain('Chưa chọn sao');

    const posted = await submitForm(
      t,
      `/khoa-hoc/${course.slug}`,
      { intent: 'review', rating: '4', comment: '<b>Hay</b>' },
      cookie,
    );
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('Cảm ơn bạn đã đánh giá khóa học!');
    const after = await get(`/khoa-hoc/${course.slug}`, cookie);
    expect(after.body).toContain('Sửa đánh giá');
    expect(after.body).toContain('&lt;b&gt;Hay&lt;/b&gt;');
    expect(after.body).not.toContain('<b>Hay</b>');
    expect(decode(after.body)).toContain(
      '"aggregateRating":{"@type":"AggregateRating","ratingValue":4,"ratingCount":1',
    );

    const edited = await submitForm(
      t,
      `/khoa-hoc/${course.slug}`,
      { intent: 'review', rating: '2', comment: '' },
      cookie,
    );
    expect(edited.body).toContain('Đã cập nhật đánh giá của bạn.');
    const anonymous = await get(`/khoa-hoc/${course.slug}`);
    expect(decode(anonymous.body)).toContain('"ratingValue":2,"ratingCount":1');
    expect(anonymous.body).toContain('và đăng ký khóa học để gửi đánh giá của bạn.');
  });

  it('tells a learner who is not enrolled why they cannot review', async () => {
    const course = await createCourse(t.db, { price_new: 0 });
    const { cookie } = await learner();
    const page = await get(`/khoa-hoc/${course.slug}`, cookie);
    expect(page.body).toContain('Chỉ học viên đã đăng ký khóa học mới có thể đánh giá.');
    const refused = await submitForm(t, `/khoa-hoc/${course.slug}`, { intent: 'review', rating: '5' }, cookie);
    expect(refused.statusCode).toBe(403);
  });
});

describe('certificate pages', () => {
  it('lists my certificates (issuing a missing one), verifies them publicly, prints and downloads them', async () => {
    const { user, cookie } = await learner('Đỗ Thị Mai Anh');
    const course = await createCourse(t.db, { title: 'Kỹ năng thuyết trình' });
    await completeCourse(t.db, user.id, course.id);
    const list = await get('/tai-khoan/chung-chi', cookie);
    expect(list.statusCode).toBe(200);
    const code = /Mã <strong>(KT-[A-Z0-9]{4}-[A-Z0-9]{4})<\/strong>/.exec(list.body)?.[1];
    expect(code).toBeDefined();
    expect(decode(list.body)).toContain('Kỹ năng thuyết trình');

    const verify = await get(`/chung-chi/${code!.toLowerCase()}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toContain('Chứng chỉ hợp lệ');
    expect(decode(verify.body)).toContain('Đỗ Thị Mai Anh');
    expect(verify.body).toContain(`href="/chung-chi/${code}.pdf"`);

    const print = await get(`/chung-chi/${code}/in`);
    expect(print.statusCode).toBe(200);
    expect(print.body).toContain('size: A4 landscape');

    const pdf = await get(`/chung-chi/${code}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');

    const invalid = await get('/chung-chi/KT-AAAA-BBBB');
    expect(invalid.statusCode).toBe(404);
    expect(invalid.body).toContain('Không hợp lệ:');
    const lookup = await get(`/chung-chi?ma=${encodeURIComponent(code!)}`);
    expect(lookup.statusCode).toBe(302);
    expect(lookup.headers.location).toBe(`/chung-chi/${code}`);
    expect((await get('/chung-chi')).body).toContain('Mã chứng chỉ');
  });

  it('shows an empty state without certificates, and the demo learner has one', async () => {
    const { cookie } = await learner();
    expect((await get('/tai-khoan/chung-chi', cookie)).body).toContain('Bạn chưa có chứng chỉ nào.');
    const demo = (await signIn(t, '0912345678', 'KhaiTri@2026')).cookie.cookie;
    expect((await get('/tai-khoan/chung-chi', demo)).body).toMatch(/Mã <strong>KT-/);
  });
});
