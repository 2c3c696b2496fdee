/**
 * The database as Kysely sees it. Each module declares the tables it owns in
 * `modules/<name>/<name>.table.ts` (row interfaces, their Selectable/Insertable/Updateable types and a
 * `<Name>Tables` map; the owner of every table is scripts/lint/table-owners.ts); `Database` only composes
 * those maps. The column types they share (timestamps, 0/1 flags, counters) are `kernel/db/columns.ts`.
 * The row types are re-exported here so code that imports them from db/schema.ts keeps working.
 */
import type { AccountsTables } from '../modules/accounts/accounts.table.ts';
import type { ActivationTables } from '../modules/activation/activation.table.ts';
import type { AffiliatesTables } from '../modules/affiliates/affiliates.table.ts';
import type { CampaignsTables } from '../modules/campaigns/campaigns.table.ts';
import type { CartTables } from '../modules/cart/cart.table.ts';
import type { CatalogTables } from '../modules/catalog/catalog.table.ts';
import type { CertificatesTables } from '../modules/certificates/certificates.table.ts';
import type { ContentTables } from '../modules/content/content.table.ts';
import type { DiscussionTables } from '../modules/discussion/discussion.table.ts';
import type { EnrolmentsTables } from '../modules/enrolments/enrolments.table.ts';
import type { ExamsTables } from '../modules/exams/exams.table.ts';
import type { IdentityTables } from '../modules/identity/identity.table.ts';
import type { InvoicesTables } from '../modules/invoices/invoices.table.ts';
import type { JobsTables } from '../modules/jobs/jobs.table.ts';
import type { LearningTables } from '../modules/learning/learning.table.ts';
import type { MessagingTables } from '../modules/messaging/messaging.table.ts';
import type { NotificationsTables } from '../modules/notifications/notifications.table.ts';
import type { OfflineTables } from '../modules/offline/offline.table.ts';
import type { OrdersTables } from '../modules/orders/orders.table.ts';
import type { PartnershipsTables } from '../modules/partnerships/partnerships.table.ts';
import type { PaymentsTables } from '../modules/payments/payments.table.ts';
import type { PrivacyTables } from '../modules/privacy/privacy.table.ts';
import type { PromotionsTables } from '../modules/promotions/promotions.table.ts';
import type { QuizzesTables } from '../modules/quizzes/quizzes.table.ts';
import type { ReviewsTables } from '../modules/reviews/reviews.table.ts';
import type { SearchTables } from '../modules/search/search.table.ts';
import type { SiteTables } from '../modules/site/site.table.ts';
import type { StudioTables } from '../modules/studio/studio.table.ts';
import type { SubscriptionsTables } from '../modules/subscriptions/subscriptions.table.ts';
import type { SupportTables } from '../modules/support/support.table.ts';
import type { TransfersTables } from '../modules/transfers/transfers.table.ts';
import type { VideoTables } from '../modules/video/video.table.ts';

/** Every table. */
export interface Database
  extends
    AccountsTables,
    ActivationTables,
    AffiliatesTables,
    CampaignsTables,
    CartTables,
    CatalogTables,
    CertificatesTables,
    ContentTables,
    DiscussionTables,
    EnrolmentsTables,
    ExamsTables,
    IdentityTables,
    InvoicesTables,
    JobsTables,
    LearningTables,
    MessagingTables,
    NotificationsTables,
    OfflineTables,
    OrdersTables,
    PartnershipsTables,
    PaymentsTables,
    PrivacyTables,
    PromotionsTables,
    QuizzesTables,
    ReviewsTables,
    SearchTables,
    SiteTables,
    StudioTables,
    SubscriptionsTables,
    SupportTables,
    TransfersTables,
    VideoTables {}

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
export type {
  ActivationCodesTable,
  ActivationRedemptionsTable,
  NewActivationCode,
} from '../modules/activation/activation.table.ts';
export type {
  AffiliateStatus,
  CommissionStatus,
  AffiliatesTable,
  AffiliateClicksTable,
  AffiliateCommissionsTable,
  AffiliatePayoutsTable,
  AffiliateRow,
  CommissionRow,
} from '../modules/affiliates/affiliates.table.ts';
export type { CampaignsTable, CampaignItemsTable, NewCampaign } from '../modules/campaigns/campaigns.table.ts';
export type { CartsTable, CartItemsTable } from '../modules/cart/cart.table.ts';
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
export type { CertificatesTable } from '../modules/certificates/certificates.table.ts';
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
  LessonNotesTable,
  LessonCommentsTable,
  ErrorReportReason,
  ErrorReportStatus,
  LessonErrorReportsTable,
  ErrorReviewStatus,
} from '../modules/discussion/discussion.table.ts';
export type { EnrolmentSource, EnrolmentsTable, EnrolmentRow } from '../modules/enrolments/enrolments.table.ts';
export type { SocialProvider, SocialAccountsTable, SocialAccountRow } from '../modules/identity/identity.table.ts';
export type { LessonProgressTable, CourseProgressTable } from '../modules/learning/learning.table.ts';
export type { OutboxMessagesTable } from '../modules/messaging/messaging.table.ts';
export type {
  NotificationsTable,
  NotificationRow,
  PushSubscriptionsTable,
  PushSubscriptionRow,
  BroadcastStatus,
  BroadcastsTable,
} from '../modules/notifications/notifications.table.ts';
export type {
  OrderStatus,
  PaymentMethod,
  OrdersTable,
  OrderItemsTable,
  OrderRow,
  OrderItemRow,
} from '../modules/orders/orders.table.ts';
export type {
  PartnershipKind,
  PartnershipStatus,
  PartnershipRequestsTable,
  PartnershipRequestRow,
} from '../modules/partnerships/partnerships.table.ts';
export type {
  PaymentsTable,
  PaymentNotificationsTable,
  PaymentRow,
  RefundStatus,
  PaymentRefundsTable,
  PaymentRefundRow,
  PaymentQueriesTable,
} from '../modules/payments/payments.table.ts';
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
  QuizzesTable,
  QuizQuestionsTable,
  QuizOptionsTable,
  QuizAttemptsTable,
} from '../modules/quizzes/quizzes.table.ts';
export type { CourseReviewsTable, CourseReviewRow, NewCourseReview } from '../modules/reviews/reviews.table.ts';
export type { SearchKind, SearchDocumentsTable, SearchDocumentRow } from '../modules/search/search.table.ts';
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
export type { AuditLogTable, AuditLogRow } from '../modules/studio/studio.table.ts';
export type {
  SubscriptionStatus,
  CarrierChargeStatus,
  SubscriptionsTable,
  CarrierChargesTable,
  CarrierSmsInboundTable,
  SubscriptionRow,
  CarrierChargeRow,
} from '../modules/subscriptions/subscriptions.table.ts';
export type {
  SupportArticlesTable,
  SupportRequestsTable,
  SupportArticleRow,
  NewSupportArticle,
  NewSupportRequest,
  SupportRequestNotesTable,
} from '../modules/support/support.table.ts';
export type {
  VideoAssetStatus,
  VideoAssetsTable,
  VideoCaptionsTable,
  VideoAssetRow,
  VideoUploadsTable,
  VideoUploadPartsTable,
} from '../modules/video/video.table.ts';
