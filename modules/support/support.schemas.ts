import { z } from 'zod';

const PHONE = /^(?:\+?84|0)(3|5|7|8|9)\d{8}$/;

/** `0912345678`, `+84912345678`, `84912345678` → `84912345678`. */
export function normalizePhone(value: string): string {
  const digits = value.replace(/[\s.-]/g, '');
  return digits.replace(/^\+?84/, '84').replace(/^0/, '84');
}

export const contactInput = z
  .object({
    full_name: z
      .string({ error: 'Vui lòng nhập họ tên.' })
      .trim()
      .min(2, 'Vui lòng nhập họ tên.')
      .max(100, 'Họ tên tối đa 100 ký tự.'),
    phone: z
      .string()
      .trim()
      .max(20, 'Số điện thoại không hợp lệ.')
      .refine((value) => value === '' || PHONE.test(value.replace(/[\s.-]/g, '')), 'Số điện thoại không hợp lệ.')
      .optional(),
    email: z
      .string()
      .trim()
      .max(320, 'Địa chỉ thư điện tử quá dài.')
      .refine((value) => value === '' || z.email().safeParse(value).success, 'Địa chỉ thư điện tử không hợp lệ.')
      .optional(),
    title: z.string().trim().max(200, 'Tiêu đề tối đa 200 ký tự.').optional(),
    content: z
      .string({ error: 'Vui lòng nhập nội dung.' })
      .trim()
      .min(10, 'Nội dung cần ít nhất 10 ký tự.')
      .max(3000, 'Nội dung tối đa 3000 ký tự.'),
  })
  .refine((value) => Boolean(value.phone || value.email), {
    message: 'Vui lòng nhập số điện thoại hoặc thư điện tử để chúng tôi liên hệ lại.',
    path: ['phone'],
  });
export type ContactInput = z.infer<typeof contactInput>;

export const cellularInput = z.object({
  info: z
    .string({ error: 'Thiếu thông tin đường dẫn.' })
    .max(4000, 'Thông tin quá dài.')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Thông tin phải là chuỗi base64.'),
});

export const supportListQuery = z.object({
  category: z.string().trim().min(1).max(200).optional(),
  type: z.enum(['product', 'policy', 'guide']).optional(),
  keyword: z.string().max(200, 'Từ khóa tối đa 200 ký tự.').optional(),
});

export const supportItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), subtype: z.string().nullable() }),
  helpful_count: z.number().int(),
  not_helpful_count: z.number().int(),
  published_at: z.string().nullable(),
});

export const supportDetailsSchema = supportItemSchema.extend({
  content: z.string(),
  updated_at: z.string(),
  related: z.array(supportItemSchema),
});

export const supportLikeBody = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  helpful: z.boolean().default(true),
});
