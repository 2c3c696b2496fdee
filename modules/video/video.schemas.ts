import { z } from 'zod';
import { idParam } from '../../kernel/http/index.ts';

export const videoQuery = z.object({
  lesson_id: idParam.meta({ description: 'Mã bài học video' }),
});

export const videoPlaybackSchema = z.object({
  status: z.enum(['none', 'queued', 'processing', 'ready', 'failed']).meta({
    description: 'none: chưa có video; queued/processing: đang xử lý; ready: xem được; failed: xử lý lỗi',
  }),
  progressPercent: z.number().int().min(0).max(100),
  masterUrl: z.string().nullable().meta({ description: 'Danh sách phát HLS chính, đã ký, có hạn (4 giờ)' }),
  posterUrl: z.string().nullable().meta({ description: 'Ảnh bìa JPEG, đã ký' }),
  durationSeconds: z.number().int().nullable(),
  rungs: z.array(z.number().int()).meta({ description: 'Các độ phân giải (chiều cao), ví dụ [720, 480, 360, 240]' }),
  captions: z.array(z.object({ lang: z.string(), label: z.string(), url: z.string() })).meta({
    description: 'Phụ đề WebVTT, đã ký; rỗng khi không có',
  }),
});

export const hlsParams = z.object({
  assetId: idParam,
  '*': z
    .string()
    .max(200)
    .meta({ description: 'Tệp: master.m3u8, v0/index.m3u8, v0/seg_000.ts, poster.jpg, captions/vi.vtt' }),
});

export const signedMediaQuery = z.object({
  l: idParam.meta({ description: 'Mã bài học mà liên kết được ký cho' }),
  exp: z.coerce.number().int().min(0).max(99_999_999_999).meta({ description: 'Hết hạn (giây Unix)' }),
  sig: z.string().max(128).meta({ description: 'Chữ ký HMAC-SHA256 (hex)' }),
});
