/**
 * Zod schemas of the studio's promotion routes (promotions.admin.routes.ts); the studio's pages
 * parse with them too, through modules/promotions/public.ts (zod and lib/ only: no server code).
 */
import { z } from 'zod';
import { pageQuery } from '../../kernel/http/index.ts';
import { blankToUndefined, flag, instant, int, optional } from '../../lib/forms/fields.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { CUSTOMER_TYPES, PROMOTION_SCOPES, PROMOTION_STATES, PROMOTION_TYPES } from './promotions.labels.ts';

const search = z.string().trim().max(100, 'Từ khóa quá dài.').optional();
const format = z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json');

/** A promotion code as stored: marks folded away, upper case, no spaces (`chào bạn` → `CHAOBAN`). */
export function foldPromotionCode(raw: string): string {
  return foldVietnamese(raw).toUpperCase().replace(/\s+/g, '');
}

export const promotionsQuery = pageQuery.extend({
  q: search,
  state: optional(z.enum(PROMOTION_STATES, { error: 'Trạng thái không hợp lệ.' })),
  type: optional(z.enum(PROMOTION_TYPES, { error: 'Loại ưu đãi không hợp lệ.' })),
  format,
});

export const promotionInput = z
  .object({
    code: z
      .string({ error: 'Vui lòng nhập mã giảm giá.' })
      .transform(foldPromotionCode)
      .pipe(z.string().regex(/^[A-Z0-9_-]{3,30}$/, 'Mã gồm 3–30 ký tự: chữ không dấu, số, gạch ngang hoặc gạch dưới.')),
    name: z
      .string({ error: 'Vui lòng nhập tên ưu đãi.' })
      .trim()
      .min(3, 'Tên ưu đãi 3–200 ký tự.')
      .max(200, 'Tên ưu đãi 3–200 ký tự.'),
    description: optional(z.string().trim().max(1000, 'Mô tả tối đa 1.000 ký tự.')),
    type: z.enum(PROMOTION_TYPES, { error: 'Vui lòng chọn loại ưu đãi.' }),
    value: int('Giá trị phải là số nguyên.').min(0, 'Giá trị không được âm.').max(1_000_000_000, 'Giá trị quá lớn.'),
    max_discount: optional(int('Mức giảm tối đa phải là số nguyên.').positive('Mức giảm tối đa phải lớn hơn 0.')),
    min_order: z.preprocess(
      blankToUndefined,
      int('Đơn tối thiểu phải là số nguyên.').min(0, 'Đơn tối thiểu không được âm.').default(0),
    ),
    quantity: optional(int('Số lượng phải là số nguyên.').min(1, 'Số lượng phải từ 1 trở lên.')),
    per_user: z.preprocess(
      blankToUndefined,
      int('Số lần mỗi học viên phải là số nguyên.')
        .min(1, 'Mỗi học viên dùng 1–100 lần.')
        .max(100, 'Mỗi học viên dùng 1–100 lần.')
        .default(1),
    ),
    customer_type: z.preprocess(
      blankToUndefined,
      z.enum(CUSTOMER_TYPES, { error: 'Đối tượng không hợp lệ.' }).default('all_user'),
    ),
    scope: z.preprocess(blankToUndefined, z.enum(PROMOTION_SCOPES, { error: 'Phạm vi không hợp lệ.' }).default('all')),
    /** Course ids (scope courses) or category ids (scope categories); a form sends "12, 15". */
    target_ids: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(/[\s,;]+/)
              .filter(Boolean)
              .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
          : (value ?? []),
      z.array(z.number({ error: 'Danh sách đối tượng áp dụng chỉ gồm mã số.' }).int().positive()).max(200),
    ),
    starts_at: instant('Vui lòng nhập thời gian bắt đầu hợp lệ.'),
    ends_at: optional(instant('Thời gian kết thúc không hợp lệ.')),
    is_active: flag,
    is_public: flag,
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.type === 'percentage' && (input.value < 1 || input.value > 100))
      issue('value', 'Phần trăm giảm phải từ 1 đến 100.');
    if (input.type === 'fixed_price' && input.value < 1) issue('value', 'Số tiền giảm phải lớn hơn 0.');
    if (input.type !== 'percentage' && input.max_discount !== undefined)
      issue('max_discount', 'Mức giảm tối đa chỉ dùng cho ưu đãi theo phần trăm.');
    if (input.ends_at !== undefined && input.ends_at <= input.starts_at)
      issue('ends_at', 'Thời gian kết thúc phải sau thời gian bắt đầu.');
    if (input.scope === 'all' && input.target_ids.length > 0)
      issue('target_ids', 'Ưu đãi áp dụng cho tất cả thì không chọn đối tượng.');
    if (input.scope !== 'all' && input.target_ids.length === 0)
      issue('target_ids', 'Vui lòng nhập ít nhất một mã khóa học hoặc danh mục.');
  });

export type PromotionInput = z.infer<typeof promotionInput>;

const promotionFields = {
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(PROMOTION_TYPES),
  value: z.number(),
  quantity: z.number().nullable(),
  used: z.number(),
  state: z.enum(PROMOTION_STATES),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
};
export const promotionRowSchema = z.object(promotionFields);
export const promotionDetailSchema = z.object({
  ...promotionFields,
  description: z.string().nullable(),
  max_discount: z.number().nullable(),
  min_order: z.number(),
  per_user: z.number(),
  customer_type: z.enum(CUSTOMER_TYPES),
  scope: z.enum(PROMOTION_SCOPES),
  target_ids: z.array(z.number()),
  targets: z.array(z.object({ id: z.number(), title: z.string() })),
  is_active: z.boolean(),
  is_public: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** `?page=&limit=&format=` of a promotion's uses. */
export const usagesQuery = pageQuery.extend({ format });

export const usageRowSchema = z.object({
  id: z.number(),
  order_code: z.string(),
  order_status: z.string(),
  user_id: z.number(),
  full_name: z.string(),
  phone: z.string().nullable(),
  discount: z.number(),
  created_at: z.string(),
});
