/**
 * Drafts for the studio's content pages: a news post and a solution waiting to be published, a
 * help article and a generic page, so the lists at /studio/bai-viet, /studio/giai-phap,
 * /studio/tro-giup and /studio/trang are not empty. Drafts: nothing public, nothing indexed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createPost, createSupportArticle } from '../../tests/factories/content.ts';
import { createPage } from '../../tests/factories/site.ts';

export async function seedStudioContent(db: Kysely<Database>): Promise<void> {
  const draft = { is_published: 0, published_at: null } as const;
  await createPost(db, {
    ...draft,
    slug: 'lich-thi-hoc-ky-2-nam-2027',
    title: 'Lịch thi học kỳ 2 năm 2027 (bản nháp)',
    summary: 'Bản nháp trong studio: bổ sung lịch thi rồi xuất bản.',
    content:
      '<h2>Lịch thi</h2><p>Đang cập nhật <strong>lịch thi chính thức</strong>.</p><ul><li>Khối 10</li><li>Khối 11</li></ul>',
  });
  await createPost(db, {
    ...draft,
    type: 'solution',
    slug: 'doanh-nghiep/dao-tao-noi-bo',
    title: 'Đào tạo nội bộ cho doanh nghiệp (bản nháp)',
    summary: 'Giải pháp học trực tuyến cho nhân viên.',
    content: '<p>Doanh nghiệp tạo khóa học riêng và theo dõi tiến độ của nhân viên.</p>',
  });
  const category = await db
    .selectFrom('categories')
    .select('id')
    .where('type', '=', 'support')
    .orderBy('position')
    .executeTakeFirst();
  if (category)
    await createSupportArticle(db, {
      ...draft,
      category_id: category.id,
      slug: 'doi-so-dien-thoai-dang-nhap',
      title: 'Làm sao để đổi số điện thoại đăng nhập?',
      content: '<ol><li>Vào Tài khoản → Hồ sơ.</li><li>Chọn “Đổi số điện thoại”.</li></ol>',
    });
  await createPage(db, {
    slug: 'tuyen-dung',
    title: 'Tuyển dụng (bản nháp)',
    description: 'Cơ hội làm việc tại Khai Trí.',
    content: '<p>Chúng tôi đang tìm <em>biên tập viên nội dung</em>.</p>',
    is_published: 0,
  });
}
