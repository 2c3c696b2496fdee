/**
 * The demo content, written through the factories: 43 news posts in 5 categories with 12 hashtags,
 * 32 help articles in product / guide / policy categories, solutions, exam-gate posts, intro and
 * feedback posts, a landing page, and partner / press media.
 */
import type { Kysely } from 'kysely';
import { slugify } from '../../lib/text/slug.ts';
import { createCategory } from '../../tests/factories/catalog.ts';
import { createMedia, createPost, createSupportArticle, createTag } from '../../tests/factories/content.ts';
import type { Database } from '../schema.ts';
import {
  EXAM_GATE,
  FEEDBACK,
  HELP,
  INTRO,
  NEWS,
  POST_CATEGORIES,
  PRESS,
  SOLUTIONS,
  SUPPORT_CATEGORIES,
  TAGS,
} from './content-data.ts';
import { NEWS_TEXT } from './news-data.ts';
import { renderBannerSvg, writeSvg, type Motif } from './svg.ts';

const DAY = 86_400_000;
/** The illustration on each news category's covers. */
const POST_MOTIFS: Record<string, Motif> = {
  'tin-giao-duc': 'school',
  'tuyen-sinh': 'cap',
  'kinh-nghiem-hoc-tap': 'bulb',
  'su-kien-khai-tri': 'trophy',
  'video-bai-giang': 'phone',
};
const BASE = Date.UTC(2026, 10, 21, 2);

/** A news post: its summary (the page shows it above the body) and a body with the two points it develops. */
function articleBody(title: string, category: string): { summary: string; content: string } {
  const text = NEWS_TEXT[title];
  if (!text) throw new Error(`Bài viết mẫu chưa có nội dung riêng: ${title}`);
  const [summary, first, second] = text;
  return {
    summary,
    content: `<h2>Điểm chính</h2>
<ul><li>${first}</li><li>${second}</li></ul>
<p>Xem thêm các bài cùng chuyên mục ${category} trên Khai Trí.</p>`,
  };
}

