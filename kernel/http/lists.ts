/**
 * Paged lists: the `?page=&limit=` query and the `{ data, meta }` answer. Two forms of each exist
 * because the OpenAPI document names them differently (page bounds, integer or number fields):
 * they stay apart so the API contract does not change. zod only, so page modules may import it.
 */
import { z } from 'zod';

/** `?page=&limit=` of the learner's and the studio's lists (page ≤ 10,000, limit ≤ 100). */
export const pageQuery = z.object({
  page: z.coerce.number({ error: 'Trang không hợp lệ.' }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: 'Giới hạn không hợp lệ.' }).int().min(1).max(100).default(20),
});

/** `?page=1&limit=20` of the public lists (catalogue, posts, help, search, affiliates): page ≤ 100,000, limit ≤ 100. */
export const publicPageQuery = z.object({
  page: z.coerce.number().int('Số trang phải là số nguyên.').min(1, 'Số trang bắt đầu từ 1.').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int('Số mục phải là số nguyên.')
    .min(1, 'Ít nhất 1 mục.')
    .max(100, 'Tối đa 100 mục.')
    .default(20),
});

/** `meta` of a studio list: page, limit and total as numbers. */
export const pageMeta = z.object({ page: z.number(), limit: z.number(), total: z.number() });

/** `{ data: item[], meta }` of a studio list. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta });

/** `meta` of a public list: page, limit and total as integers. */
export const listMeta = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() });

/** `{ data: item[], meta }` of a public list (integer meta). */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMeta });
}
