import { z } from 'zod';

export const uploadRequestInput = z.object({
  key: z
    .string({ error: 'Vui lòng gửi tên tệp.' })
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().min(1, 'Vui lòng gửi tên tệp.').max(255, 'Tên tệp tối đa 255 ký tự.'))
    .meta({ description: 'Tên tệp gốc; máy chủ đặt tệp vào users/{id}/{ngẫu nhiên}-{tên}' }),
  // Any value is accepted here so that a wrong one gets the exact SPEC message (`invalid content encoding!`).
  content_encoding: z
    .unknown()
    .optional()
    .meta({ description: '`base64` hoặc `blob`', examples: ['blob'] }),
  content_type: z
    .string({ error: 'Vui lòng gửi loại tệp.' })
    .trim()
    .min(1, 'Vui lòng gửi loại tệp.')
    .max(100, 'Loại tệp không hợp lệ.')
    .meta({ description: 'image/jpeg, image/png, image/webp hoặc image/gif', examples: ['image/png'] }),
});

export const presignedUploadSchema = z.object({
  url: z.string().meta({ description: 'PUT tệp tới địa chỉ này, kèm Content-Type và `x-amz-acl: public-read`' }),
  direct_url: z.string().meta({ description: 'Địa chỉ công khai của tệp sau khi tải lên' }),
  key: z.string().meta({ description: 'Khóa của tệp, dùng cho avatar.json' }),
});

export const avatarInput = z.object({
  key: z
    .string({ error: 'Vui lòng gửi khóa của ảnh đã tải lên.' })
    .trim()
    .min(1, 'Vui lòng gửi khóa của ảnh đã tải lên.')
    .max(512, 'Khóa tệp không hợp lệ.'),
});

export const avatarSchema = z.object({ avatar_url: z.string() });

export const signedUploadQuery = z.object({
  key: z.string().max(600).optional(),
  ct: z.string().max(200).optional(),
  enc: z.string().max(20).optional(),
  max: z.string().max(20).optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(200).optional(),
});

export const uploadedSchema = z.object({ key: z.string(), size: z.number().int(), direct_url: z.string() });

/** The failure envelope (ARCHITECTURE.md §4), for statuses a route answers itself. */
export const errorEnvelope = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
