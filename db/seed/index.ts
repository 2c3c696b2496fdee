import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { countRows } from '../../modules/site/site.repository.ts';
import { seedSite } from './site.ts';
import { seedAccounts } from './accounts.ts';
import { seedCatalog } from './catalog.ts';
import { seedContent } from './content.ts';
import { seedCommerce } from './commerce.ts';
import { seedInvoices } from './invoices.ts';
import { seedPrivacy } from './privacy.ts';
import { seedDashboard } from './dashboard.ts';
import { seedActivation } from './activation.ts';
import { seedSubscriptions } from './subscriptions.ts';
import { seedLearning } from './learning.ts';
import { seedLearningExtras } from './learning-extras.ts';
import { seedStudio } from './studio.ts';
import { seedStudioCourses } from './studio-courses.ts';
import { seedAffiliates } from './affiliates.ts';
import { seedStudioSite } from './studio-site.ts';
import { seedStudioCommerce } from './studio-commerce.ts';
import { seedStudioCourses2 } from './studio-courses2.ts';
import { seedPartnerships } from './partnerships.ts';
import { seedStudioContent } from './studio-content.ts';
import { seedStudioPeople } from './studio-people.ts';
import { seedExams } from './exams.ts';
import { seedTransfers } from './transfers.ts';

export interface SeedOptions {
  uploadsDir: string;
}

/** True when nothing has been seeded or authored yet. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await countRows(db, 'site_settings')) === 0 && (await countRows(db, 'navigation_items')) === 0;
}

/** The demo data of development and demo mode (never production), in one transaction. */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedSite(trx, path.resolve(options.uploadsDir));
    const { learnerId } = await seedAccounts(trx);
    await seedCatalog(trx, path.resolve(options.uploadsDir));
    await seedContent(trx, path.resolve(options.uploadsDir));
    await seedCommerce(trx, learnerId);
    await seedInvoices(trx, learnerId);
    await seedActivation(trx);
    await seedSubscriptions(trx, learnerId);
    await seedLearning(trx, learnerId);
    await seedLearningExtras(trx, learnerId);
    await seedStudio(trx);
    await seedStudioCourses(trx);
    await seedStudioCourses2(trx, learnerId);
    await seedDashboard(trx);
    await seedAffiliates(trx);
    await seedStudioSite(trx, path.resolve(options.uploadsDir));
    await seedStudioCommerce(trx);
    await seedPartnerships(trx);
    await seedStudioContent(trx);
    await seedStudioPeople(trx);
    await seedExams(trx);
    await seedTransfers(trx);
    await seedPrivacy(trx, learnerId);
  });
}
