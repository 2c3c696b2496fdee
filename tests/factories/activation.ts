/** Factories for activation codes and campaigns, shared by the tests and the demo seed. */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, NewActivationCode, NewCampaign } from '../../db/schema.ts';
import { generateActivationCode } from '../../modules/activation/activation-code.ts';
import { insertCodes } from '../../modules/activation/activation.repository.ts';
import { insertCampaign } from '../../modules/campaigns/campaigns.repository.ts';

const DAY = 86_400_000;
let sequence = 0;

export async function createActivationCode(
  db: Kysely<Database>,
  courseId: number,
  overrides: Partial<NewActivationCode> = {},
) {
  const row: NewActivationCode = {
    code: generateActivationCode(),
    batch: 'test',
    course_id: courseId,
    pod_id: null,
    max_uses: 1,
    used: 0,
    access_days: null,
    starts_at: new Date(Date.now() - DAY).toISOString(),
    ends_at: new Date(Date.now() + 30 * DAY).toISOString(),
    is_active: 1,
    created_at: nowIso(),
    ...overrides,
  };
  await insertCodes(db, [row]);
  return row;
}

export async function createCampaign(
  db: Kysely<Database>,
  overrides: Partial<NewCampaign> = {},
  items: { kind: 'course' | 'promotion'; target_id: number }[] = [],
) {
  sequence += 1;
  const now = nowIso();
  const campaign: NewCampaign = {
    slug: `chien-dich-${sequence}-${Math.random().toString(36).slice(2, 6)}`,
    name: `Chiến dịch ${sequence}`,
    description: null,
    starts_at: new Date(Date.now() - DAY).toISOString(),
    ends_at: new Date(Date.now() + 30 * DAY).toISOString(),
    is_active: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const { id } = await insertCampaign(db, campaign, items);
  return { ...campaign, id };
}
