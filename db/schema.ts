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
    ExamsTables,
    JobsTables,
    TransfersTables,
    OfflineTables,
    InvoicesTables {
  categories: CategoriesTable;
  subjects: SubjectsTable;
  teachers: TeachersTable;
  courses: CoursesTable;
  course_subjects: CourseSubjectsTable;
  course_children: CourseChildrenTable;
  course_pods: CoursePodsTable;
  lessons: LessonsTable;
  course_reviews: CourseReviewsTable;
  subject_likes: SubjectLikesTable;
  course_views: CourseViewsTable;
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
  lesson_progress: LessonProgressTable;
  course_progress: CourseProgressTable;
  subscriptions: SubscriptionsTable;
  carrier_charges: CarrierChargesTable;
  carrier_sms_inbound: CarrierSmsInboundTable;
  payment_refunds: PaymentRefundsTable;
  quizzes: QuizzesTable;
  quiz_questions: QuizQuestionsTable;
  quiz_options: QuizOptionsTable;
  quiz_attempts: QuizAttemptsTable;
  lesson_notes: LessonNotesTable;
  lesson_comments: LessonCommentsTable;
  lesson_error_reports: LessonErrorReportsTable;
  certificates: CertificatesTable;
  video_assets: VideoAssetsTable;
  audit_log: AuditLogTable;
  payment_queries: PaymentQueriesTable;
  video_uploads: VideoUploadsTable;
  video_upload_parts: VideoUploadPartsTable;
  video_captions: VideoCaptionsTable;
  partnership_requests: PartnershipRequestsTable;
}

// ── Catalog, content, support and search (issue 4) ─────────────────────────────────────────────