export async function seedContent(db: Kysely<Database>, uploadsDir: string): Promise<void> {
  const categories = new Map<string, { id: number; name: string }>();
  for (const [position, category] of POST_CATEGORIES.entries()) {
    const row = await createCategory(db, { type: 'post', ...category, position });
    categories.set(category.slug, { id: row.id, name: category.name });
  }
  const tagIds: number[] = [];
  for (const name of TAGS) tagIds.push((await createTag(db, { name, slug: slugify(name) })).id);

  for (const [index, [categorySlug, title, tags]] of NEWS.entries()) {
    const category = categories.get(categorySlug)!;
    const slug = slugify(title);
    await createPost(
      db,
      {
        type: 'post',
        category_id: category.id,
        slug,
        title,
        ...articleBody(title, category.name),
        thumbnail: writeSvg(
          uploadsDir,
          `seed/posts/${slug}.svg`,
          renderBannerSvg({
            title,
            subtitle: category.name,
            width: 640,
            height: 360,
            seed: index + 2,
            motif: POST_MOTIFS[categorySlug] ?? 'book',
          }),
        ),
        author_name: index % 2 === 0 ? 'Ban biên tập Khai Trí' : 'Phóng viên giáo dục',
        is_featured: index % 9 === 0 ? 1 : 0,
        view_count: (index * 131) % 2000,
        published_at: new Date(BASE - index * DAY * 1.5).toISOString(),
      },
      tags.map((tag) => tagIds[tag]!),
    );
  }

  for (const [index, [slug, title, summary, benefits]] of SOLUTIONS.entries()) {
    await createPost(db, {
      type: 'solution',
      slug,
      title,
      summary,
      content: `<p>${summary}</p><h2>Lợi ích</h2><ul>${benefits.map((item) => `<li>${item}</li>`).join('')}</ul><p>Chọn “Đăng ký hợp tác” trên trang này để được tư vấn.</p>`,
      thumbnail: writeSvg(
        uploadsDir,
        `seed/solutions/${slugify(slug)}.svg`,
        renderBannerSvg({
          title,
          subtitle: 'Giải pháp Khai Trí',
          width: 640,
          height: 360,
          seed: index,
          motif: (['school', 'chat', 'book', 'chart'] as const)[index % 4],
        }),
      ),
      published_at: new Date(BASE - index * DAY).toISOString(),
    });
  }
  for (const [index, [title, summary, rules]] of EXAM_GATE.entries()) {
    const slug = slugify(title);
    await createPost(db, {
      type: 'exam_gate',
      slug,
      title,
      summary,
      content: `<p>${rules}</p>`,
      thumbnail: writeSvg(
        uploadsDir,
        `seed/exam/${slug}.svg`,
        renderBannerSvg({ title, subtitle: 'Cổng thi', width: 640, height: 360, seed: index + 3, motif: 'pencil' }),
      ),
      published_at: new Date(BASE - index * DAY * 2).toISOString(),
    });
  }
  for (const [index, [author, quote]] of FEEDBACK.entries()) {
    await createPost(db, {
      type: 'feedback',
      slug: slugify(author).slice(0, 60),
      title: author,
      summary: quote,
      content: `<p>${quote}</p>`,
      author_name: author,
      published_at: new Date(BASE - index * DAY).toISOString(),
    });
  }
  for (const [index, [slug, title, text]] of INTRO.entries()) {
    await createPost(db, {
      type: 'intro',
      slug,
      title,
      summary: text,
      content: `<p>${text}</p>`,
      published_at: new Date(BASE - index * 60_000).toISOString(),
    });
  }
  await createPost(db, {
    type: 'landing_page',
    slug: 'uu-dai-khai-giang',
    title: 'Ưu đãi khai giảng: giảm 30% khóa học đầu tiên',
    summary: 'Giảm 30%, tối đa 300.000đ, với mã CHAOBAN: mỗi tài khoản dùng một lần.',
    content:
      '<p>Mùa khai giảng, học viên mới nhập mã <strong>CHAOBAN</strong> khi thanh toán để được giảm 30% (tối đa 300.000đ) cho đơn hàng của mình.</p><p>Mỗi tài khoản dùng mã một lần.</p>',
  });

  const supportCategories = new Map<string, { id: number; subtype: string }>();
  for (const [position, category] of SUPPORT_CATEGORIES.entries()) {
    const row = await createCategory(db, { type: 'support', ...category, position });
    supportCategories.set(category.slug, { id: row.id, subtype: category.subtype });
  }
  for (const [index, [categorySlug, question, answer]] of HELP.entries()) {
    const category = supportCategories.get(categorySlug)!;
    await createSupportArticle(
      db,
      {
        category_id: category.id,
        slug: slugify(question),
        title: question,
        summary: answer,
        content: `<p>${answer}</p><p>Nếu cần thêm trợ giúp, hãy gọi tổng đài <strong>1800 1090</strong> (miễn phí) hoặc gửi yêu cầu qua trang Liên hệ.</p>`,
        position: index,
        helpful_count: (index * 17) % 60,
        not_helpful_count: index % 4,
      },
      category.subtype,
    );
  }

  const partners = [
    'Sở GD&ĐT Hà Nội',
    'Đại học Bách khoa',
    'Trường THPT Chu Văn An',
    'Nhà xuất bản Giáo dục',
    'Hội Khuyến học',
    'Trường Tiểu học Kim Đồng',
    'Học viện Công nghệ',
    'Quỹ Học bổng Vì tương lai',
  ];
  for (const [index, name] of partners.entries()) {
    await createMedia(db, {
      group_name: 'partner',
      title: name,
      url: writeSvg(
        uploadsDir,
        `seed/partners/${slugify(name)}.svg`,
        renderBannerSvg({ title: name, width: 320, height: 160, seed: index, motif: null }),
      ),
      sort_index: index < 6 ? index + 1 : null,
    });
  }
  for (const [index, [name, description]] of PRESS.entries()) {
    await createMedia(db, {
      group_name: 'press',
      title: name,
      description,
      url: writeSvg(
        uploadsDir,
        `seed/press/${slugify(name)}.svg`,
        renderBannerSvg({ title: name, width: 320, height: 160, seed: index + 4, motif: 'book' }),
      ),
      sort_index: index + 1,
    });
  }
}
