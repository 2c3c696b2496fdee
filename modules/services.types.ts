/** The shape of the composition root (modules/services.ts): the services, what builds them, and the request's additions. */
import type { Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import type { Engine } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { Cache } from './cache/cache.ts';
import type { SiteAdmin, SiteService } from './site/index.ts';
import type { AliasService } from './alias/index.ts';
import type { CatalogService } from './catalog/catalog.service.ts';
import type { CatalogAdmin, CategoriesAdmin, CourseAdmin, CourseExtrasAdmin } from './catalog/index.ts';
import type { CourseService } from './catalog/course.service.ts';
import type { RecommendationsService } from './catalog/recommendations.service.ts';
import type { ContentAdmin, ContentService } from './content/index.ts';
import type { SearchService } from './search/search.service.ts';
import type { SupportAdmin, SupportDesk, SupportService } from './support/index.ts';
import type { AccountsService } from './accounts/accounts.service.ts';
import type { IdentityLogger, IdentityService } from './identity/identity.service.ts';
import type { ProfileService } from './accounts/profile.service.ts';
import type { SessionClaim } from './accounts/sessions.ts';
import type { Throttle } from './cache/throttle.ts';
import type { RedisLink } from './cache/redis.ts';
import type { MessagingService } from './messaging/messaging.service.ts';
import type { NotificationsService } from './notifications/notifications.service.ts';
import type { ObjectStorage } from './media/storage.ts';
import type { MediaService } from './media/media.service.ts';
import type { CommerceServices } from './services.commerce.ts';
import type { LessonAccessService } from './learning/lesson-access.ts';
import type { LearningService } from './learning/learning.service.ts';
import type { LearningExtrasServices } from './services.learning.ts';
import type { OfflineServices } from './offline/index.ts';
import type { VideoService } from './video/video.service.ts';
import type { WorkerLogger } from './video/video.worker.ts';
import type { Actor, StudioService } from './studio/studio.service.ts';
import type { DashboardService } from './studio/dashboard.ts';
import type { AffiliatesService } from './affiliates/affiliates.service.ts';
import type { AffiliatesStudio } from './affiliates/affiliates.studio.ts';
import type { ImageCropService } from './studio/image-crop.ts';
import type { PromotionsAdmin } from './promotions/index.ts';
import type { ActivationAdmin } from './activation/index.ts';
import type { SubscriptionsAdmin } from './subscriptions/index.ts';
import type { AccountsAdmin, EnrolmentGrants } from './accounts/index.ts';
import type { ErrorReportsAdmin, QuestionsService } from './discussion/index.ts';
import type { VideoAdmin } from './video/index.ts';
import type { PushService } from './notifications/push.service.ts';
import type { PartnershipsService } from './partnerships/partnerships.service.ts';
import type { BroadcastsService } from './notifications/broadcasts.service.ts';
import type { ContestsAdmin, ExamsAdmin, ExamsService } from './exams/index.ts';
import type { JobServices } from './jobs/index.ts';
import type { TransfersAdmin, TransfersService } from './transfers/index.ts';
import type { InvoicesAdmin, InvoicesServices } from './invoices/index.ts';
import type { PrivacyAdmin, PrivacyService } from './privacy/index.ts';

export interface Services extends CommerceServices, LearningExtrasServices, JobServices<Actor>, InvoicesServices {
  engine: Engine;
  cache: Cache;
  /** The Redis connection with REDIS_URL (shared limits, throttles, cache invalidation); null without. */
  redis: RedisLink | null;
  /** Start-up: waits up to `timeoutMs` for Redis and the invalidation channel; false when serving without them. */
  sharedStateReady(timeoutMs: number): Promise<boolean>;
  sanitizeRichContent: (html: string) => string;
  site: SiteService;
  search: SearchService;
  catalog: CatalogService;
  course: CourseService;
  /** "Gợi ý cho bạn": a learner's recommended courses (followed subjects, viewed courses), popular ones otherwise. */
  recommendations: RecommendationsService;
  content: ContentService;
  support: SupportService;
  alias: AliasService;
  throttle: Throttle;
  messaging: MessagingService;
  accounts: AccountsService;
  identity: IdentityService;
  profile: ProfileService;
  notifications: NotificationsService;
  /** Object storage (S3-compatible when S3_BUCKET is set, DATA_DIR/uploads otherwise). */
  storage: ObjectStorage;
  /** Presigned uploads (s3.json) and avatars. */
  media: MediaService;
  /** Who may study a lesson (enrolled, preview) — asked first by every learning endpoint. */
  lessonAccess: LessonAccessService;
  /** Lesson content, curriculum with done marks, the learning log, course progress, my courses. */
  learning: LearningService;
  /** Offline study (issue 21): licences of downloaded lessons, the sync of offline work. */
  offline: OfflineServices;
  /** Video lessons: the `video.transcode` job, signed playback URLs (`playbackFor`), segment redirects. */
  video: VideoService;
  /** The studio (editors and admins): orders, refunds, learners, the audit log. */
  studio: StudioService;
  /** The studio's courses: details, packages, the lesson tree, video uploads, publishing (catalog's course.admin.ts). */
  studioCourses: CourseAdmin<Actor>;
  /** The studio's carrier subscriptions (the subscriptions module's studio operations). */
  subscriptionsAdmin: SubscriptionsAdmin<Actor>;
  /** The studio's promotions (the promotions module's studio operations). */
  promotionsAdmin: PromotionsAdmin<Actor>;
  /** The studio's activation-code batches (the activation module's studio operations). */
  activationAdmin: ActivationAdmin<Actor>;
  /** The studio's roles and locking of users (the accounts module's studio operations). */
  accountsAdmin: AccountsAdmin<Actor>;
  /** Bank transfers by VietQR: matching of notified credits, the payment page (null when no account is set). */
  transfers: TransfersService | null;
  /** The studio's bank credits: the list needing a person, the manual match (null when transfers are off). */
  transfersAdmin: TransfersAdmin<Actor> | null;
  /** The studio course editor's other panels: combos, quizzes, scheduling, reorder (catalog's course-extras.admin.ts). */
  courseExtras: CourseExtrasAdmin<Actor>;
  /** Resumable (chunked) video uploads of video lessons (the video module's studio operations). */
  videoUploads: VideoAdmin<Actor>;
  /** Learners' questions on the courses (a teacher: their own). */
  questions: QuestionsService;
  /** The studio's posts (solutions included), hashtags and generic pages (content's tables). */
  contentAdmin: ContentAdmin<Actor>;
  /** The studio's categories (of posts and help articles). */
  studioCategories: CategoriesAdmin<Actor>;
  /** The studio's help articles (support's tables): lists, saves, publishing, deletion. */
  supportAdmin: SupportAdmin<Actor>;
  /** The studio dashboard: revenue, orders, learners, enrolments, completions per day / week / month. */
  dashboard: DashboardService;
  /** The affiliate programme: referral clicks and cookie, attribution, commissions (order hooks), figures. */
  affiliates: AffiliatesService;
  /** The studio's e-invoices: the list (failed first) and "Xuất lại". */
  invoicesAdmin: InvoicesAdmin<Actor>;
  /** Personal data: consents, a parent's consent, export and deletion requests (decision 0024). */
  privacy: PrivacyService;
  /** The studio's personal data: requests with their deadlines, breach records. */
  privacyAdmin: PrivacyAdmin<Actor>;
  /** The studio's affiliates: lists, approvals, payouts, per-course rates. */
  affiliatesStudio: AffiliatesStudio<Actor>;
  /** The studio's site pages: banners, navigation, settings, route rules. */
  siteAdmin: SiteAdmin<Actor>;
  /** The studio's teachers and subjects. */
  catalogAdmin: CatalogAdmin<Actor>;
  /** Studio images: upload, crop, resize, store. */
  imageCrop: ImageCropService;
  /** The studio's enrolments of a user (accounts): granted, extended or revoked by staff. */
  enrolmentGrants: EnrolmentGrants<Actor>;
  /** The studio desk: lesson error reports. */
  studioDesk: ErrorReportsAdmin<Actor>;
  /** The support desk: support requests (assign, reply, notes). */
  supportDesk: SupportDesk<Actor>;
  /** Broadcast notifications to all learners or a subject's followers, sent in batches as queued jobs (`work()`). */
  broadcasts: BroadcastsService<Actor>;
  /** How the web session cookies are written. */
  web: { siteLabel: string; secureCookies: boolean };
  /** Web Push (VAPID): browser subscriptions; every new notification is pushed to opted-in learners. */
  push: PushService;
  /** Partnership requests ("cooperate"): the public form and the studio's handling. */
  partnerships: PartnershipsService<Actor>;
  /** Online mock exams: contests, attempts with a server deadline, saves, scoring, results, rankings. */
  exams: ExamsService;
  /** The studio's contests: scheduling, the live view, results (CSV), item analysis, key corrections. */
  examContests: ContestsAdmin<Actor>;
  /** The studio's exam authoring: exams, questions, live preview, import, clone. */
  examsAdmin: ExamsAdmin<Actor>;
}

/** Who is making the request. Filled by the identity module; null for anonymous visitors. */
export interface Viewer {
  id: number;
  fullName: string;
  role: 'learner' | 'teacher' | 'editor' | 'admin';
  sessionId: string;
}

export interface ServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  env: Env;
  /** Replaces the cache chosen from the environment (in process, or invalidated across instances over Redis). */
  cache?: Cache;
  /** Signs session tokens and keys one-time codes: SESSION_SECRET, or the one server/main.ts keeps in DATA_DIR. */
  sessionSecret?: string;
  /** Replaces the object storage chosen from the environment (tests: a driver that fails). */
  storage?: ObjectStorage;
  /** Where services report problems with outside providers and the video transcodes (the server's logger); silent without. */
  logger?: IdentityLogger & WorkerLogger;
  /** A CLI beside a running server: reach the payment simulators over HTTP (PUBLIC_URL). */
  remoteSimulator?: boolean;
  /** The VAPID key pair (server/secrets.ts keeps one in DATA_DIR); else VAPID_* or a fresh pair. */
  vapidKeys?: { publicKey: string; privateKey: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    services: Services;
    viewer: Viewer | null;
    /**
     * On a route whose config has `sessionInStatement`: the signed-in user a valid token names, the
     * session not yet looked up (`viewer` stays null); the route's statement checks it, and
     * `confirm()` runs the usual lookup. Null on every other route and for anonymous requests.
     */
    sessionClaim: SessionClaim | null;
  }
  interface FastifyContextConfig {
    /** The handler checks the session in its own statement (server/http/viewer.ts, `sessionClaim`). */
    sessionInStatement?: boolean;
  }
}
