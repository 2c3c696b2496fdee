/**
 * Zod schemas of the studio's activation-code batch routes (activation.admin.routes.ts); the
 * studio's pages parse with them too, through modules/activation/public.ts (zod and lib/ only).
 */
import { z } from 'zod';
import { pageQuery } from '../../kernel/http/index.ts';
import { blankToUndefined, instant, int, optional } from '../../lib/forms/fields.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';

const search = z.string().trim().max(100, 'Từ khóa quá dài.').optional();
const format = z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json');

export const batchesQuery = pageQuery.extend({ q: search });
export const batchParams = z.object({
  batch: z.string().trim().min(1, 'Tên lô không hợp lệ.').max(100, 'Tên lô không hợp lệ.'),
});
export const batchCodesQuery = pageQuery.extend({ format });
export const codeParams = z.object({ code: z.string().trim().min(1).max(64) });

export const batchInput = z
  .object({
    /** `course:<id>` (the course, unlimited access unless days are set) or `pod:<id>` (one of its packages). */
    target: z
      .string({ error: 'Vui lòng chọn khóa học hoặc gói học.' })
      .regex(/^(course|pod):\d+$/, 'Vui lòng chọn khóa học hoặc gói học.'),
    count: int('Số lượng mã phải là số nguyên.').min(1, 'Số lượng mã 1–10.000.').max(10_000, 'Số lượng mã 1–10.000.'),
    uses: z.preprocess(
      blankToUndefined,
      int('Số lượt dùng phải là số nguyên.')
        .min(1, 'Mỗi mã dùng 1–10.000 lượt.')
        .max(10_000, 'Mỗi mã dùng 1–10.000 lượt.')
        .default(1),
    ),
    access_days: optional(
      int('Số ngày học phải là số nguyên.').min(1, 'Số ngày học 1–36.500.').max(36_500, 'Số ngày học 1–36.500.'),
    ),
    starts_at: optional(instant('Thời gian bắt đầu không hợp lệ.')),
    ends_at: optional(instant('Thời gian hết hạn không hợp lệ.')),
    name: optional(
      z
        .string()
        .trim()
        .max(60, 'Tên lô tối đa 60 ký tự.')
        .transform((value) =>
          foldVietnamese(value)
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, ''),
        )
        .pipe(z.string().min(1, 'Tên lô chỉ gồm chữ, số và gạch ngang.')),
    ),
  })
  .superRefine((input, ctx) => {
    if (input.ends_at !== undefined && input.ends_at <= (input.starts_at ?? new Date().toISOString()))
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'Thời gian hết hạn phải sau thời gian bắt đầu và sau bây giờ.',
      });
  });

export type BatchInputForm = z.infer<typeof batchInput>;

export const batchRowSchema = z.object({
  batch: z.string(),
  course_id: z.number(),
  course_title: z.string(),
  pod_id: z.number().nullable(),
  codes: z.number(),
  active_codes: z.number(),
  uses: z.number(),
  created_at: z.string(),
  ends_at: z.string().nullable(),
});
export const codeRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  /** XXXX-XXXX-XXXX, as printed on cards. */
  printed: z.string(),
  max_uses: z.number(),
  used: z.number(),
  access_days: z.number().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  is_active: z.boolean(),
});
export const redemptionRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  printed: z.string(),
  user_id: z.number(),
  full_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export const batchDetailSchema = batchRowSchema.extend({
  codes_page: z.object({ items: z.array(codeRowSchema), page: z.number(), limit: z.number(), total: z.number() }),
  redemptions: z.array(redemptionRowSchema),
});
export const generatedBatchSchema = z.object({
  batch: z.string(),
  count: z.number(),
  course: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
  pod_id: z.number().nullable(),
  codes: z.array(z.string()),
});
export const revokeResultSchema = z.object({ batch: z.string(), revoked: z.number() });
export const revokeReason = z.object({
  reason: optional(z.string().trim().max(500, 'Lý do tối đa 500 ký tự.')),
});
