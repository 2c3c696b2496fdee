/**
 * Table types for Kysely. Timestamps are written as ISO 8601 strings and read back as a Date
 * (PostgreSQL) or a string (SQLite); services map them with `readDate`. Flags are 0/1 integers on
 * both engines so the same queries run everywhere.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ExamsTables } from '../modules/exams/exams.table.ts';
import type { InvoicesTables } from '../modules/invoices/invoices.table.ts';
import type { JobsTables } from '../modules/jobs/jobs.table.ts';
import type { TransfersTables } from '../modules/transfers/transfers.table.ts';
import type { OfflineTables } from '../modules/offline/offline.table.ts';
import type { Counter, Flag, Timestamp } from '../kernel/db/columns.ts';
import type { AccountsTables } from '../modules/accounts/accounts.table.ts';
import type { IdentityTables } from '../modules/identity/identity.table.ts';
import type { NotificationsTables } from '../modules/notifications/notifications.table.ts';
import type { MessagingTables } from '../modules/messaging/messaging.table.ts';
import type { SiteTables } from '../modules/site/site.table.ts';
import type { ContentTables } from '../modules/content/content.table.ts';
import type { SupportTables } from '../modules/support/support.table.ts';
import type { SearchTables } from '../modules/search/search.table.ts';
import type { CourseType, CatalogTables } from '../modules/catalog/catalog.table.ts';
import type { ReviewsTables } from '../modules/reviews/reviews.table.ts';
import type { LearningTables } from '../modules/learning/learning.table.ts';
import type { QuizzesTables } from '../modules/quizzes/quizzes.table.ts';
import type { DiscussionTables } from '../modules/discussion/discussion.table.ts';
import type { CertificatesTables } from '../modules/certificates/certificates.table.ts';
import type { VideoTables } from '../modules/video/video.table.ts';

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
    ExamsTables,
    JobsTables,
    TransfersTables,
    OfflineTables,
    InvoicesTables {
  carts: CartsTable;
  cart_items: CartItemsTable;
  promotions: PromotionsTable;
  promotion_targets: PromotionTargetsTable;
  promotion_usages: PromotionUsagesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  payment_notifications: PaymentNotificationsTable;
  enrolments: EnrolmentsTable;
  activation_codes: ActivationCodesTable;
  activation_redemptions: ActivationRedemptionsTable;
  campaigns: CampaignsTable;
  campaign_items: CampaignItemsTable;
  subscriptions: SubscriptionsTable;
  carrier_charges: CarrierChargesTable;
  carrier_sms_inbound: CarrierSmsInboundTable;
  payment_refunds: PaymentRefundsTable;
  audit_log: AuditLogTable;
  payment_queries: PaymentQueriesTable;
  partnership_requests: PartnershipRequestsTable;
}

// ── Catalog, content, support and search (issue 4) ─────────────────────────────────────────────

// ── Identity links (issue 3: SSO and social accounts) ──────────────────────────────────────────

// ── Commerce (issue 5: carts, promotions, orders, payments, enrolments, activation codes) ─────

export interface CartsTable {
  id: Generated<number>;
  /** A signed-in learner's cart; null for an anonymous cart keyed by `token` (cookie). */
  user_id: number | null;
  token: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  course_id: number;
  pod_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PromotionType = 'same_price' | 'fixed_price' | 'percentage';
export type CustomerType = 'all_user' | 'user_sub' | 'user_active' | 'user_inactive';

export interface PromotionsTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  type: PromotionType;
  /** same_price: the price of each eligible line; fixed_price: đồng off; percentage: 1–100. */
  value: number;
  /** percentage: the cap in đồng (null = none). */
  max_discount: number | null;
  min_order: Counter;
  /** Total uses (null = unlimited); `used` counts uses held by live orders. */
  quantity: number | null;
  used: Counter;
  per_user: Counter;
  customer_type: ColumnType<CustomerType, CustomerType | undefined, CustomerType>;
  scope: ColumnType<'all' | 'categories' | 'courses', 'all' | 'categories' | 'courses' | undefined>;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  is_active: Flag;
  /** Listed on the offers page (promotion.json). */
  is_public: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PromotionTargetsTable {
  promotion_id: number;
  kind: 'category' | 'course';
  target_id: number;
}

export interface PromotionUsagesTable {
  id: Generated<number>;
  promotion_id: number;
  user_id: number;
  order_id: number;
  discount: number;
  created_at: Timestamp;
}

export type OrderStatus = 'pending' | 'paid' | 'completed' | 'cancelled' | 'expired' | 'failed' | 'refunded';
export type PaymentMethod =
  'momo' | 'onepay_domestic' | 'onepay_international' | 'vnpay' | 'zalopay' | 'vietqr' | 'carrier' | 'free';

