/**
 * The studio site pages' demo (the teacher account comes with studio-courses2.ts): home banners
 * outside their window (one scheduled, one expired, one switched off), so the placement
 * preview shows what is live now and what is not.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createBanner, createRouteRule } from '../../tests/factories/site.ts';

export async function seedStudioSite(db: Kysely<Database>): Promise<void> {
  const day = 24 * 3_600_000;
  const image = await db
    .selectFrom('banners')
    .select(['image_pc', 'image_mobile'])
    .where('placement', '=', 1)
    .executeTakeFirst();
  const artwork = { image_pc: image?.image_pc ?? null, image_mobile: image?.image_mobile ?? null };
  await createBanner(db, {
    ...artwork,
    title: 'Khai giảng khóa hè (lên lịch)',
    placement: 1,
    starts_at: new Date(Date.now() + 7 * day).toISOString(),
    ends_at: new Date(Date.now() + 37 * day).toISOString(),
    position: 90,
  });
  await createBanner(db, {
    ...artwork,
    title: 'Ưu đãi Tết (đã kết thúc)',
    placement: 1,
    starts_at: new Date(Date.now() - 60 * day).toISOString(),
    ends_at: new Date(Date.now() - 30 * day).toISOString(),
    position: 91,
  });
  await createBanner(db, {
    ...artwork,
    title: 'Banner thử nghiệm (đang tắt)',
    placement: 1,
    is_active: 0,
    position: 92,
  });
  await createRouteRule(db, { path: '/uu-dai-cu', target: '/khoa-hoc', status_code: 301, is_active: 0 });
}
