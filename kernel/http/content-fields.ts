/**
 * The fields of the studio's documents (posts, pages, help articles) and categories: the inputs
 * accept JSON and form fields alike, with Vietnamese messages, and the answer of a deletion. zod
 * only, so page modules may import it. Gathered as `contentFields` for the schemas that share them.
 */
import { z } from 'zod';
import { blankToNull, optionalText } from './forms.ts';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: message }).optional());
/** Checkboxes and JSON booleans alike. */
const flag = z.preprocess(
  (value) =>
    value === 'on' || value === '1' || value === 'true' ? true : value === '' || value === '0' ? false : value,
  z.boolean({ error: 'Giá trị không hợp lệ.' }).default(false),
);
const title = z
  .string({ error: 'Vui lòng nhập tiêu đề.' })
  .trim()
  .min(3, 'Tiêu đề cần 3–200 ký tự.')
  .max(200, 'Tiêu đề cần 3–200 ký tự.');
const name = z
  .string({ error: 'Vui lòng nhập tên.' })
  .trim()
  .min(1, 'Vui lòng nhập tên.')
  .max(100, 'Tên tối đa 100 ký tự.');
export const SLUG_MESSAGE = 'Đường dẫn chỉ gồm chữ thường không dấu, số và dấu gạch ngang (tối đa 120 ký tự).';
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Left empty, the slug is made from the title. */
const slug = z.preprocess(
  blankToNull,
  z.string().trim().max(120, SLUG_MESSAGE).regex(slugPattern, SLUG_MESSAGE).nullable().default(null),
);
const content = z
  .string({ error: 'Vui lòng nhập nội dung.' })
  .max(200_000, 'Nội dung quá dài (tối đa 200.000 ký tự).')
  .refine((value) => value.trim().length > 0, 'Vui lòng nhập nội dung.');
const format = z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json');
const search = z.string().trim().max(100, 'Từ khóa quá dài.').optional();
const status = optionalEnum(['published', 'draft'] as const, 'Trạng thái không hợp lệ.');

/** The form fields the studio's documents and categories share. */
export const contentFields = {
  blankToUndefined,
  optionalText,
  optionalEnum,
  flag,
  title,
  name,
  slug,
  content,
  search,
  status,
  format,
};

export const deletedSchema = z.object({ data: z.object({ id: z.number(), deleted: z.literal(true) }) });
