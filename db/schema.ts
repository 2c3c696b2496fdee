/**
 * Table types for Kysely. Timestamps are written as ISO 8601 strings and read back as a Date
 * (PostgreSQL) or a string (SQLite); services map them with `readDate`. Flags are 0/1 integers on
 * both engines so the same queries run everywhere.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ExamsTables } from '../modules/exams/exams.table.ts';
import type { InvoicesTables } from '../modules/invoices/invoices.table.ts';
import type { JobsTables } from '../modules/jobs/jobs.table.ts';
import type { TransfersTables } from '../modules/transfers/transfers.table.ts';
import type { OfflineTables } from '../modules/offline/offline.table.ts';
import type { Timestamp } from '../kernel/db/columns.ts';
import type { AccountsTables } from '../modules/accounts/accounts.table.ts';
import type { IdentityTables } from '../modules/identity/identity.table.ts';
import type { NotificationsTables } from '../modules/notifications/notifications.table.ts';
import type { MessagingTables } from '../modules/messaging/messaging.table.ts';
import type { SiteTables } from '../modules/site/site.table.ts';
import type { ContentTables } from '../modules/content/content.table.ts';
import type { SupportTables } from '../modules/support/support.table.ts';
import type { SearchTables } from '../modules/search/search.table.ts';
import type { CatalogTables } from '../modules/catalog/catalog.table.ts';
import type { ReviewsTables } from '../modules/reviews/reviews.table.ts';
import type { LearningTables } from '../modules/learning/learning.table.ts';
import type { QuizzesTables } from '../modules/quizzes/quizzes.table.ts';
import type { DiscussionTables } from '../modules/discussion/discussion.table.ts';
import type { CertificatesTables } from '../modules/certificates/certificates.table.ts';
import type { VideoTables } from '../modules/video/video.table.ts';
import type { CartTables } from '../modules/cart/cart.table.ts';
import type { PromotionsTables } from '../modules/promotions/promotions.table.ts';
import type { OrdersTables } from '../modules/orders/orders.table.ts';
import type { PaymentsTables } from '../modules/payments/payments.table.ts';
import type { EnrolmentsTables } from '../modules/enrolments/enrolments.table.ts';
import type { ActivationTables } from '../modules/activation/activation.table.ts';
import type { CampaignsTables } from '../modules/campaigns/campaigns.table.ts';
import type { SubscriptionsTables } from '../modules/subscriptions/subscriptions.table.ts';

export type { Counter, Flag, Timestamp } from '../kernel/db/columns.ts';
export type {
  Role,
  UserStatus,
  OtpPurpose,
  UsersTable,
  SessionsTable,
  OtpCodesTable,
  VerifyTokensTable,
  UserRow,
  NewUser,
  UserUpdate,
} from '../modules/accounts/accounts.table.ts';
export type { SocialProvider, SocialAccountsTable, SocialAccountRow } from '../modules/identity/identity.table.ts';
export type {
  NotificationsTable,
  NotificationRow,
  PushSubscriptionsTable,
  PushSubscriptionRow,
  BroadcastStatus,
  BroadcastsTable,
} from '../modules/notifications/notifications.table.ts';
export type { OutboxMessagesTable } from '../modules/messaging/messaging.table.ts';
export type {
  SiteSettingsTable,
  NavigationItemsTable,
  BannersTable,
  RouteRulesTable,
  NavigationItemRow,
  NewNavigationItem,
  BannerRow,
  NewBanner,
  RouteRuleRow,
  NewRouteRule,
} from '../modules/site/site.table.ts';
export type {
  PagesTable,
  PageRow,
  NewPage,
  PageUpdate,
  TagsTable,
  PostType,
  PostsTable,
  PostTagsTable,
  MediaTable,
  TagRow,
  NewTag,
  PostRow,
  NewPost,
  MediaRow,
  NewMedia,
} from '../modules/content/content.table.ts';
export type {
  SupportArticlesTable,
  SupportRequestsTable,
  SupportArticleRow,
  NewSupportArticle,
  NewSupportRequest,
  SupportRequestNotesTable,
} from '../modules/support/support.table.ts';
export type { SearchKind, SearchDocumentsTable, SearchDocumentRow } from '../modules/search/search.table.ts';
export type {
  CategoriesTable,
  SubjectsTable,
  TeachersTable,
  CourseType,
  CoursesTable,
  CourseSubjectsTable,
  CourseChildrenTable,
  CoursePodsTable,
  LessonsTable,
  SubjectLikesTable,
  CourseViewsTable,
  CategoryRow,
  NewCategory,
  SubjectRow,
  NewSubject,
  TeacherRow,
  NewTeacher,
  CourseRow,
  NewCourse,
  CoursePodRow,
  NewCoursePod,
  LessonRow,
  NewLesson,
} from '../modules/catalog/catalog.table.ts';
export type { CourseReviewsTable, CourseReviewRow, NewCourseReview } from '../modules/reviews/reviews.table.ts';
export type { LessonProgressTable, CourseProgressTable } from '../modules/learning/learning.table.ts';
export type {
  QuizzesTable,
  QuizQuestionsTable,
  QuizOptionsTable,
  QuizAttemptsTable,
} from '../modules/quizzes/quizzes.table.ts';
export type {
  LessonNotesTable,
  LessonCommentsTable,
  ErrorReportReason,
  ErrorReportStatus,
  LessonErrorReportsTable,
  ErrorReviewStatus,
} from '../modules/discussion/discussion.table.ts';
export type { CertificatesTable } from '../modules/certificates/certificates.table.ts';
export type {
  VideoAssetStatus,
  VideoAssetsTable,
  VideoCaptionsTable,
  VideoAssetRow,
  VideoUploadsTable,
  VideoUploadPartsTable,
} from '../modules/video/video.table.ts';
export type { CartsTable, CartItemsTable } from '../modules/cart/cart.table.ts';
export type {
  PromotionType,
  CustomerType,
  PromotionsTable,
  PromotionTargetsTable,
  PromotionUsagesTable,
  PromotionRow,
  NewPromotion,
} from '../modules/promotions/promotions.table.ts';
export type {
  OrderStatus,
  PaymentMethod,
  OrdersTable,
  OrderItemsTable,
  OrderRow,
  OrderItemRow,
} from '../modules/orders/orders.table.ts';
export type {
  PaymentsTable,
  PaymentNotificationsTable,
  PaymentRow,
  RefundStatus,
  PaymentRefundsTable,
  PaymentRefundRow,
  PaymentQueriesTable,
} from '../modules/payments/payments.table.ts';
export type { EnrolmentSource, EnrolmentsTable, EnrolmentRow } from '../modules/enrolments/enrolments.table.ts';
export type {
  ActivationCodesTable,
  ActivationRedemptionsTable,
  NewActivationCode,
} from '../modules/activation/activation.table.ts';
export type { CampaignsTable, CampaignItemsTable, NewCampaign } from '../modules/campaigns/campaigns.table.ts';
export type {
  SubscriptionStatus,
  CarrierChargeStatus,
  SubscriptionsTable,
  CarrierChargesTable,
  CarrierSmsInboundTable,
  SubscriptionRow,
  CarrierChargeRow,
} from '../modules/subscriptions/subscriptions.table.ts';

/** Every table; a module that owns its table types (modules/exams/exams.table.ts) is composed in here. */
export interface Database
  extends
    AccountsTables,
    IdentityTables,
    NotificationsTables,
    MessagingTables,
    SiteTables,
    ContentTables,
    SupportTables,
    SearchTables,
    CatalogTables,
    ReviewsTables,
    LearningTables,
    QuizzesTables,
    DiscussionTables,
    CertificatesTables,
    VideoTables,
    CartTables,
    PromotionsTables,
    OrdersTables,
    PaymentsTables,
    EnrolmentsTables,
    ActivationTables,
    CampaignsTables,
    SubscriptionsTables,
    ExamsTables,
    JobsTables,
    TransfersTables,
    OfflineTables,
    InvoicesTables {
  audit_log: AuditLogTable;
  partnership_requests: PartnershipRequestsTable;
}

