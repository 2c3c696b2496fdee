/**
 * The studio's categories (of posts and of help articles) and help articles: zod schemas. Their form
 * fields are content's (modules/content/content.admin.schemas.ts), shared with posts and pages.
 * The pages' forms parse with the same schemas.
 */
import { z } from 'zod';
import { listOf, pageQuery } from '../../kernel/http/index.ts';
import { contentFields } from '../content/public.ts';

export const CATEGORY_TYPES = ['post', 'support'] as const;
/** post: blog | video; support: product | policy | guide (SPEC §3). */
export const CATEGORY_SUBTYPES = { post: ['blog', 'video'], support: ['product', 'policy', 'guide'] } as const;

const { blankToUndefined, optionalText, optionalEnum, flag, title, name, slug, content, search, status, format } =
  contentFields;

export const categoriesQuery = z.object({
  type: optionalEnum(CATEGORY_TYPES, 'Loại danh mục không hợp lệ.'),
  q: search,
  format,
});
export const categoryInput = z
  .object({
    type: z.enum(CATEGORY_TYPES, { error: 'Loại danh mục không hợp lệ.' }),
    subtype: optionalText(20, 'Nhóm không hợp lệ.'),
    name,
    slug,
    description: optionalText(500, 'Mô tả tối đa 500 ký tự.'),
    position: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: 'Thứ tự không hợp lệ.' }).int('Thứ tự không hợp lệ.').min(0).max(10_000).default(0),
    ),
    is_active: flag,
  })
  .refine(
    (input) => input.subtype === null || (CATEGORY_SUBTYPES[input.type] as readonly string[]).includes(input.subtype),
    { message: 'Nhóm không hợp lệ với loại danh mục này.', path: ['subtype'] },
  );
export type CategoryInput = z.infer<typeof categoryInput>;

export const articlesQuery = pageQuery.extend({
  q: search,
  status,
  category_id: z.preprocess(blankToUndefined, z.coerce.number({ error: 'Danh mục không hợp lệ.' }).int().optional()),
  format,
});
export const articleInput = z.object({
  category_id: z.coerce.number({ error: 'Vui lòng chọn danh mục.' }).int().positive('Vui lòng chọn danh mục.'),
  title,
  slug,
  summary: optionalText(500, 'Tóm tắt tối đa 500 ký tự.'),
  content,
  position: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Thứ tự không hợp lệ.' }).int('Thứ tự không hợp lệ.').min(0).max(10_000).default(0),
  ),
});
export type ArticleInput = z.infer<typeof articleInput>;

export const categorySchema = z.object({
  id: z.number(),
  type: z.string(),
  subtype: z.string().nullable(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number(),
  is_active: z.boolean(),
  item_count: z.number(),
});
export const categoryListSchema = z.object({ data: z.array(categorySchema) });

export const articleSchema = z.object({
  id: z.number(),
  category_id: z.number(),
  category_name: z.string(),
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  content: z.string(),
  position: z.number(),
  is_published: z.boolean(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export const articleListSchema = listOf(articleSchema.omit({ content: true }));
