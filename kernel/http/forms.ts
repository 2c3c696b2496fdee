/**
 * Fields of the studio's forms: the inputs accept JSON and form fields alike (empty strings count as
 * empty, numbers and flags may arrive as text), with Vietnamese messages. Also the `:id` parameter
 * and the query of the studio's small lists (page, search, on/off, CSV). zod only, so page modules
 * may import it.
 */
import { z } from 'zod';
import { pageQuery } from './lists.ts';

/** An empty or blank text is no value (null). */
export const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
export const optionalText = (max: number, message: string) =>
  z.preprocess(blankToNull, z.string().trim().max(max, message).nullable().default(null));
export const requiredText = (max: number, empty: string, tooLong: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, tooLong);
/** An address: http(s)://… or a path on this site (never `//host`). */
export const ADDRESS = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;
export const address = (message: string) =>
  z.preprocess(blankToNull, z.string().trim().max(2000, message).regex(ADDRESS, message).nullable().default(null));
/** Checkboxes: `on`, `true`, `1` or true; anything else (absent included) is false. */
export const flag = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true' || value === '1',
  z.boolean(),
);
export const position = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? 0 : value),
  z.coerce
    .number({ error: 'Thứ tự phải là số nguyên 0–9999.' })
    .int('Thứ tự phải là số nguyên 0–9999.')
    .min(0, 'Thứ tự phải là số nguyên 0–9999.')
    .max(9999, 'Thứ tự phải là số nguyên 0–9999.'),
);
export const optionalId = (message: string) =>
  z.preprocess(
    blankToNull,
    z.coerce.number({ error: message }).int(message).positive(message).nullable().default(null),
  );

/** A record's id in a path or query: a positive integer the database's int holds. */
export const idParam = z.coerce.number().int('Mã phải là số nguyên.').min(1).max(2_147_483_647);

/** The `:id` of a record's route. */
export const idParams = z.object({ id: z.coerce.number({ error: 'Mã không hợp lệ.' }).int().positive() });

/** `?page=&limit=&q=&status=&format=csv` of the studio's small lists (searched with `pageOf`). */
export const listQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'Từ khóa quá dài.').optional(),
  status: z.enum(['active', 'inactive'], { error: 'Trạng thái không hợp lệ.' }).optional(),
  format: z.enum(['csv']).optional(),
});