// ── Catalog, content, support and search (issue 4) ─────────────────────────────────────────────

// ── Identity links (issue 3: SSO and social accounts) ──────────────────────────────────────────

// ── Commerce (issue 5: carts, promotions, orders, payments, enrolments, activation codes) ─────

// ── Campaigns (landing pages: a named list of courses and promotions) ─────────────────────────

// ── Learning progress (issue 6) ────────────────────────────────────────────────────────────────

// ── Carrier billing (issue 5, part 5) ──────────────────────────────────────────────────────────

// ── Payment operations: refunds (issue 5) ─────────────────────────────────────────────────────

// ── Learning extras: quizzes, notes, discussion, error reports, certificates (issue 6) ──────────

// ── Video assets (issue 6: the HLS pipeline) ───────────────────────────────────────────────────

// ── Studio (issue 7) ─────────────────────────────────────────────────────────────────────────────

/** One studio write: who, what, on which record, a JSON summary, from where, when. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  /** e.g. `order.refund`, `user.lock`. */
  action: string;
  target_type: string;
  target_id: string;
  /** JSON: the change (before/after or the request and its answer). */
  summary: string;
  ip: string | null;
  created_at: Timestamp;
}

export type AuditLogRow = Selectable<AuditLogTable>;

// ── Affiliates (issue 8 §1) ──────────────────────────────────────────────────────────────────────

