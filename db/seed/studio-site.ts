/**
 * The studio site pages' demo (the teacher account comes with studio-courses2.ts): home banners
 * outside their window (one scheduled, one expired, one switched off), so the placement
 * preview shows what is live now and what is not.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createBanner, createRouteRule } from '../../tests/factories/site.ts';
import { renderBannerSvg, writeSvg } from './svg.ts';

export async function seedStudioSite(db: Kysely<Database>, uploadsDir: string): Promise<void> {
  const day = 24 * 3_600_000;
  /** Each banner's own picture for PC and phone. */
  const art = (name: string, title: string, subtitle: string, seed: number) => ({
    image_pc: writeSvg(
      uploadsDir,
      `seed/${name}-pc.svg`,
      renderBannerSvg({ title, subtitle, width: 1200, height: 400, seed, motif: 'trophy' }),
    ),
    image_mobile: writeSvg(
      uploadsDir,
      `seed/${name}-mb.svg`,
      renderBannerSvg({ title, subtitle, width: 750, height: 500, seed, motif: 'trophy' }),
    ),
  });
  await createBanner(db, {
    ...art('banner-khai-giang-he', 'Khai giảng khóa hè 2027', 'Học trước chương trình lớp mới trong kỳ nghỉ hè', 4),
    title: 'Khai giảng khóa hè (lên lịch)',
    placement: 1,
    starts_at: new Date(Date.now() + 7 * day).toISOString(),
    ends_at: new Date(Date.now() + 37 * day).toISOString(),
    position: 90,
  });
  await createBanner(db, {
    ...art('banner-uu-dai-tet', 'Năm mới, học điều mới', 'Mỗi ngày 15 phút cùng Khai Trí', 2),
    title: 'Ưu đãi Tết (đã kết thúc)',
    placement: 1,
    starts_at: new Date(Date.now() - 60 * day).toISOString(),
    ends_at: new Date(Date.now() - 30 * day).toISOString(),
    position: 91,
  });
  await createBanner(db, {
    ...art('banner-thu-nghiem', 'Học thử chương đầu miễn phí', 'Xem trước bài giảng trước khi mua', 5),
    title: 'Banner thử nghiệm (đang tắt)',
    placement: 1,
    is_active: 0,
    position: 92,
  });
  await createRouteRule(db, { path: '/uu-dai-cu', target: '/khoa-hoc', status_code: 301, is_active: 0 });
}
