/**
 * Zod schemas of the studio's site API (banners, navigation, settings, route rules). The inputs
 * accept JSON and form fields alike (the kernel's form fields): empty strings count as empty,
 * numbers and flags may arrive as text.
 */
import { z } from 'zod';
import {
  address,
  ADDRESS,
  blankToNull,
  flag,
  listQuery,
  optionalId,
  optionalText,
  position,
  requiredText,
} from '../../kernel/http/index.ts';
import { SETTING_KEYS } from './site.service.ts';

/**
 * A moment: ISO 8601 with a zone, or `YYYY-MM-DDTHH:mm` from a datetime-local field, read as
 * Vietnam time (UTC+7). Stored as ISO UTC.
 */
const moment = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .transform((text, context) => {
        const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text}+07:00` : text;
        const time = /^\d{4}-\d{2}-\d{2}T/.test(local) ? Date.parse(local) : Number.NaN;
        if (Number.isNaN(time)) {
          context.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return new Date(time).toISOString();
      })
      .nullable()
      .default(null),
  );

// ── Banners ─────────────────────────────────────────────────────────────────────────────────────

export const BANNER_TYPES = ['banner', 'popup'] as const;
export const BANNER_MEDIA = ['static', 'video', 'popup_content'] as const;
export const DISPLAY_RULES = ['all', 'signed_in', 'signed_out'] as const;

const placement = z.coerce
  .number({ error: 'Vị trí hiển thị phải là mã 1–26.' })
  .int('Vị trí hiển thị phải là mã 1–26.')
  .min(1, 'Vị trí hiển thị phải là mã 1–26.')
  .max(26, 'Vị trí hiển thị phải là mã 1–26.');

export const bannersQuery = listQuery.extend({
  placement: z.preprocess((value) => (value === '' ? undefined : value), placement.optional()),
});

export const bannerInput = z
  .object({
    title: requiredText(200, 'Vui lòng nhập tên banner.', 'Tên banner tối đa 200 ký tự.'),
    type: z.enum(BANNER_TYPES, { error: 'Loại banner không hợp lệ.' }).default('banner'),
    media_type: z.enum(BANNER_MEDIA, { error: 'Kiểu nội dung không hợp lệ.' }).default('static'),
    display_rule: z.enum(DISPLAY_RULES, { error: 'Quy tắc hiển thị không hợp lệ.' }).default('all'),
    placement,
    image_pc: address('Ảnh máy tính phải là địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.'),
    image_mobile: address('Ảnh điện thoại phải là địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.'),
    video_url: address('Địa chỉ video phải bắt đầu bằng http(s):// hoặc /.'),
    link_url: address('Liên kết phải là địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.'),
    content: optionalText(20_000, 'Nội dung tối đa 20.000 ký tự.'),
    starts_at: moment('Thời điểm bắt đầu không hợp lệ.'),
    ends_at: moment('Thời điểm kết thúc không hợp lệ.'),
    position,
    is_active: flag,
  })
  .superRefine((banner, context) => {
    if (banner.starts_at && banner.ends_at && banner.ends_at <= banner.starts_at)
      context.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'Thời điểm kết thúc phải sau thời điểm bắt đầu.',
      });
    if (banner.media_type === 'static' && !banner.image_pc)
      context.addIssue({ code: 'custom', path: ['image_pc'], message: 'Banner ảnh cần ảnh cho máy tính.' });
    if (banner.media_type === 'video' && !banner.video_url)
      context.addIssue({ code: 'custom', path: ['video_url'], message: 'Banner video cần địa chỉ video.' });
    if (banner.media_type === 'popup_content' && !banner.content)
      context.addIssue({ code: 'custom', path: ['content'], message: 'Vui lòng nhập nội dung popup.' });
  });
export type BannerInput = z.infer<typeof bannerInput>;

export const bannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(BANNER_TYPES),
  media_type: z.enum(BANNER_MEDIA),
  display_rule: z.enum(DISPLAY_RULES),
  placement: z.number(),
  image_pc: z.string().nullable(),
  image_mobile: z.string().nullable(),
  video_url: z.string().nullable(),
  link_url: z.string().nullable(),
  content: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  position: z.number(),
  is_active: z.boolean(),
  /** Live now: on, and inside its window. */
  is_live: z.boolean(),
  updated_at: z.string(),
});

// ── Navigation ──────────────────────────────────────────────────────────────────────────────────

export const navigationInput = z.object({
  menu: z
    .string({ error: 'Vui lòng chọn menu.' })
    .trim()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'Tên menu chỉ gồm chữ thường không dấu, số, - và _ (tối đa 40 ký tự).'),
  parent_id: optionalId('Mục cha không hợp lệ.'),
  title: requiredText(100, 'Vui lòng nhập tên mục.', 'Tên mục tối đa 100 ký tự.'),
  url: z
    .string({ error: 'Vui lòng nhập liên kết.' })
    .trim()
    .max(2000, 'Liên kết quá dài.')
    .regex(ADDRESS, 'Liên kết phải là địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.'),
  position,
  is_active: flag,
});
export type NavigationInput = z.infer<typeof navigationInput>;

export const navigationReorderInput = z.object({
  ids: z.array(z.number().int().positive(), { error: 'Danh sách sắp xếp không hợp lệ.' }).min(1).max(500),
});

export const navigationItemSchema = z.object({
  id: z.number(),
  menu: z.string(),
  parent_id: z.number().nullable(),
  title: z.string(),
  url: z.string(),
  position: z.number(),
  is_active: z.boolean(),
  depth: z.number(),
});

// ── Settings ────────────────────────────────────────────────────────────────────────────────────

const imageSetting = address('Ảnh nền phải là địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.');
const countSetting = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, `${label} phải là số nguyên không âm.`)
      .nullable()
      .default(null),
  );

export const settingsInput = z.object({
  BACKGROUND_HOME_PC: imageSetting,
  BACKGROUND_HOME_MB: imageSetting,
  NUMBER_SCHOOL: countSetting('Số trường học'),
  NUMBER_LESSON: countSetting('Số bài giảng'),
  NUMBER_STUDENT: countSetting('Số học viên'),
  NUMBER_PARTNER: countSetting('Số đối tác'),
  COLOR_BANNER_HOME: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, 'Màu phải có dạng #RRGGBB, ví dụ #0F4C81.')
      .nullable()
      .default(null),
  ),
});
export type SettingsInput = z.infer<typeof settingsInput>;
export const settingsSchema = z.object(Object.fromEntries(SETTING_KEYS.map((key) => [key, z.string()])));

// ── Route rules ─────────────────────────────────────────────────────────────────────────────────

export const ROUTE_STATUSES = [301, 302, 307, 308] as const;
const rulePath = z
  .string({ error: 'Vui lòng nhập đường dẫn.' })
  .trim()
  .max(500, 'Đường dẫn tối đa 500 ký tự.')
  .regex(/^\/(?!\/)[^\s?#]*$/, 'Đường dẫn phải bắt đầu bằng / và không có khoảng trắng, ? hoặc #.');

export const routeRuleInput = z
  .object({
    path: rulePath,
    target: z
      .string({ error: 'Vui lòng nhập đích đến.' })
      .trim()
      .max(2000, 'Đích đến quá dài.')
      .regex(ADDRESS, 'Đích đến phải là địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.'),
    status_code: z.coerce
      .number({ error: 'Mã chuyển hướng không hợp lệ.' })
      .refine(
        (code) => (ROUTE_STATUSES as readonly number[]).includes(code),
        'Mã chuyển hướng phải là 301, 302, 307 hoặc 308.',
      )
      .default(302),
    is_active: flag,
  })
  .refine((rule) => rule.path.replace(/\/+$/, '').toLowerCase() !== rule.target.replace(/\/+$/, '').toLowerCase(), {
    path: ['target'],
    message: 'Đích đến không được trùng với đường dẫn.',
  });
export type RouteRuleInput = z.infer<typeof routeRuleInput>;

export const routeRuleSchema = z.object({
  id: z.number(),
  path: z.string(),
  target: z.string(),
  status_code: z.number(),
  is_active: z.boolean(),
  external: z.boolean(),
  updated_at: z.string(),
});

export const routeTestQuery = z.object({
  path: z
    .string({ error: 'Vui lòng nhập đường dẫn.' })
    .trim()
    .min(1, 'Vui lòng nhập đường dẫn.')
    .max(2000, 'Đường dẫn quá dài.'),
});
export const routeTestSchema = z.object({
  path: z.string(),
  normalized: z.string(),
  match: z.object({ target: z.string(), status: z.number(), external: z.boolean() }).nullable(),
  explanation: z.string(),
});
