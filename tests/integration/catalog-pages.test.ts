/**
 * The catalog, content, help-centre and search pages through the real app (Fastify + the built React
 * Router app + the demo seed): frames and titles, SEO tags and JSON-LD, 404s for unknown slugs,
 * filters in the URL, preview lessons, the contact form, "was this helpful", search, sitemap, and
 * the signed-in topic and viewed-course lists. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCourseCard } from '../../lib/course-card.ts';
import { signIn, submitForm } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
const COURSE = 'luyen-thi-thpt-quoc-gia-mon-toan-2027';

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const submit = (url: string, fields: Record<string, string>, cookie = '') => submitForm(t, url, fields, cookie);

function parse(html: string) {
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    layout: /data-layout="([^"]+)"/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    jsonLdTypes: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => (JSON.parse(match[1]!) as { '@type': string })['@type'],
    ),
    errorMessage: /data-testid="error-message"[^>]*>([^<]*)</.exec(html)?.[1],
  };
}

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
});

afterAll(async () => {
  await t?.close();
});

describe('pages with seeded data', () => {
  it.each([
    ['/', 'default', 'Trang chủ', ['Organization', 'WebSite']],
    ['/khoa-hoc', 'default', 'Khóa học', ['BreadcrumbList']],
    ['/danh-muc/toan-hoc', 'default', 'Toán học', ['BreadcrumbList']],
    [`/khoa-hoc/${COURSE}`, 'default', 'Luyện thi THPT quốc gia môn Toán 2027', ['Course', 'BreadcrumbList']],
    ['/giang-vien-hidden/nguyen-thi-hong-nhung', 'default', 'Nguyễn Thị Hồng Nhung', ['Person', 'BreadcrumbList']],
    ['/tin-tuc', 'blog', 'Tin tức', []],
    ['/danh-muc-tin-tuc/tuyen-sinh', 'blog', 'Tuyển sinh', ['BreadcrumbList']],
    [
      '/tin-tuc/nam-meo-on-thi-mon-toan-dat-diem-cao',
      'blog',
      'Năm mẹo ôn thi môn Toán đạt điểm cao',
      ['Article', 'BreadcrumbList'],
    ],
    ['/hashtag/meo-hoc-tap', 'blog', '#Mẹo học tập', []],
    ['/ho-tro-khach-hang', 'default', 'Hỗ trợ khách hàng', []],
    ['/ho-tro-khach-hang/chinh-sach-hoan-tien', 'default', 'Chính sách hoàn tiền', ['FAQPage', 'BreadcrumbList']],
    ['/giai-phap', 'default', 'Giải pháp', []],
    ['/giai-phap/truong-hoc-so/so-lien-lac-dien-tu', 'default', 'Sổ liên lạc điện tử', ['BreadcrumbList']],
    ['/cong-thi', 'default', 'Cổng thi', []],
    ['/gioi-thieu', 'default', 'Giới thiệu', ['Organization']],
    ['/lien-he', 'default', 'Liên hệ', []],
    ['/m/uu-dai-khai-giang', 'default', 'Ưu đãi khai giảng: giảm 30% khóa học đầu tiên', []],
  ])(
    '%s answers 200 in layout %s titled "%s | Khai Trí" with canonical and JSON-LD',
    async (path, layout, title, types) => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      const page = parse(response.body);
      expect(page.layout).toBe(layout);
      expect(page.title).toBe(`${title} | Khai Trí`);
      expect(page.canonical).toBe(`http://localhost:3000${path}`);
      expect(page.jsonLdTypes).toEqual(types);
      expect(response.body).toContain('property="og:title"');
      expect(response.body).toContain('name="twitter:card"');
    },
  );

  it.each([
    '/khoa-hoc/khong-co',
    '/danh-muc/khong-co',
    '/giang-vien-hidden/khong-co',
    '/tin-tuc/khong-co',
    '/danh-muc-tin-tuc/khong-co',
    '/hashtag/khong-co',
    '/ho-tro-khach-hang/khong-co',
    '/giai-phap/khong/co',
    '/m/khong-co',
    '/khong-co/khong-co',
  ])('%s is a 404 with "Page not found: {path}"', async (path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(404);
    expect(parse(response.body).errorMessage).toBe(`Page not found: ${path}`);
  });

  it('resolves a two-segment path through alias.json to the canonical page', async () => {
    const response = await get(`/toan-hoc/${COURSE}`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/khoa-hoc/${COURSE}`);
  });
});

describe('banners that open a page', () => {
  it('fetch the first picture first, never lazily, with a box at the mobile ratio', async () => {
    for (const [url, placement] of [
      ['/', 1],
      ['/khoa-hoc', 2],
    ] as const) {
      const html = (await get(url)).body;
      const slot = new RegExp(`data-placement="${placement}"[^>]*>([\\s\\S]*?)</section>`).exec(html)?.[1] ?? '';
      const images = [...slot.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
      expect(images.length, url).toBeGreaterThan(0);
      expect(images[0], url).toMatch(/fetchpriority="high"/i);
      expect(images[0], url).toContain('loading="eager"');
      for (const image of images.slice(1)) expect(image, url).toContain('loading="lazy"');
      expect(slot, url).toMatch(/<source media="\(max-width: 767px\)"[^>]*width="750" height="500"/);
    }
    const footer = /data-placement="7"[^>]*>([\s\S]*?)<\/section>/.exec((await get('/')).body)?.[1] ?? '';
    expect(footer).toContain('loading="lazy"');
    expect(footer).not.toMatch(/fetchpriority="high"/i);
  });
});

describe('/khoa-hoc filters, sort and pagination in the URL', () => {
  it('narrows by category, free and sort, paginates, and shows an empty state', async () => {
    const free = await get('/khoa-hoc?free=1');
    expect(free.body).toContain('Miễn phí');
    expect(free.body).not.toContain('349.000đ');
    const page2 = await get('/khoa-hoc?page=2');
    expect(page2.body).toContain('aria-current="page" class="rounded-lg bg-brand-600');
    const empty = await get('/danh-muc/ky-nang-song?type=api');
    expect(empty.body).toContain('data-testid="empty-state"');
    const hostile = await get(`/khoa-hoc?sort=${encodeURIComponent("' or 1=1")}&page=-1&category=${'x'.repeat(5000)}`);
    expect([200, 404]).toContain(hostile.statusCode);
  });
});

describe('course detail', () => {
  it('shows prices, the curriculum and plays a preview lesson; locked lessons say why', async () => {
    const details = await t.services.course.getCourseDetails({ slug: COURSE });
    const preview = details.curriculum[0]!.children.find((lesson) => lesson.is_preview)!;
    const locked = details.curriculum[1]!.children[0]!;
    const page = await get(`/khoa-hoc/${COURSE}?xem-thu=${preview.id}`);
    expect(page.body).toContain(`Học thử: <!-- -->${preview.title}`);
    expect(page.body).toContain('Mua ngay');
    const lockedPage = await get(`/khoa-hoc/${COURSE}?xem-thu=${locked.id}`);
    expect(lockedPage.body).toContain('Vui lòng đăng nhập để học bài này.');
    const free = await get('/khoa-hoc/toan-tu-duy-cho-hoc-sinh-tieu-hoc');
    // "Vào học" on a free course is a form: it enrols first (tests/integration/activation-pages.test.ts).
    expect(free.body).toMatch(
      /<form [^>]*action="\/khoa-hoc\/toan-tu-duy-cho-hoc-sinh-tieu-hoc" method="post">.*?>Vào học<\/button><\/form>/,
    );
  });
});

describe('forms', () => {
  it('contact form: validation errors first, then a stored request', async () => {
    const invalid = await submit('/lien-he', { full_name: '', content: 'ngắn' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Vui lòng nhập họ tên.');
    expect(invalid.body).toContain('Nội dung cần ít nhất 10 ký tự.');
    const valid = await submit('/lien-he', {
      full_name: 'Lê Thị Đào',
      phone: '0987654321',
      content: 'Tôi muốn hỏi về khóa học Địa lý.',
    });
    expect(valid.statusCode).toBe(200);
    expect(valid.body).toContain('Yêu cầu đã được gửi');
    const row = await t.db
      .selectFrom('support_requests')
      .selectAll()
      .where('full_name', '=', 'Lê Thị Đào')
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('84987654321');
  });

  it('"was this helpful" counts the vote', async () => {
    const before = await t.services.support.getArticle({ slug: 'chinh-sach-hoan-tien' });
    const response = await submit('/ho-tro-khach-hang/chinh-sach-hoan-tien', { helpful: 'yes' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Cảm ơn bạn đã góp ý!');
    t.services.support.invalidate();
    const after = await t.services.support.getArticle({ slug: 'chinh-sach-hoan-tien' });
    expect(after.helpful_count).toBe(before.helpful_count + 1);
  });
});

describe('search pages', () => {
  it('finds with and without marks, highlights, and counts by kind', async () => {
    for (const query of ['dia%20ly', '%C4%90%E1%BB%8Ba%20l%C3%BD']) {
      const response = await get(`/tim-kiem/${query}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<mark>Địa</mark> <mark>lý</mark>');
      expect(response.body).toMatch(/Khóa học<!-- --> \(<!-- -->\d+<!-- -->\)/);
    }
    const support = await get('/ho-tro-khach-hang/tim-kiem/kich%20hoat');
    expect(support.body).toContain('<mark>kích</mark> <mark>hoạt</mark>');
    expect(support.body).not.toContain('Bạn có muốn tìm');
    const supportTypo = await get('/ho-tro-khach-hang/tim-kiem/kichs%20hoatj');
    expect(supportTypo.body).toContain('<mark>kích</mark> <mark>hoạt</mark>');
    expect(supportTypo.body).toMatch(
      /Bạn có muốn tìm:<!-- --> <a[^>]*href="\/ho-tro-khach-hang\/tim-kiem\/k%C3%ADch%20ho%E1%BA%A1t"/,
    );
    const nothing = await get('/tim-kiem/zzzzqqq');
    expect(nothing.body).toContain('Không tìm thấy kết quả nào');
    expect(nothing.body).not.toContain('Bạn có muốn tìm');
  });

  it('offers the corrected query with a link, and shows course results with thumbnail, rating and price', async () => {
    for (const typed of ['tieng%20ahn', 'tienganh', 'tieengs%20anh', 'tie6ng1%20anh']) {
      const response = await get(`/tim-kiem/${typed}`);
      expect(response.statusCode).toBe(200);
      expect(response.body, typed).toMatch(
        /Bạn có muốn tìm:<!-- --> <a[^>]*href="\/tim-kiem\/ti%E1%BA%BFng%20anh"[^>]*>tiếng anh<\/a>/,
      );
      expect(response.body, typed).toContain('<mark>Tiếng</mark> <mark>Anh</mark>');
    }
    const response = await get('/tim-kiem/tieng%20ahn');
    const course = await t.services.course.listCoursesByIds(
      (await t.services.search.search({ q: 'tiếng anh', kind: 'course', page: 1, limit: 20 })).items.map(
        (hit) => hit.id,
      ),
    );
    expect(course.length).toBeGreaterThan(0);
    const rows = response.body.split('<li class="flex gap-3').slice(1);
    const courseRow = rows.find(
      (row) => row.includes('data-kind="course"') && row.includes(`href="/khoa-hoc/${course[0]!.slug}"`),
    );
    expect(courseRow).toBeDefined();
    expect(courseRow).toContain(`src="${course[0]!.thumbnail ?? '/favicon.svg'}"`);
    expect(courseRow).toContain(describeCourseCard(course[0]!).priceText);
    if (course[0]!.rating_count) expect(courseRow).toContain(`Đánh giá ${course[0]!.rating_avg} trên 5`);
  });
});

describe('sitemap and robots', () => {
  it('lists the public pages in sitemap.xml and points robots.txt at it', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>http://localhost:3000/khoa-hoc/${COURSE}</loc>`);
    expect(sitemap.body).toContain('<loc>http://localhost:3000/ho-tro-khach-hang/chinh-sach-hoan-tien</loc>');
    expect((await get('/robots.txt')).body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

describe('signed in: topics of interest and viewed courses', () => {
  it('follows topics through subject/like.json and lists viewed courses', async () => {
    const session = await signIn(t, '0912345678', 'KhaiTri@2026');
    const subjects = (await get('/api/user/subject.json', session.bearer)).json().data as Array<{
      id: number;
      liked: boolean;
    }>;
    const subject = subjects[0]!;
    const liked = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/subject/like.json',
      headers: session.bearer,
      payload: { subject_id: subject.id },
    });
    expect(liked.statusCode).toBe(200);
    expect(liked.json().data.liked).toBe(true);
    expect(
      (await get('/api/user/subject.json?liked=1', session.bearer)).json().data.map((s: { id: number }) => s.id),
    ).toEqual([subject.id]);
    const unliked = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/subject/like.json',
      headers: session.bearer,
      payload: { subject_id: subject.id },
    });
    expect(unliked.json().data.liked).toBe(false);

    await get(`/api/user/course/details.json?slug=${COURSE}`, session.bearer);
    const viewed = await get('/api/user/course/viewed.json', session.bearer);
    expect(viewed.json().data[0].slug).toBe(COURSE);
    const page = await get('/tai-khoan/khoa-hoc-da-xem', session.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/khoa-hoc/${COURSE}`);
    const topics = await get('/tai-khoan/chu-de-quan-tam', session.cookie);
    expect(topics.statusCode).toBe(200);
    expect(topics.body).toContain('Ôn thi THPT quốc gia');
  });
});