export interface CategoriesTable {
  id: Generated<number>;
  /** course | post | support (orig. category types). */
  type: 'course' | 'post' | 'support';
  /** post: blog | video; support: product | policy | guide; course: null. */
  subtype: string | null;
  parent_id: number | null;
  slug: string;
  name: string;
  description: string | null;
  icon: string | null;
  position: Counter;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubjectsTable {
  id: Generated<number>;
  type: 'field' | 'topic';
  slug: string;
  name: string;
  description: string | null;
  position: Counter;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeachersTable {
  id: Generated<number>;
  slug: string;
  full_name: string;
  headline: string | null;
  bio: string | null;
  avatar: string | null;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type CourseType = 'retail' | 'no_retail' | 'combo' | 'api';

export interface CoursesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  type: CourseType;
  category_id: number | null;
  teacher_id: number | null;
  thumbnail: string | null;
  summary: string | null;
  description: string | null;
  /** flatform_app | flatform_web | flatform_web_app | platform_cross | '' (SPEC §3 spelling). */
  flatform_type: string;
  price_new: number | null;
  price_old: number | null;
  level: string | null;
  lesson_count: Counter;
  duration_seconds: Counter;
  enrolment_count: Counter;
  rating_sum: Counter;
  rating_count: Counter;
  is_hot: Flag;
  is_published: Flag;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A scheduled publish time, cleared when the job publishes it (studio-courses2 migration). */
  publish_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface CourseSubjectsTable {
  course_id: number;
  subject_id: number;
}

export interface CourseChildrenTable {
  combo_id: number;
  child_id: number;
  position: Counter;
}

export interface CoursePodsTable {
  id: Generated<number>;
  course_id: number;
  name: string | null;
  cycle: number;
  price: number;
  payment_type: 'online' | 'sms' | 'sms_online';
  /** The SMS keyword of a carrier-billed package (`DK <code>` / `HUY <code>`); null = none. */
  sms_code: ColumnType<string | null, string | null | undefined, string | null>;
  position: Counter;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LessonsTable {
  id: Generated<number>;
  course_id: number;
  parent_id: number | null;
  /** category = a chapter node; content = a lesson. */
  type: 'category' | 'content';
  content_type: 'youtube' | 'video' | 'paragraph' | 'exam' | 'document' | null;
  title: string;
  position: Counter;
  duration_seconds: Counter;
  is_preview: Flag;
  video_url: string | null;
  content: string | null;
  /** Document lessons: the file (a PDF is viewed inline). Added by the learning-progress-extra migration. */
  document_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CourseReviewsTable {
  id: Generated<number>;
  course_id: number;
  /** The learner (users table lands with accounts; no foreign key yet). */
  user_id: number;
  author_name: string;
  rating: number;
  comment: string | null;
  is_visible: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubjectLikesTable {
  user_id: number;
  subject_id: number;
  created_at: Timestamp;
}

export interface CourseViewsTable {
  user_id: number;
  course_id: number;
  viewed_at: Timestamp;
}

export type CategoryRow = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type SubjectRow = Selectable<SubjectsTable>;
export type NewSubject = Insertable<SubjectsTable>;
export type TeacherRow = Selectable<TeachersTable>;
export type NewTeacher = Insertable<TeachersTable>;
export type CourseRow = Selectable<CoursesTable>;
export type NewCourse = Insertable<CoursesTable>;
export type CoursePodRow = Selectable<CoursePodsTable>;
export type NewCoursePod = Insertable<CoursePodsTable>;
export type LessonRow = Selectable<LessonsTable>;
export type NewLesson = Insertable<LessonsTable>;
export type CourseReviewRow = Selectable<CourseReviewsTable>;
export type NewCourseReview = Insertable<CourseReviewsTable>;

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

/** The learning log of one learner for one lesson. */
export interface LessonProgressTable {
  user_id: number;
  lesson_id: number;
  course_id: number;
  /** The furthest position reached, in seconds; never moves backwards. */
  position_seconds: Counter;
  /** Where the learner last was, in seconds (the resume point). */
  resume_seconds: Counter;
  watched_seconds: Counter;
  /** The client time (ms) of the write that set `resume_seconds`; an older write never moves it back. */
  resume_client_ms: Counter;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One learner's standing in one course. */
export interface CourseProgressTable {
  user_id: number;
  course_id: number;
  last_lesson_id: number | null;
  completed_lessons: Counter;
  total_lessons: Counter;
  percent: Counter;
  completed_at: Timestamp | null;
  last_seen_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

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

/** The settings of an exam lesson's quiz. */
export interface QuizzesTable {
  lesson_id: number;
  pass_percent: number;
  /** Null = unlimited. */
  max_attempts: number | null;
  /** Null = no time limit. */
  time_limit_seconds: number | null;
  shuffle: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface QuizQuestionsTable {
  id: Generated<number>;
  lesson_id: number;
  kind: 'single' | 'multiple';
  prompt: string;
  explanation: string | null;
  position: Counter;
}

export interface QuizOptionsTable {
  id: Generated<number>;
  question_id: number;
  label: string;
  is_correct: Flag;
  position: Counter;
}

export interface QuizAttemptsTable {
  id: Generated<number>;
  lesson_id: number;
  user_id: number;
  /** JSON array of question ids, in this attempt's order. */
  question_order: string;
  /** JSON object { question_id: option_id[] }, written on submit. */
  answers: string | null;
  correct_count: number | null;
  question_count: number;
  score_percent: number | null;
  passed: number | null;
  timed_out: Flag;
  started_at: Timestamp;
  deadline_at: Timestamp | null;
  submitted_at: Timestamp | null;
}

/** A learner's private note on a lesson, optionally at a video time. */
export interface LessonNotesTable {
  id: Generated<number>;
  user_id: number;
  lesson_id: number;
  position_seconds: number | null;
  content: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The lesson discussion: top-level comments (parent_id null) and their replies. */
export interface LessonCommentsTable {
  id: Generated<number>;
  lesson_id: number;
  user_id: number;
  parent_id: number | null;
  content: string;
  created_at: Timestamp;
}

export type ErrorReportReason = 'video' | 'content' | 'audio' | 'other';
export type ErrorReportStatus = 'pending' | 'processing' | 'complete';

export interface LessonErrorReportsTable {
  id: Generated<number>;
  lesson_id: number;
  user_id: number;
  reason: ErrorReportReason;
  content: string;
  status: ColumnType<ErrorReportStatus, ErrorReportStatus | undefined, ErrorReportStatus>;
  /** The studio review (studio people): new, confirmed, fixed, rejected. */
  review_status: ColumnType<ErrorReviewStatus, ErrorReviewStatus | undefined, ErrorReviewStatus>;
  review_note: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One per learner and course, issued once on completion. */
export interface CertificatesTable {
  id: Generated<number>;
  code: string;
  user_id: number;
  /** The completed course; null for a contest certificate. */
  course_id: number | null;
  learner_name: string;
  /** The course's or the contest's title when issued. */
  course_title: string;
  issued_at: Timestamp;
  /** The contest whose result this certifies (modules/exams asks for it); null for a course. */
  exam_contest_id: number | null;
  /** A contest certificate's result: thousandths of a point, and the rank among its candidates. */
  score: number | null;
  max_score: number | null;
  rank: number | null;
  candidates: number | null;
}

// ── Video assets (issue 6: the HLS pipeline) ───────────────────────────────────────────────────

export type VideoAssetStatus = 'queued' | 'processing' | 'ready' | 'failed';

/** A source video given to a lesson, and its transcoding job. */
export interface VideoAssetsTable {
  id: Generated<number>;
  lesson_id: number;
  status: ColumnType<VideoAssetStatus, VideoAssetStatus | undefined, VideoAssetStatus>;
  source_key: string;
  progress_percent: Counter;
  attempts: Counter;
  last_error: string | null;
  run_after: Timestamp;
  lease_until: Timestamp | null;
  worker_id: string | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  has_audio: Flag;
  /** Rung heights, highest first, comma separated. */
  rungs: ColumnType<string, string | undefined, string>;
  ready_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideoCaptionsTable {
  asset_id: number;
  lang: string;
  label: string;
  storage_key: string;
  created_at: Timestamp;
}

export type VideoAssetRow = Selectable<VideoAssetsTable>;

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
export interface CoursesTable {
  /** This course's commission rate in percent; null = AFFILIATE_DEFAULT_RATE. */
  affiliate_rate: number | null;
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

/** Declaration merge: a teacher profile may be linked to the account that teaches (role `teacher`). */
export interface TeachersTable {
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
}
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

/** A chunked upload of a lesson's video source: the bytes go to a file on disk, the row counts them. */
export interface VideoUploadsTable {
  id: string;
  course_id: number;
  lesson_id: number;
  user_id: number | null;
  /** The source file's extension (.mp4, .mov…) or ''. */
  extension: string;
  size: ColumnType<number, number, number>;
  received: ColumnType<number, number | undefined, number>;
  /** The video asset queued once every byte has arrived. */
  asset_id: number | null;
  /** S3 only (decision 0013): the source's object key and its multipart upload. */
  storage_key: string | null;
  multipart_id: string | null;
  /** S3 only: the bytes after the last whole part, waiting in their own object. */
  pending_key: string | null;
  pending_bytes: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The parts of a resumable upload's S3 multipart upload. */
export interface VideoUploadPartsTable {
  upload_id: string;
  part_number: number;
  etag: string;
  size: ColumnType<number, number, number>;
}
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

export type ErrorReviewStatus = 'new' | 'confirmed' | 'fixed' | 'rejected';
