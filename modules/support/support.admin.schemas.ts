/**
 * The studio's help articles: zod schemas. Their form fields are the kernel's `contentFields`,
 * shared with posts and pages. The pages' forms parse
 * with the same schemas (through ./public.ts).
 */
import { z } from 'zod';
import { contentFields, listOf, pageQuery } from '../../kernel/http/index.ts';

const { blankToUndefined, optionalText, title, slug, content, search, status, format } = contentFields;

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