export type AffiliateStatus = 'active' | 'suspended';
export type CommissionStatus = 'pending' | 'approved' | 'paid' | 'reversed';

/** A learner in the affiliate programme, with the referral code of their links (`?ref=CODE`). */
export interface AffiliatesTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  status: ColumnType<AffiliateStatus, AffiliateStatus | undefined, AffiliateStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A visit through a referral link: one per visitor (a hash) per Vietnam day. */
export interface AffiliateClicksTable {
  id: Generated<number>;
  affiliate_id: number;
  visitor: string;
  /** YYYY-MM-DD, Vietnam time. */
  day: string;
  path: string;
  created_at: Timestamp;
}

/** What a referred order earned: on the amount actually paid; reversed when the order is refunded. */
export interface AffiliateCommissionsTable {
  id: Generated<number>;
  affiliate_id: number;
  order_id: number;
  base_amount: number;
  amount: number;
  status: CommissionStatus;
  payout_id: number | null;
  approved_at: Timestamp | null;
  paid_at: Timestamp | null;
  reversed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A payout recorded in the studio: every approved commission of the affiliate became paid. */
export interface AffiliatePayoutsTable {
  id: Generated<number>;
  affiliate_id: number;
  amount: number;
  commission_count: number;
  reference: string;
  note: string | null;
  actor_id: number | null;
  created_at: Timestamp;
}

export interface Database {
  affiliates: AffiliatesTable;
  affiliate_clicks: AffiliateClicksTable;
  affiliate_commissions: AffiliateCommissionsTable;
  affiliate_payouts: AffiliatePayoutsTable;
}

export type AffiliateRow = Selectable<AffiliatesTable>;
export type CommissionRow = Selectable<AffiliateCommissionsTable>;
// ── Studio site (issue 7 §4, §8) ─────────────────────────────────────────────────────────────────

// ── Studio commerce (issue 7 §5, §8): raw gateway query answers ──────────────────────────────────

// ── Studio courses, part 2: resumable video uploads ──────────────────────────────────────────────

// ── Partnership requests and web push (issue 8 §2, §3) ───────────────────────────────────────────

export type PartnershipKind = 'school' | 'partner' | 'teacher' | 'other';
export type PartnershipStatus = 'new' | 'contacted' | 'won' | 'lost';

/** A request to work together, sent from the solution, teacher or partner pages. */
export interface PartnershipRequestsTable {
  id: Generated<number>;
  kind: PartnershipKind;
  organization: string;
  contact_name: string;
  /** Stored form 84xxxxxxxxx (lib/phone.ts). */
  phone: string;
  email: string;
  needs: string;
  learners: number | null;
  /** The page the request was sent from. */
  source_path: string;
  status: ColumnType<PartnershipStatus, PartnershipStatus | undefined, PartnershipStatus>;
  notes: ColumnType<string, string | undefined, string>;
  search_text: string;
  user_id: number | null;
  ip: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PartnershipRequestRow = Selectable<PartnershipRequestsTable>;

// ── Studio people (issue 7 §6, §8) ───────────────────────────────────────────────────────────────
