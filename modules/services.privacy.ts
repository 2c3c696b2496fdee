/**
 * The composition root's wiring of personal data (decision 0024): what the export reads, from each
 * module that owns it, and what the deletion erases, through the owners' public functions (accounts,
 * identity, discussion, support). The
 * privacy module itself reads and writes only its own tables.
 */
import type { Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import { createAccountErasure, type AccountsService } from './accounts/index.ts';
import type { ProfileService } from './accounts/profile.service.ts';
import type { CertificatesService } from './certificates/certificates.service.ts';
import { createDiscussionPersonalData } from './discussion/index.ts';
import { createSupportPersonalData } from './support/index.ts';
import type { IdentityService } from './identity/identity.service.ts';
import type { InvoicesService } from './invoices/index.ts';
import type { JobQueue } from './jobs/index.ts';
import type { LearningService } from './learning/learning.service.ts';
import type { ObjectStorage } from './media/storage.ts';
import type { NotificationsService } from './notifications/notifications.service.ts';
import type { OrdersService } from './orders/orders.service.ts';
import { createPrivacyAdmin, createPrivacyService, type ExportSection } from './privacy/index.ts';
import type { Actor } from './studio/studio.service.ts';
import type { AuditLog } from '../kernel/auth/index.ts';

/** Every page of a paged list (100 at a time). */
async function allPages<T>(read: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const batch = await read(page);
    items.push(...batch.items);
    if (batch.items.length < 100 || items.length >= batch.total) return items;
  }
}

export function createPrivacyServices(deps: {
  db: Kysely<Database>;
  env: Env;
  jobs: JobQueue;
  storage: ObjectStorage;
  profile: ProfileService;
  accounts: AccountsService;
  identity: Pick<IdentityService, 'forgetLinkedAccounts'>;
  orders: Pick<OrdersService, 'list'>;
  invoices: Pick<InvoicesService, 'listForOrder'>;
  learning: Pick<LearningService, 'listMyCourses'>;
  certificates: Pick<CertificatesService, 'listMine'>;
  notifications: Pick<NotificationsService, 'list'>;
  audit: AuditLog<Actor>;
}) {
  const ordersOf = (userId: number) => allPages((page) => deps.orders.list(userId, page, 100));
  const discussion = createDiscussionPersonalData(deps.db);
  const support = createSupportPersonalData(deps.db);
  const sections: ExportSection[] = [
    { key: 'profile', title: 'Hồ sơ', read: (userId) => deps.profile.get(userId) },
    { key: 'orders', title: 'Đơn hàng', read: ordersOf },
    {
      key: 'invoices',
      title: 'Hóa đơn điện tử',
      read: async (userId) => {
        const invoices = [];
        for (const order of await ordersOf(userId))
          invoices.push(...(await deps.invoices.listForOrder(userId, order.code)));
        return invoices;
      },
    },
    { key: 'courses', title: 'Khóa học và tiến độ học', read: (userId) => deps.learning.listMyCourses(userId) },
    { key: 'certificates', title: 'Chứng chỉ', read: (userId) => deps.certificates.listMine(userId) },
    {
      key: 'notifications',
      title: 'Thông báo',
      read: (userId) => allPages((page) => deps.notifications.list(userId, page, 100)),
    },
    {
      key: 'writing',
      title: 'Ghi chú, bình luận và báo lỗi bài học',
      read: (userId) => discussion.exportOf(userId),
    },
    { key: 'support', title: 'Yêu cầu hỗ trợ', read: (userId) => support.exportOf(userId) },
    { key: 'sign_ins', title: 'Lịch sử đăng nhập', read: (userId) => deps.accounts.sessions.history(userId, null) },
  ];
  const erasure = createAccountErasure(deps.db);
  const privacy = createPrivacyService({
    db: deps.db,
    jobs: deps.jobs,
    storage: deps.storage,
    config: {
      policyVersion: deps.env.PRIVACY_POLICY_VERSION,
      deletionWaitDays: deps.env.PRIVACY_DELETION_WAIT_DAYS,
      siteName: deps.env.SITE_NAME,
    },
    sections,
    birthdayOf: async (userId) => (await deps.profile.get(userId).catch(() => null))?.birthday ?? null,
    parentCodes: {
      send: (phone) => deps.accounts.sendParentCode(phone),
      check: (phone, code) => deps.accounts.checkParentCode(phone, code),
    },
    erase: async (userId) => {
      await deps.identity.forgetLinkedAccounts(userId);
      // What the learner wrote: notes deleted, comments and reports replaced by a marker.
      await discussion.eraseLearnerContent(userId);
      // What they told the support desk: name, contacts and text gone, the desk's history kept.
      await support.eraseLearnerContent(userId);
      await erasure.erasePersonalData(userId);
    },
  });
  const privacyAdmin = createPrivacyAdmin<Actor>({
    db: deps.db,
    requests: privacy.requests,
    audit: deps.audit,
    contactsOf: (ids) => deps.accounts.contactsOf(ids),
  });
  return { privacy, privacyAdmin };
}
