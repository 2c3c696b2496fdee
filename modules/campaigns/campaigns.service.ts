/** campaign/data.json: a landing page's campaign with its courses and the offers it promotes. */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { CourseService } from '../catalog/course.service.ts';
import { listLivePromotions, toPromotionView } from '../promotions/index.ts';
import * as repo from './campaigns.repository.ts';

export const CAMPAIGN_NOT_FOUND = 'Không tìm thấy chương trình ưu đãi hoặc chương trình đã kết thúc.';

export type CampaignsService = ReturnType<typeof createCampaignsService>;

export function createCampaignsService({ db, course }: { db: Kysely<Database>; course: CourseService }) {
  return {
    async getData(slug: string) {
      const now = nowIso();
      const campaign = await repo.findLiveCampaign(db, slug, now);
      if (!campaign) throw new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
      const items = await repo.listItems(db, campaign.id);
      const idsOf = (kind: 'course' | 'promotion') =>
        items.filter((item) => item.kind === kind).map((item) => item.target_id);
      const promotionIds = idsOf('promotion');
      const [courses, promotions] = await Promise.all([
        course.listCoursesByIds(idsOf('course')),
        listLivePromotions(db, promotionIds, now),
      ]);
      const byId = new Map(promotions.map((row) => [row.id, row]));
      return {
        campaign: {
          slug: campaign.slug,
          name: campaign.name,
          description: campaign.description,
          starts_at: readDate(campaign.starts_at).toISOString(),
          ends_at: campaign.ends_at === null ? null : readDate(campaign.ends_at).toISOString(),
        },
        courses,
        promotions: promotionIds.flatMap((id) => {
          const row = byId.get(id);
          return row ? [toPromotionView(row)] : [];
        }),
      };
    },
  };
}
