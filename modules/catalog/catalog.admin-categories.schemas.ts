/**
 * The studio's categories (of posts and of help articles): zod schemas. Their form fields are the
 * kernel's `contentFields`, shared with posts, pages and help articles.
 * The pages' forms parse with the same schemas (through ./public.ts).
 */
import { z } from 'zod';
import { contentFields } from '../../kernel/http/index.ts';

export const CATEGORY_TYPES = ['post', 'support'] as const;
/** post: blog | video; support: product | policy | guide (SPEC §3). */
export const CATEGORY_SUBTYPES = { post: ['blog', 'video'], support: ['product', 'policy', 'guide'] } as const;

const { blankToUndefined, optionalText, optionalEnum, flag, name, slug, search, format } = contentFields;

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
