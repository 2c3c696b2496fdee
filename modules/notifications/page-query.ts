/** `?page=&limit=` of the learner's and the studio's lists: zod only, so page modules may import it. */
import { z } from 'zod';

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'Trang không hợp lệ.' }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: 'Giới hạn không hợp lệ.' }).int().min(1).max(100).default(20),
});
