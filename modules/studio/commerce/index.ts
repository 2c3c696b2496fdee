/** The studio's commerce: carrier subscriptions (promotions and activation batches are their modules' `*.admin.ts`). */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { SubscriptionsService } from '../../subscriptions/subscriptions.service.ts';
import type { StudioService } from '../studio.service.ts';
import { createStudioSubscriptions } from './subscriptions.ts';

export type StudioCommerce = ReturnType<typeof createStudioCommerce>;

export function createStudioCommerce(deps: {
  db: Kysely<Database>;
  audit: StudioService['audit'];
  subscriptions: SubscriptionsService;
}) {
  return {
    subscriptions: createStudioSubscriptions(deps),
  };
}
