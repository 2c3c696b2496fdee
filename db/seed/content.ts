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
  SOLUTIONS,
  SUPPORT_CATEGORIES,
  TAGS,
} from './content-data.ts';
import { renderBannerSvg, writeSvg } from './svg.ts';

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 10, 21, 2);

function articleBody(title: string, category: string): string {
  return `<p><strong>${title}.</strong> Đây là bài viết thuộc chuyên mục ${category} của Khai Trí, tổng hợp thông tin mới nhất dành cho học sinh, phụ huynh và thầy cô.</p>
<h2>Những điểm chính</h2>
<ul><li>Thông tin được kiểm chứng từ nguồn chính thức.</li><li>Lời khuyên thiết thực từ giáo viên giàu kinh nghiệm.</li><li>Gợi ý khóa học phù hợp để bạn bắt đầu ngay hôm nay.</li></ul>
<p>Theo các chuyên gia giáo dục, việc học đều đặn mỗi ngày và ôn tập có kế hoạch giúp ghi nhớ lâu hơn. Hãy theo dõi Khai Trí để cập nhật thêm nhiều bài viết hữu ích.</p>`;
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
        summary: `${title} — thông tin chi tiết và lời khuyên từ Khai Trí.`,
        content: articleBody(title, category.name),
        thumbnail: writeSvg(
          uploadsDir,
          `seed/posts/${slug}.svg`,
          renderBannerSvg({ title, subtitle: category.name, width: 640, height: 360, seed: index + 2 }),
        ),
        author_name: index % 2 === 0 ? 'Ban biên tập Khai Trí' : 'Phóng viên giáo dục',
        is_featured: index % 9 === 0 ? 1 : 0,
        view_count: (index * 131) % 2000,
        published_at: new Date(BASE - index * DAY * 1.5).toISOString(),
      },
      tags.map((tag) => tagIds[tag]!),
    );
  }

  for (const [index, [slug, title, summary]] of SOLUTIONS.entries()) {
    await createPost(db, {
      type: 'solution',
      slug,
      title,
      summary,
      content: `<p>${summary}</p><h2>Lợi ích</h2><ul><li>Triển khai nhanh trong 2 tuần.</li><li>Hỗ trợ kỹ thuật 24/7.</li><li>Bảo mật dữ liệu theo quy định.</li></ul><p>Liên hệ để được tư vấn và dùng thử miễn phí.</p>`,
      thumbnail: writeSvg(
        uploadsDir,
        `seed/solutions/${slugify(slug)}.svg`,
        renderBannerSvg({ title, subtitle: 'Giải pháp Khai Trí', width: 640, height: 360, seed: index }),
      ),
      published_at: new Date(BASE - index * DAY).toISOString(),
    });
  }
  for (const [index, title] of EXAM_GATE.entries()) {
    const slug = slugify(title);
    await createPost(db, {
      type: 'exam_gate',
      slug,
      title,
      summary: 'Làm bài trực tuyến, chấm điểm tự động và xem lời giải chi tiết ngay sau khi nộp bài.',
      content: `<p>${title}. Thời gian làm bài 90 phút, đề gồm 50 câu trắc nghiệm theo cấu trúc mới.</p><p>Đăng nhập để bắt đầu làm bài và lưu kết quả.</p>`,
      thumbnail: writeSvg(
        uploadsDir,
        `seed/exam/${slug}.svg`,
        renderBannerSvg({ title, subtitle: 'Cổng thi', width: 640, height: 360, seed: index + 3 }),
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
    title: 'Ưu đãi khai giảng: giảm 30% mọi khóa học',
    summary: 'Chương trình ưu đãi mùa khai giảng dành cho học viên mới.',
    content: '<p>Từ nay đến hết tháng, nhập mã <strong>KHAIGIANG</strong> để được giảm 30% cho khóa học đầu tiên.</p>',
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
        renderBannerSvg({ title: name, width: 320, height: 160, seed: index }),
      ),
      sort_index: index < 6 ? index + 1 : null,
    });
  }
  for (const [index, name] of ['Báo Giáo dục và Thời đại', 'Báo Tuổi Trẻ', 'VnExpress', 'Báo Thanh Niên'].entries()) {
    await createMedia(db, {
      group_name: 'press',
      title: name,
      description: 'Nền tảng học trực tuyến giúp học sinh vùng xa tiếp cận bài giảng chất lượng.',
      url: writeSvg(
        uploadsDir,
        `seed/press/${slugify(name)}.svg`,
        renderBannerSvg({ title: name, width: 320, height: 160, seed: index + 4 }),
      ),
      sort_index: index + 1,
    });
  }
}
