/**
 * The activation pages (/tai-khoan/kich-hoat-khoa-hoc and /active), the offers page and "Vào học" on
 * a free course, through the real app with the demo seed. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACTIVATION_CODES } from '../../db/seed/activation.ts';
import { createUser } from '../factories/accounts.ts';
import { createActivationCode } from '../factories/activation.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { signIn, submitForm, getPage, decodeHtml } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;

const get = (url: string, cookie = '') => getPage(t, url, cookie);
const layoutOf = (html: string) => /data-layout="([^"]+)"/.exec(html)?.[1];

async function learnerCookie() {
  const user = await createUser(t.db);
  return { user, cookie: (await signIn(t, user.phone!, user.password)).cookie.cookie };
}

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
});
afterAll(async () => {
  await t?.close();
});

describe('activation pages', () => {
  it('redeems a seeded code typed loosely on /tai-khoan/kich-hoat-khoa-hoc and links to the course', async () => {
    const { cookie } = await learnerCookie();
    const page = await get('/tai-khoan/kich-hoat-khoa-hoc', cookie);
    expect(page.statusCode).toBe(200);
    expect(layoutOf(page.body)).toBe('profile');
    expect(page.body).toContain('<label for="truong-code"');

    const response = await submitForm(t, '/tai-khoan/kich-hoat-khoa-hoc', { code: 'ktth-u234-5678' }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Kích hoạt thành công!');
    const course = await t.db
      .selectFrom('activation_codes')
      .innerJoin('courses', 'courses.id', 'activation_codes.course_id')
      .select(['courses.slug', 'courses.title'])
      .where('code', '=', DEMO_ACTIVATION_CODES.single)
      .executeTakeFirstOrThrow();
    expect(decodeHtml(response.body)).toContain(course.title);
    expect(response.body).toContain(`href="/vao-hoc/${course.slug}"`);
  });

  it('shows the Vietnamese message next to the field and keeps what was typed', async () => {
    const { cookie } = await learnerCookie();
    const wrong = await submitForm(t, '/tai-khoan/kich-hoat-khoa-hoc', { code: 'KTXX-9999-2222' }, cookie);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('Mã kích hoạt không tồn tại.');
    expect(wrong.body).toContain('value="KTXX-9999-2222"');
    expect(wrong.body).toContain('aria-invalid="true"');
    const expired = await submitForm(
      t,
      '/tai-khoan/kich-hoat-khoa-hoc',
      { code: DEMO_ACTIVATION_CODES.expired },
      cookie,
    );
    expect(expired.body).toContain('Mã kích hoạt đã hết hạn sử dụng.');
  });

  it('/active: anonymous visitors sign in first; signed in, the same form in the default layout', async () => {
    const anonymous = await get('/active');
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/dang-nhap?redirect=%2Factive');
    const post = await submitForm(t, '/active', { code: DEMO_ACTIVATION_CODES.single });
    expect(post.statusCode).toBe(302);
    expect(post.headers.location).toBe('/dang-nhap?redirect=%2Factive');

    const { cookie } = await learnerCookie();
    const page = await get('/active', cookie);
    expect(page.statusCode).toBe(200);
    expect(layoutOf(page.body)).toBe('default');
    const course = await createPaidCourse(t.db);
    const { code } = await createActivationCode(t.db, course.id, { access_days: 30 });
    const done = await submitForm(t, '/active', { code }, cookie);
    expect(done.body).toContain('Kích hoạt thành công!');
    expect(done.body).toContain(`href="/vao-hoc/${course.slug}"`);
  });
});

describe('"Vào học" on a free course', () => {
  it('enrols once and goes to /vao-hoc/{slug}; anonymous visitors sign in and come back', async () => {
    const free = await t.db
      .selectFrom('courses')
      .select(['id', 'slug'])
      .where('type', '=', 'retail')
      .where('price_new', '=', 0)
      .where('is_published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const path = `/khoa-hoc/${free.slug}`;
    const anonymous = await submitForm(t, path, { intent: 'enrol' });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(`/dang-nhap?redirect=${encodeURIComponent(path)}`);

    const { user, cookie } = await learnerCookie();
    expect((await get(path, cookie)).body).toMatch(/<button type="submit"[^>]*>Vào học<\/button>/);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await submitForm(t, path, { intent: 'enrol' }, cookie);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/vao-hoc/${free.slug}`);
    }
    const rows = await t.db.selectFrom('enrolments').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toEqual([expect.objectContaining({ course_id: free.id, source: 'free', ends_at: null })]);
    // Owned now: the button is a plain link to study.
    expect((await get(path, cookie)).body).toMatch(new RegExp(`<a [^>]*href="/vao-hoc/${free.slug}"[^>]*>Vào học</a>`));
  });

  it('refuses to enrol into a paid course with the message on the page', async () => {
    const { cookie } = await learnerCookie();
    const paid = await createPaidCourse(t.db);
    const response = await submitForm(t, `/khoa-hoc/${paid.slug}`, { intent: 'enrol' }, cookie);
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Khóa học này không miễn phí, vui lòng mua khóa học.');
  });
});

describe('/tai-khoan/uu-dai', () => {
  it('lists the offers the learner can use with value, window, conditions and a copy button', async () => {
    const { cookie } = await learnerCookie();
    const response = await get('/tai-khoan/uu-dai', cookie);
    expect(response.statusCode).toBe(200);
    const html = decodeHtml(response.body);
    expect(html).toContain('>CHAOBAN</code>');
    expect(html).toContain('Giảm 30%, tối đa 300.000đ');
    expect(html).toContain('Đơn hàng từ 500.000đ');
    expect(html).toContain('aria-label="Sao chép mã CHAOBAN"');
    expect(html).toMatch(/Từ \d{2}\/\d{2}\/\d{4} đến \d{2}\/\d{2}\/\d{4}/);
  });

  it('says so when there is no offer', async () => {
    const { cookie } = await learnerCookie();
    await t.db.updateTable('promotions').set({ is_public: 0 }).execute();
    const response = await get('/tai-khoan/uu-dai', cookie);
    expect(response.body).toContain('Hiện chưa có ưu đãi nào dành cho bạn.');
  });
});
