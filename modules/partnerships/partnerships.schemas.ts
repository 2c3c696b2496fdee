/**
 * Partnership requests ("cooperate"): the public form and the studio's list, detail and update.
 * Pure zod and labels: the pages' browser bundle imports this file, so it imports no server code.
 */
import { z } from 'zod';
import { pageMeta } from '../../kernel/http/index.ts';
import { normalizeEmail, normalizePhone } from '../../lib/phone.ts';

export const PARTNERSHIP_KINDS = ['school', 'partner', 'teacher', 'other'] as const;
export const PARTNERSHIP_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;

export const PARTNERSHIP_KIND_LABELS: Record<(typeof PARTNERSHIP_KINDS)[number], string> = {
  school: 'Nhà trường',
  partner: 'Đối tác, doanh nghiệp',
  teacher: 'Giáo viên',
  other: 'Khác',
};

export const PARTNERSHIP_STATUS_LABELS: Record<(typeof PARTNERSHIP_STATUSES)[number], string> = {
  new: 'Mới',
  contacted: 'Đã liên hệ',
  won: 'Thành công',
  lost: 'Không thành',
};

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A same-site path only (the page the form was on); anything else is dropped. */
const sourcePath = z.preprocess(
  (value) => (typeof value === 'string' && /^\/(?![/\\])[^\s]{0,499}$/.test(value) ? value : undefined),
  z.string().optional(),
);

export const cooperateInput = z.object({
  kind: z.enum(PARTNERSHIP_KINDS, { error: 'Vui lòng chọn bạn là nhà trường, đối tác hay giáo viên.' }),
  organization: z
    .string({ error: 'Vui lòng nhập tên đơn vị.' })
    .trim()
    .min(2, 'Vui lòng nhập tên đơn vị.')
    .max(200, 'Tên đơn vị tối đa 200 ký tự.'),
  contact_name: z
    .string({ error: 'Vui lòng nhập họ tên người liên hệ.' })
    .trim()
    .min(2, 'Vui lòng nhập họ tên người liên hệ.')
    .max(100, 'Họ tên tối đa 100 ký tự.'),
  phone: z
    .string({ error: 'Vui lòng nhập số điện thoại.' })
    .trim()
    .max(20, 'Số điện thoại không hợp lệ.')
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (!phone) {
        ctx.addIssue({
          code: 'custom',
          message: value === '' ? 'Vui lòng nhập số điện thoại.' : 'Số điện thoại không hợp lệ.',
        });
        return z.NEVER;
      }
      return phone;
    }),
  email: z
    .string({ error: 'Vui lòng nhập thư điện tử.' })
    .trim()
    .max(254, 'Địa chỉ thư điện tử quá dài.')
    .transform((value, ctx) => {
      const email = normalizeEmail(value);
      if (!email) {
        ctx.addIssue({
          code: 'custom',
          message: value === '' ? 'Vui lòng nhập thư điện tử.' : 'Địa chỉ thư điện tử không hợp lệ.',
        });
        return z.NEVER;
      }
      return email;
    }),
  needs: z
    .string({ error: 'Vui lòng cho biết nhu cầu của đơn vị.' })
    .trim()
    .min(10, 'Nhu cầu cần ít nhất 10 ký tự.')
    .max(3000, 'Nhu cầu tối đa 3000 ký tự.'),
  learners: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Số người học phải là một số.' })
      .int('Số người học phải là số nguyên.')
      .min(1, 'Số người học phải lớn hơn 0.')
      .max(10_000_000, 'Số người học quá lớn.')
      .optional(),
  ),
  source_path: sourcePath,
});
export type CooperateInput = z.infer<typeof cooperateInput>;

export const partnershipsQuery = z.object({
  page: z.coerce.number({ error: 'Trang không hợp lệ.' }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: 'Giới hạn không hợp lệ.' }).int().min(1).max(100).default(20),
  q: z.string().trim().max(100, 'Từ khóa quá dài.').optional(),
  status: z.preprocess(
    emptyToUndefined,
    z.enum(PARTNERSHIP_STATUSES, { error: 'Trạng thái không hợp lệ.' }).optional(),
  ),
  kind: z.preprocess(emptyToUndefined, z.enum(PARTNERSHIP_KINDS, { error: 'Loại đơn vị không hợp lệ.' }).optional()),
  sort: z.enum(['newest', 'oldest', 'learners_desc'], { error: 'Cách sắp xếp không hợp lệ.' }).default('newest'),
  format: z.enum(['json', 'csv'], { error: 'Định dạng không hợp lệ.' }).default('json'),
});
export type PartnershipsQuery = z.infer<typeof partnershipsQuery>;

export const partnershipIdParams = z.object({
  id: z.coerce.number({ error: 'Mã yêu cầu không hợp lệ.' }).int().positive().max(2_147_483_647),
});

export const partnershipUpdateInput = z
  .object({
    status: z.enum(PARTNERSHIP_STATUSES, { error: 'Trạng thái không hợp lệ.' }).optional(),
    notes: z.string().trim().max(5000, 'Ghi chú tối đa 5000 ký tự.').optional(),
  })
  .refine((value) => value.status !== undefined || value.notes !== undefined, {
    message: 'Không có thay đổi nào.',
    path: ['status'],
  });
export type PartnershipUpdateInput = z.infer<typeof partnershipUpdateInput>;

export const partnershipSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PARTNERSHIP_KINDS),
  kind_label: z.string(),
  organization: z.string(),
  contact_name: z.string(),
  phone: z.string(),
  email: z.string(),
  needs: z.string(),
  learners: z.number().int().nullable(),
  source_path: z.string(),
  status: z.enum(PARTNERSHIP_STATUSES),
  status_label: z.string(),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PartnershipView = z.infer<typeof partnershipSchema>;

export const partnershipListSchema = z.object({
  data: z.array(partnershipSchema),
  meta: pageMeta,
});

export const cooperateResultSchema = z.object({ data: z.object({ id: z.number().int(), status: z.string() }) });