export interface OrdersTable {
  id: Generated<number>;
  code: string;
  user_id: number;
  status: OrderStatus;
  payment_method: PaymentMethod;
  subtotal: number;
  discount: Counter;
  total: number;
  promotion_id: number | null;
  promotion_code: string | null;
  failure_reason: string | null;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  completed_at: Timestamp | null;
  /** When it became cancelled, expired, failed or refunded. */
  closed_at: Timestamp | null;
  /** The payment attempt that paid it (gateway orders); any other succeeded attempt is refunded. */
  payment_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  course_id: number;
  pod_id: number | null;
  course_title: string;
  course_slug: string;
  course_type: CourseType;
  cycle: number;
  price: number;
  discount: Counter;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  gateway: PaymentMethod;
  /** The reference sent to the gateway (MoMo orderId, vpc_MerchTxnRef, vnp_TxnRef): one per attempt. */
  request_id: string;
  amount: number;
  status: ColumnType<'pending' | 'succeeded' | 'failed', 'pending' | 'succeeded' | 'failed' | undefined>;
  gateway_txn_id: string | null;
  result_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentNotificationsTable {
  id: Generated<number>;
  payment_id: number | null;
  gateway: string;
  channel: 'ipn' | 'return' | 'app';
  /** The raw callback as received (JSON body or query string). */
  payload: string;
  signature_valid: Flag;
  outcome: string;
  created_at: Timestamp;
}

export type EnrolmentSource = 'order' | 'activation' | 'free' | 'subscription' | 'studio';

export interface EnrolmentsTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  source: EnrolmentSource;
  order_id: number | null;
  activation_code_id: number | null;
  starts_at: Timestamp;
  /** null = unlimited. */
  ends_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ActivationCodesTable {
  id: Generated<number>;
  code: string;
  batch: string;
  course_id: number;
  pod_id: number | null;
  max_uses: Counter;
  used: Counter;
  /** Access length after redemption; null = the package's cycle, or unlimited. */
  access_days: number | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  is_active: Flag;
  created_at: Timestamp;
}

export interface ActivationRedemptionsTable {
  id: Generated<number>;
  code_id: number;
  user_id: number;
  created_at: Timestamp;
}

export type PromotionRow = Selectable<PromotionsTable>;
export type NewPromotion = Insertable<PromotionsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type EnrolmentRow = Selectable<EnrolmentsTable>;
export type NewActivationCode = Insertable<ActivationCodesTable>;

// ── Campaigns (landing pages: a named list of courses and promotions) ─────────────────────────

export interface CampaignsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignItemsTable {
  campaign_id: number;
  kind: 'course' | 'promotion';
  target_id: number;
  position: Counter;
}

export type NewCampaign = Insertable<CampaignsTable>;

// ── Learning progress (issue 6) ────────────────────────────────────────────────────────────────

// ── Carrier billing (issue 5, part 5) ──────────────────────────────────────────────────────────

export type SubscriptionStatus = 'pending' | 'active' | 'cancelled' | 'suspended' | 'failed';
export type CarrierChargeStatus = 'pending' | 'success' | 'insufficient_balance' | 'timeout' | 'error';

/** A learner's carrier-billed package: one row per learner and package, reused when they subscribe again. */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  pod_id: number;
  course_id: number;
  /** The order of the latest (re)subscription; its enrolments are the ones renewals extend. */
  order_id: number | null;
  msisdn: string;
  price: number;
  cycle: number;
  status: SubscriptionStatus;
  current_period_start: Timestamp | null;
  current_period_end: Timestamp | null;
  /** When the renewal job charges next (null when renewals are stopped). */
  next_charge_at: Timestamp | null;
  /** Failed renewal attempts in the current period. */
  retry_count: Counter;
  next_reminder_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  suspended_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One charge attempt on the operator; `reference` is its idempotency key. */
export interface CarrierChargesTable {
  id: Generated<number>;
  reference: string;
  kind: 'subscribe' | 'renewal';
  subscription_id: number | null;
  order_id: number | null;
  msisdn: string;
  amount: number;
  status: ColumnType<CarrierChargeStatus, CarrierChargeStatus | undefined, CarrierChargeStatus>;
  operator_txn_id: string | null;
  detail: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An SMS the operator forwarded to the webhook, stored raw; one row per operator message id. */
export interface CarrierSmsInboundTable {
  id: Generated<number>;
  message_id: string;
  msisdn: string;
  text: string;
  payload: string;
  outcome: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type CarrierChargeRow = Selectable<CarrierChargesTable>;

// ── Payment operations: refunds (issue 5) ─────────────────────────────────────────────────────

export type RefundStatus = 'pending' | 'processing' | 'succeeded' | 'refused';

/** A refund asked of a gateway: `pending` while the call runs, then its answer. */
export interface PaymentRefundsTable {
  id: Generated<number>;
  payment_id: number;
  order_id: number;
  /** Our reference sent to the gateway (MoMo's new orderId, vpc_MerchTxnRef, vnp_RequestId). */
  request_id: string;
  amount: number;
  reason: string;
  /** Who asked (the studio user, or `cli:<os user>`). */
  actor: string;
  /** processing: the gateway accepted it and is still paying it back. */
  status: RefundStatus;
  /** The gateway's reference for the refund. */
  gateway_ref: string | null;
  result_code: string | null;
  message: string | null;
  /** The gateway's answer as received (JSON). */
  raw: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PaymentRefundRow = Selectable<PaymentRefundsTable>;

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

// Columns the affiliates migration adds to existing tables (interface merging).
export interface OrdersTable {
  /** The affiliate the buyer's referral cookie named at checkout (never the buyer). */
  affiliate_id: number | null;
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

/** One answer of a gateway to a query (QueryDR) about a payment attempt, stored raw. */
export interface PaymentQueriesTable {
  id: Generated<number>;
  payment_id: number;
  gateway: string;
  /** paid, pending, failed, not_found, or error (the gateway could not answer). */
  status: string;
  result_code: string | null;
  /** The raw answer as JSON (or the error message). */
  payload: string;
  created_at: Timestamp;
}
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
