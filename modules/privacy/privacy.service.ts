/**
 * Personal data (issue 22 part 5, decision 0024): the learner's consents, parent's consent, export
 * and deletion, behind one service for the routes and pages.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobQueue } from '../jobs/index.ts';
import { createConsents, type ConsentsDeps } from './privacy.consents.ts';
import type { ExportSection } from './privacy.export.ts';
import * as repo from './privacy.repository.ts';
import { createRequests, toRequestView, type PrivacyStorage } from './privacy.requests.ts';
import { RETENTION_EXPLANATION } from './public.ts';

export interface PrivacyConfig {
  policyVersion: string;
  deletionWaitDays: number;
  siteName: string;
}

export interface PrivacyDeps {
  db: Kysely<Database>;
  jobs: JobQueue;
  storage: PrivacyStorage;
  config: PrivacyConfig;
  /** What the export holds, section by section, read through the owning modules' services. */
  sections: ExportSection[];
  birthdayOf: ConsentsDeps['birthdayOf'];
  parentCodes: ConsentsDeps['parentCodes'];
  /** Erases the account's personal fields (accounts, identity). */
  erase(userId: number): Promise<void>;
  now?: () => Date;
}

export function createPrivacyService(deps: PrivacyDeps) {
  const now = deps.now ?? (() => new Date());
  const consents = createConsents({
    db: deps.db,
    policyVersion: deps.config.policyVersion,
    birthdayOf: deps.birthdayOf,
    parentCodes: deps.parentCodes,
    now,
  });
  // The export ends with what this module holds: the consents, the parent's consent, the requests.
  const own: ExportSection[] = [
    { key: 'consents', title: 'Lịch sử đồng ý', read: (userId) => consents.history(userId) },
    {
      key: 'parental_consent',
      title: 'Đồng ý của cha mẹ',
      read: async (userId) => (await consents.childStatus(userId)).view,
    },
    {
      key: 'privacy_requests',
      title: 'Yêu cầu về dữ liệu cá nhân',
      read: async (userId) => (await repo.listRequestsOf(deps.db, userId)).map(toRequestView),
    },
  ];
  const requests = createRequests({
    db: deps.db,
    jobs: deps.jobs,
    storage: deps.storage,
    sections: [...deps.sections, ...own],
    siteName: deps.config.siteName,
    deletionWaitDays: deps.config.deletionWaitDays,
    erase: deps.erase,
    now,
  });

  return {
    config: deps.config,
    consents,
    requests,
    registerJobs: requests.registerJobs,
    processDueDeletions: requests.processDueDeletions,

    /** The "Dữ liệu cá nhân" page: consents, their history, the parent's consent, the latest requests. */
    async overview(userId: number) {
      const [current, history, child, exportRequest, deletion] = await Promise.all([
        consents.current(userId),
        consents.history(userId),
        consents.childStatus(userId),
        requests.latest(userId, 'export'),
        requests.latest(userId, 'deletion'),
      ]);
      return {
        policy_version: deps.config.policyVersion,
        consents: current,
        history,
        child: child.view,
        export: exportRequest,
        deletion,
        deletion_wait_days: deps.config.deletionWaitDays,
        retention: RETENTION_EXPLANATION,
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
