import { courseListItemSchema } from '../catalog/catalog.schemas.ts';
import { z } from 'zod';
import { PLACEMENT_CODES, SETTING_KEYS } from './site.service.ts';

export const navigationItemSchema: z.ZodType<{ id: number; title: string; url: string; children: unknown[] }> = z.lazy(
  () =>
    z.object({
      id: z.number().int(),
      title: z.string(),
      url: z.string(),
      children: z.array(navigationItemSchema),
    }),
);

export const navigationSchema = z.record(z.string(), z.array(navigationItemSchema));

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(['banner', 'popup']),
  media_type: z.enum(['static', 'video', 'popup_content']),
  display_rule: z.enum(['all', 'signed_in', 'signed_out']),
  placement: z.number().int().min(1).max(26),
  image_pc: z.string().nullable(),
  image_mobile: z.string().nullable(),
  video_url: z.string().nullable(),
  link_url: z.string().nullable(),
  content: z.string().nullable(),
  position: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});

export const settingsSchema = z.object(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, z.string()])) as Record<
    (typeof SETTING_KEYS)[number],
    z.ZodString
  >,
);

export const publicSettingsSchema = z.object({
  disabledRecognition: z.number().int(),
  serviceId: z.string(),
  baseURL: z.string(),
});

const placementList = z
  .string()
  .max(200)
  .regex(/^\d{1,2}(,\d{1,2})*$/, 'Danh sách vị trí phải là các số 1–26, cách nhau bởi dấu phẩy.')
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine((codes) => codes.every((code) => PLACEMENT_CODES.includes(code)), 'Mã vị trí phải từ 1 đến 26.');

export const pageDataQuery = z.object({
  placements: placementList.optional(),
});

export const pageDataSchema = z.object({
  settings: settingsSchema,
  navigation: navigationSchema,
  banners: z.record(z.string(), z.array(bannerSchema)),
  recommendations: z
    .object({
      source: z
        .enum(['personal', 'popular'])
        .describe('personal: từ chủ đề người học quan tâm và khóa học đã xem; popular: khóa học phổ biến nhất'),
      items: z.array(courseListItemSchema),
    })
    .describe('"Gợi ý cho bạn": riêng cho người học đã đăng nhập (không khóa học đã sở hữu), phổ biến nhất cho khách'),
});
