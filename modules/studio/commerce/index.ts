/** The studio's commerce: promotions, activation-code batches, carrier subscriptions. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { SubscriptionsService } from '../../subscriptions/subscriptions.service.ts';
import type { StudioService } from '../studio.service.ts';
import { createStudioCodes } from './codes.ts';
import { createStudioPromotions } from './promotions.ts';
import { createStudioSubscriptions } from './subscriptions.ts';

export type StudioCommerce = ReturnType<typeof createStudioCommerce>;

export function createStudioCommerce(deps: {
  db: Kysely<Database>;
  audit: StudioService['audit'];
  subscriptions: SubscriptionsService;
}) {
  return {
    promotions: createStudioPromotions(deps),
    codes: createStudioCodes(deps),
    subscriptions: createStudioSubscriptions(deps),
  };
}
