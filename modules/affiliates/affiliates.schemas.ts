/** Request and response schemas of the affiliate API (learner and studio). */
import { z } from 'zod';
import { publicPageQuery } from '../../kernel/http/index.ts';

const emptyToUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const format = z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json');

export const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'reversed'] as const;
export const AFFILIATE_STATUSES = ['active', 'suspended'] as const;
export const COMMISSION_STATUS_LABELS: Record<(typeof COMMISSION_STATUSES)[number], string> = {
  pending: 'Chờ duyệt',
  approved: 'Đã duyệt',
  paid: 'Đã chi trả',
  reversed: 'Đã hủy (hoàn tiền)',
};
export const AFFILIATE_STATUS_LABELS: Record<(typeof AFFILIATE_STATUSES)[number], string> = {
  active: 'Đang hoạt động',
  suspended: 'Tạm khóa',
};
const commissionStatus = emptyToUndefined(z.enum(COMMISSION_STATUSES, { error: 'Trạng thái không hợp lệ.' }));

export const totalsSchema = z.object({
  clicks: z.number(),
  orders: z.number(),
  pending: z.number(),
  approved: z.number(),
  paid: z.number(),
  reversed: z.number(),
});

export const programmeSchema = z.object({
  joined: z.boolean(),
  default_rate: z.number(),
  affiliate: z
    .object({
      code: z.string(),
      status: z.enum(AFFILIATE_STATUSES),
      link: z.string(),
      joined_at: z.string(),
      totals: totalsSchema,
    })
    .nullable(),
});

export const seriesQuery = z.object({
  days: z.coerce
    .number({ error: 'Số ngày không hợp lệ.' })
    .int()
    .min(7, 'Từ 7 đến 90 ngày.')
    .max(90, 'Từ 7 đến 90 ngày.')
    .default(30),
});
export const seriesSchema = z.array(
  z.object({ day: z.string(), clicks: z.number(), orders: z.number(), commission: z.number() }),
);

export const myCommissionsQuery = publicPageQuery.extend({ status: commissionStatus });
export const myCommissionSchema = z.object({
  id: z.number(),
  courses: z.array(z.string()),
  base_amount: z.number(),
  amount: z.number(),
  status: z.enum(COMMISSION_STATUSES),
  status_label: z.string(),
  created_at: z.string(),
});

export const linksQuery = z.object({ q: z.string().trim().max(100, 'Từ khóa quá dài.').optional() });
export const linkSchema = z.object({
  course_id: z.number(),
  title: z.string(),
  price: z.number().nullable(),
  rate: z.number(),
  link: z.string(),
});

// ── Studio ──

export const affiliatesQuery = publicPageQuery.extend({
  q: z.string().trim().max(100, 'Từ khóa quá dài.').optional(),
  status: emptyToUndefined(z.enum(AFFILIATE_STATUSES, { error: 'Trạng thái không hợp lệ.' })),
  format,
});

export const commissionsQuery = publicPageQuery.extend({
  affiliate_id: emptyToUndefined(z.coerce.number({ error: 'Mã cộng tác viên không hợp lệ.' }).int().positive()),
  status: commissionStatus,
  format,
});

export const affiliateIdParams = z.object({
  id: z.coerce.number({ error: 'Mã cộng tác viên không hợp lệ.' }).int().positive(),
});
export const courseIdParams = z.object({
  id: z.coerce.number({ error: 'Mã khóa học không hợp lệ.' }).int().positive(),
});

const person = z.object({
  id: z.number(),
  full_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const affiliateRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(AFFILIATE_STATUSES),
  status_label: z.string(),
  user: person,
  totals: totalsSchema,
  created_at: z.string(),
});

export const affiliateDetailSchema = affiliateRowSchema.extend({
  link: z.string(),
  payouts: z.array(
    z.object({
      id: z.number(),
      amount: z.number(),
      commission_count: z.number(),
      reference: z.string(),
      note: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

export const commissionRowSchema = z.object({
  id: z.number(),
  affiliate: z.object({ id: z.number(), code: z.string(), full_name: z.string() }),
  order_code: z.string(),
  courses: z.array(z.string()),
  base_amount: z.number(),
  amount: z.number(),
  status: z.enum(COMMISSION_STATUSES),
  status_label: z.string(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  reversed_at: z.string().nullable(),
});

export const approveInput = z.object({
  ids: z
    .array(z.coerce.number({ error: 'Mã hoa hồng không hợp lệ.' }).int().positive(), {
      error: 'Vui lòng chọn hoa hồng cần duyệt.',
    })
    .min(1, 'Vui lòng chọn hoa hồng cần duyệt.')
    .max(500, 'Tối đa 500 hoa hồng mỗi lần.'),
});

export const payoutInput = z.object({
  reference: z
    .string({ error: 'Vui lòng nhập mã giao dịch chi trả.' })
    .trim()
    .min(3, 'Vui lòng nhập mã giao dịch chi trả (3–100 ký tự).')
    .max(100, 'Vui lòng nhập mã giao dịch chi trả (3–100 ký tự).'),
  note: z.string().trim().max(500, 'Ghi chú tối đa 500 ký tự.').optional(),
});
export const payoutSchema = z.object({ payout_id: z.number(), amount: z.number(), commission_count: z.number() });

export const statusInput = z.object({ status: z.enum(AFFILIATE_STATUSES, { error: 'Trạng thái không hợp lệ.' }) });

export const courseRatesQuery = z.object({ q: z.string().trim().max(100, 'Từ khóa quá dài.').optional() });
export const courseRateSchema = z.object({
  id: z.number(),
  title: z.string(),
  rate: z.number().nullable(),
  effective_rate: z.number(),
});
export const courseRateInput = z.object({
  rate: z
    .number({ error: 'Tỷ lệ hoa hồng phải là số nguyên từ 0 đến 100.' })
    .int('Tỷ lệ hoa hồng phải là số nguyên từ 0 đến 100.')
    .min(0, 'Tỷ lệ hoa hồng phải là số nguyên từ 0 đến 100.')
    .max(100, 'Tỷ lệ hoa hồng phải là số nguyên từ 0 đến 100.')
    .nullable(),
});
