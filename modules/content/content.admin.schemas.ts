/**
 * The studio's content schemas: posts (every content type, solutions included), hashtags and
 * generic pages. The studio's pages parse their forms with the same schemas, so the pages and
 * /api/admin/… accept and refuse the same input. The form fields are exported for the studio's
 * categories and help articles, which share them.
 */
import { z } from 'zod';
import {
  blankToNull,
  contentFields,
  deletedSchema,
  listOf,
  optionalId,
  pageQuery,
  SLUG_MESSAGE,
  slugPattern,
} from '../../kernel/http/index.ts';

export const POST_TYPES = ['post', 'exam_gate', 'solution', 'landing_page', 'feedback', 'intro'] as const;

const { blankToUndefined, optionalText, optionalEnum, flag, title, name, slug, content, search, status, format } =
  contentFields;
/** Solutions live at /giai-phap/{a}/{b}: several segments joined by '/'. */
const pathSlug = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(200, SLUG_MESSAGE)
    .refine((value) => value.split('/').every((part) => slugPattern.test(part)), SLUG_MESSAGE)
    .nullable()
    .default(null),
);
const url = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(500, message)
      .regex(/^(https?:\/\/|\/(?![/\\]))[^\s"'<>]*$/, message)
      .nullable()
      .default(null),
  );
export const postsQuery = pageQuery.extend({
  q: search,
  type: optionalEnum(POST_TYPES, 'Loại bài viết không hợp lệ.'),
  status,
  category_id: z.preprocess(blankToUndefined, z.coerce.number({ error: 'Danh mục không hợp lệ.' }).int().optional()),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(['updated', 'newest', 'title', 'views'], { error: 'Cách sắp xếp không hợp lệ.' }).default('updated'),
  ),
  format,
});

/** Hashtags as typed: names separated by commas (a leading # is dropped). */
const tagNames = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.replace(/^\s*#/, '').trim())
          .filter(Boolean)
      : (value ?? []),
  z.array(z.string().max(60, 'Mỗi hashtag tối đa 60 ký tự.')).max(20, 'Tối đa 20 hashtag.'),
);

export const postInput = z
  .object({
    type: z.preprocess(blankToUndefined, z.enum(POST_TYPES, { error: 'Loại bài viết không hợp lệ.' }).default('post')),
    title,
    slug: pathSlug,
    summary: optionalText(500, 'Tóm tắt tối đa 500 ký tự.'),
    content,
    thumbnail: url('Ảnh đại diện phải là một địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.'),
    category_id: optionalId('Danh mục không hợp lệ.'),
    author_name: optionalText(100, 'Tên tác giả tối đa 100 ký tự.'),
    is_featured: flag,
    tags: tagNames,
  })
  .refine((input) => input.type === 'solution' || input.slug === null || !input.slug.includes('/'), {
    message: SLUG_MESSAGE,
    path: ['slug'],
  });
export type PostInput = z.infer<typeof postInput>;

export const tagsQuery = pageQuery.extend({ q: search, format });
export const tagInput = z.object({ name: name.max(60, 'Tên tối đa 60 ký tự.'), slug });
export const tagMergeInput = z.object({
  into_id: z.coerce.number({ error: 'Vui lòng chọn hashtag đích.' }).int().positive('Vui lòng chọn hashtag đích.'),
});

export const pagesQuery = pageQuery.extend({ q: search, status, format });
export const pageInput = z.object({
  title,
  slug,
  description: optionalText(500, 'Mô tả tối đa 500 ký tự.'),
  content,
});
export type PageInput = z.infer<typeof pageInput>;

/** The form fields the studio's categories and help articles share with its posts and pages (the kernel's). */
export { contentFields, deletedSchema };

const tag = z.object({ id: z.number(), slug: z.string(), name: z.string() });
export const postSchema = z.object({
  id: z.number(),
  type: z.enum(POST_TYPES),
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  content: z.string(),
  thumbnail: z.string().nullable(),
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  author_name: z.string().nullable(),
  is_featured: z.boolean(),
  is_published: z.boolean(),
  view_count: z.number(),
  tags: z.array(tag),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export const postListSchema = listOf(postSchema.omit({ content: true }));

export const tagSchema = tag.extend({ post_count: z.number() });
export const tagListSchema = listOf(tagSchema);

export const pageSchema = z.object({
  id: z.number(),
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string(),
  is_published: z.boolean(),
  updated_at: z.string(),
});
export const pageListSchema = listOf(pageSchema.omit({ content: true }));
