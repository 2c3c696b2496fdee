/** Schemas of the studio's resumable video uploads (video.admin.routes.ts). */
import { z } from 'zod';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

/** A course's lesson, as the studio's course editor names it in its paths. */
export const uploadLessonParams = z.object({
  id: z.coerce.number({ error: 'Mã khóa học không hợp lệ.' }).int().positive(),
  lessonId: z.coerce.number({ error: 'Mã bài học không hợp lệ.' }).int().positive(),
});
export const uploadCreateInput = z.object({
  filename: z.string().trim().max(255, 'Tên tệp quá dài.').default(''),
  size: z.coerce.number({ error: 'Dung lượng tệp không hợp lệ.' }).int().positive('Vui lòng chọn tệp video.'),
});
export const uploadParams = z.object({
  id: id('Mã khóa học không hợp lệ.'),
  lessonId: id('Mã bài học không hợp lệ.'),
  uploadId: z.string().regex(/^[a-f0-9]{32}$/, 'Mã phiên tải lên không hợp lệ.'),
});
export const uploadChunkQuery = z.object({
  /** Where this chunk starts: must equal the bytes already received. */
  offset: z.coerce.number({ error: 'Vị trí không hợp lệ.' }).int().min(0, 'Vị trí không hợp lệ.'),
});
export const uploadSchema = z.object({
  upload_id: z.string(),
  size: z.number(),
  offset: z.number(),
  complete: z.boolean(),
  /** The queued video once every byte has arrived. */
  asset_id: z.number().nullable(),
});
