/**
 * Every migration, in order. Names are ISO-dated; each module exports `up` and `down` and runs
 * on both SQLite and PostgreSQL.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026-11-22T0300-foundation.ts';
import * as accounts from './2026-11-22T0330-accounts.ts';
import * as catalog from './2026-11-22T0400-catalog.ts';
import * as identityLinks from './2026-11-22T0500-identity-links.ts';
import * as commerce from './2026-11-22T0600-commerce.ts';
import * as activationCampaigns from './2026-11-22T0700-activation-campaigns.ts';
import * as learningProgress from './2026-11-22T0800-learning-progress.ts';
import * as carrierBilling from './2026-11-22T0810-carrier-billing.ts';
import * as paymentOperations from './2026-11-22T0820-payment-operations.ts';
import * as learningExtras from './2026-11-22T0830-learning-extras.ts';
import * as videoAssets from './2026-11-22T0840-video-assets.ts';
import * as learningProgressExtra from './2026-11-22T0850-learning-progress-extra.ts';
import * as searchTitles from './2026-11-22T0860-search-titles.ts';
import * as studio from './2026-11-22T0900-studio.ts';
import * as affiliates from './2026-11-22T0960-affiliates.ts';
import * as studioSite from './2026-11-22T0920-studio-site.ts';
import * as studioCommerce from './2026-11-22T0930-studio-commerce.ts';
import * as studioCourses2 from './2026-11-22T0950-studio-courses2.ts';
import * as cooperatePush from './2026-11-22T0970-cooperate-push.ts';
import * as studioPeople from './2026-11-22T0940-studio-people.ts';
import * as searchWords from './2026-11-22T0980-search-words.ts';
import * as searchSegments from './2026-11-22T0990-search-segments.ts';
import * as searchTitlePrefixes from './2026-11-22T1000-search-title-prefixes.ts';
import * as searchTypos from './2026-11-25T2127-search-typos.ts';
import * as latePayments from './2026-11-25T2140-late-payments.ts';
import * as exams from './2026-11-25T2149-exams.ts';
import * as examRemindersCertificates from './2026-11-26T0030-exam-reminders-certificates.ts';
import * as jobs from './2026-11-26T0110-jobs.ts';
import * as outbox from './2026-11-26T0300-outbox.ts';
import * as broadcastRecipients from './2026-11-26T0400-broadcast-recipients.ts';
import * as carrierChargeQueries from './2026-11-26T0420-carrier-charge-queries.ts';
import * as videoObjectStorage from './2026-11-26T0500-video-object-storage.ts';
import * as paymentMethods from './2026-11-26T0600-payment-methods.ts';
import * as bankTransfers from './2026-11-26T0710-bank-transfers.ts';
import * as invoices from './2026-11-26T0720-invoices.ts';
import * as offline from './2026-11-26T0730-offline.ts';
import * as zalo from './2026-11-26T0740-zalo.ts';
import * as certificateRevocations from './2026-11-26T0850-certificate-revocations.ts';
import * as personalData from './2026-11-26T0900-personal-data.ts';
import * as znsToken from './2026-11-26T2140-zns-token.ts';
import * as bankStatementRuns from './2026-11-26T2150-bank-statement-runs.ts';
import * as broadcastPurpose from './2026-11-26T2200-broadcast-purpose.ts';

const migrations: Record<string, Migration> = {
  '2026-11-22T0300-foundation': foundation,
  '2026-11-22T0330-accounts': accounts,
  '2026-11-22T0400-catalog': catalog,
  '2026-11-22T0500-identity-links': identityLinks,
  '2026-11-22T0600-commerce': commerce,
  '2026-11-22T0700-activation-campaigns': activationCampaigns,
  '2026-11-22T0800-learning-progress': learningProgress,
  '2026-11-22T0810-carrier-billing': carrierBilling,
  '2026-11-22T0820-payment-operations': paymentOperations,
  '2026-11-22T0830-learning-extras': learningExtras,
  '2026-11-22T0840-video-assets': videoAssets,
  '2026-11-22T0850-learning-progress-extra': learningProgressExtra,
  '2026-11-22T0860-search-titles': searchTitles,
  '2026-11-22T0900-studio': studio,
  '2026-11-22T0960-affiliates': affiliates,
  '2026-11-22T0920-studio-site': studioSite,
  '2026-11-22T0930-studio-commerce': studioCommerce,
  '2026-11-22T0950-studio-courses2': studioCourses2,
  '2026-11-22T0970-cooperate-push': cooperatePush,
  '2026-11-22T0940-studio-people': studioPeople,
  '2026-11-22T0980-search-words': searchWords,
  '2026-11-22T0990-search-segments': searchSegments,
  '2026-11-22T1000-search-title-prefixes': searchTitlePrefixes,
  '2026-11-25T2127-search-typos': searchTypos,
  '2026-11-25T2140-late-payments': latePayments,
  '2026-11-25T2149-exams': exams,
  '2026-11-26T0030-exam-reminders-certificates': examRemindersCertificates,
  '2026-11-26T0110-jobs': jobs,
  '2026-11-26T0300-outbox': outbox,
  '2026-11-26T0400-broadcast-recipients': broadcastRecipients,
  '2026-11-26T0420-carrier-charge-queries': carrierChargeQueries,
  '2026-11-26T0500-video-object-storage': videoObjectStorage,
  '2026-11-26T0600-payment-methods': paymentMethods,
  '2026-11-26T0710-bank-transfers': bankTransfers,
  '2026-11-26T0720-invoices': invoices,
  '2026-11-26T0730-offline': offline,
  '2026-11-26T0740-zalo': zalo,
  '2026-11-26T0850-certificate-revocations': certificateRevocations,
  '2026-11-26T0900-personal-data': personalData,
  '2026-11-26T2140-zns-token': znsToken,
  '2026-11-26T2150-bank-statement-runs': bankStatementRuns,
  '2026-11-26T2200-broadcast-purpose': broadcastPurpose,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
