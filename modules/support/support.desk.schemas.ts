/**
 * The support desk's schemas: the studio's list of support requests, their state and assignee,
 * replies and internal notes. The pages parse their forms with the same schemas. The list fields
 * are exported for the studio's other desk lists (lesson error reports), which share them.
 */
import { z } from 'zod';
import { pageQuery } from '../../kernel/http/index.ts';
import { SUPPORT_STATUSES } from './support.labels.ts';

const format = z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json');
const optionalText = (max: number) => z.string().trim().max(max, 'Từ khóa quá dài.').optional();
const emptyToUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const sort = z.enum(['newest', 'oldest'], { error: 'Cách sắp xếp không hợp lệ.' }).default('newest');

export const idParams = z.object({ id: positiveId('Mã không hợp lệ.') });

/** The fields of the studio's desk lists. */
export const deskFields = { format, optionalText, emptyToUndefined, positiveId, sort, idParams };

export const supportQuery = pageQuery.extend({
  q: optionalText(100),
  status: emptyToUndefined(z.enum(SUPPORT_STATUSES, { error: 'Trạng thái không hợp lệ.' })),
  assignee_id: emptyToUndefined(positiveId('Người được giao không hợp lệ.')),
  sort,
  format,
});
export const supportUpdateInput = z.object({
  status: emptyToUndefined(z.enum(SUPPORT_STATUSES, { error: 'Trạng thái không hợp lệ.' })),
  /** An id, or null / empty / 0 to unassign. */
  assignee_id: z
    .preprocess(
      (value) => (value === '' || value === 0 || value === '0' ? null : value),
      positiveId('Người được giao không hợp lệ.').nullable(),
    )
    .optional(),
});
export const noteInput = z.object({
  kind: z.enum(['note', 'reply'], { error: 'Loại ghi chú không hợp lệ.' }),
  body: z
    .string({ error: 'Vui lòng nhập nội dung.' })
    .trim()
    .min(2, 'Vui lòng nhập nội dung (2–5000 ký tự).')
    .max(5000, 'Vui lòng nhập nội dung (2–5000 ký tự).'),
});

export const supportRowSchema = z.object({
  id: z.number(),
  kind: z.string(),
  full_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  path: z.string().nullable(),
  user_id: z.number().nullable(),
  status: z.string(),
  status_label: z.string(),
  assignee_id: z.number().nullable(),
  assignee_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const supportDetailSchema = supportRowSchema.extend({
  notes: z.array(
    z.object({ id: z.number(), kind: z.string(), author_name: z.string(), body: z.string(), created_at: z.string() }),
  ),
});
export const noteResultSchema = z.object({ id: z.number(), kind: z.string(), delivered: z.string().nullable() });
