/**
 * The composition root of the domain services. The HTTP routes (request.services) and the page
 * loaders (context.services) reach every service through this one object.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import type { Engine } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { createRichContentSanitizer } from '../lib/sanitize.ts';
import { createMemoryCache, type Cache } from './cache/cache.ts';
import { createSiteAdmin, createSiteService, type SiteAdmin, type SiteService } from './site/index.ts';
import { createAliasService, type AliasService } from './catalog/alias.service.ts';
import { createCatalogService, type CatalogService } from './catalog/catalog.service.ts';
import { createCourseService, type CourseService } from './catalog/course.service.ts';
import { createRecommendationsService, type RecommendationsService } from './catalog/recommendations.service.ts';
import { createContentService, type ContentService } from './content/content.service.ts';
import { createSearchService, type SearchService } from './search/search.service.ts';
import { createSupportAdmin, createSupportService, type SupportAdmin, type SupportService } from './support/index.ts';
import { createAccountsService, type AccountsService } from './accounts/accounts.service.ts';
import { readIdentityConfig } from './identity/identity.config.ts';
import { createIdentityService, type IdentityLogger, type IdentityService } from './identity/identity.service.ts';
import { createProfileService, type ProfileService } from './accounts/profile.service.ts';
import { createTokenKit } from './accounts/tokens.ts';
import type { SessionClaim } from './accounts/sessions.ts';
import { createRedisThrottle, createThrottle, type Throttle } from './cache/throttle.ts';
import { connectRedis, type RedisLink } from './cache/redis.ts';
import { createSharedCache } from './cache/shared-cache.ts';
import { createMessagingService, readZnsConfig, type MessagingService } from './messaging/messaging.service.ts';
import { createNotificationsService, type NotificationsService } from './notifications/notifications.service.ts';
import { createObjectStorage, type ObjectStorage } from './media/storage.ts';
import { createMediaService, type MediaService } from './media/media.service.ts';
import { createCommerceServices, type CommerceServices } from './orders/commerce.ts';
import { createLessonAccess, type LessonAccessService } from './learning/lesson-access.ts';
import { createLearningService, type LearningService } from './learning/learning.service.ts';
import { createLearningExtrasServices, type LearningExtrasServices } from './learning/extras.ts';
import { createOfflineServices, type OfflineServices } from './offline/index.ts';
import { createVideoService, type VideoService } from './video/video.service.ts';
import type { WorkerLogger } from './video/video.worker.ts';
import { type Actor, createStudioService, type StudioService } from './studio/studio.service.ts';
import { createDashboardService, type DashboardService } from './studio/dashboard.ts';
import { createStudioCoursesService, type StudioCoursesService } from './studio/courses.service.ts';
import { createAffiliatesService, type AffiliatesService } from './affiliates/affiliates.service.ts';
import { createAffiliatesStudio, type AffiliatesStudio } from './affiliates/affiliates.studio.ts';
import { createCatalogAdminService, type CatalogAdminService } from './studio/catalog-admin.service.ts';
import { createImageCropService, type ImageCropService } from './studio/image-crop.ts';
import { createStudioCommerce, type StudioCommerce } from './studio/commerce/index.ts';
import { createPromotionsAdmin, type PromotionsAdmin } from './promotions/index.ts';
import { createActivationAdmin, type ActivationAdmin } from './activation/index.ts';
import { createAccountsAdmin, type AccountsAdmin } from './accounts/index.ts';
import { createDiscussionAdmin } from './discussion/index.ts';
import {
  createCourseEditorExtras,
  type CourseExtrasService,
  type QuestionsService,
} from './studio/course-editor-extras.ts';
import { createVideoAdmin, type VideoAdmin } from './video/index.ts';
import path from 'node:path';
import webpush from 'web-push';
import { createPushService, type PushService } from './notifications/push.service.ts';
import { createPartnershipsService, type PartnershipsService } from './partnerships/partnerships.service.ts';
import { createStudioContentService, type StudioContentService } from './studio/content.service.ts';
import { createStudioPagesService, type StudioPagesService } from './studio/pages.service.ts';
import { createStudioPeopleService, type StudioPeopleService } from './studio/people.service.ts';
import { createStudioDeskService, type StudioDeskService } from './studio/desk.service.ts';
import { createBroadcastsService, type BroadcastsService } from './notifications/broadcasts.service.ts';
import {
  createContestsAdmin,
  createExamsAdmin,
  createExamsService,
  type ContestsAdmin,
  type ExamsAdmin,
  type ExamsService,
} from './exams/index.ts';
import { createJobQueue, createJobServices, type JobServices } from './jobs/index.ts';
import {
  createTransfersAdmin,
  createTransfersService,
  readTransfersConfig,
  type TransfersAdmin,
  type TransfersService,
} from './transfers/index.ts';
import { createInvoices, createInvoicesAdmin, type InvoicesAdmin, type InvoicesServices } from './invoices/index.ts';
import { combineOrderHooks } from './orders/order-hooks.ts';
import { readOrderFacts } from './orders/order-facts.ts';

export interface Services extends CommerceServices, LearningExtrasServices, JobServices, InvoicesServices {
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
  /** The studio's courses: details, packages, the lesson tree, video uploads, publishing. */
  studioCourses: StudioCoursesService;
  /** The studio's carrier subscriptions. */
  studioCommerce: StudioCommerce;
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
  /** The studio course editor, part 2: combos, quizzes, scheduling, reorder (course-extras.service.ts). */
  courseExtras: CourseExtrasService;
  /** Resumable (chunked) video uploads of video lessons (the video module's studio operations). */
  videoUploads: VideoAdmin<Actor>;
  /** Learners' questions on the courses (a teacher: their own). */
  questions: QuestionsService;
  studioContent: StudioContentService;
  /** The studio's categories (of posts and help articles) and generic pages. */
  studioPages: StudioPagesService;
  /** The studio's help articles (support's tables): lists, saves, publishing, deletion. */
  supportAdmin: SupportAdmin<Actor>;
  /** The studio dashboard: revenue, orders, learners, enrolments, completions per day / week / month. */
  dashboard: DashboardService;
  /** The affiliate programme: referral clicks and cookie, attribution, commissions (order hooks), figures. */
  affiliates: AffiliatesService;
  /** The studio's e-invoices: the list (failed first) and "Xuất lại". */
  invoicesAdmin: InvoicesAdmin<Actor>;
  /** The studio's affiliates: lists, approvals, payouts, per-course rates. */
  affiliatesStudio: AffiliatesStudio;
  /** The studio's site pages: banners, navigation, settings, route rules. */
  siteAdmin: SiteAdmin<Actor>;
  /** The studio's teachers and subjects. */
  catalogAdmin: CatalogAdminService;
  /** Studio images: upload, crop, resize, store. */
  imageCrop: ImageCropService;
  /** Studio people: roles, and enrolments granted, extended or revoked by staff. */
  studioPeople: StudioPeopleService;
  /** The studio desk: support requests (assign, reply, notes) and lesson error reports. */
  studioDesk: StudioDeskService;
  /** Broadcast notifications to all learners or a subject's followers, sent in batches as queued jobs (`work()`). */
  broadcasts: BroadcastsService;
  /** How the web session cookies are written. */
  web: { siteLabel: string; secureCookies: boolean };
  /** Web Push (VAPID): browser subscriptions; every new notification is pushed to opted-in learners. */
  push: PushService;
  /** Partnership requests ("cooperate"): the public form and the studio's handling. */
  partnerships: PartnershipsService;
  /** Online mock exams: contests, attempts with a server deadline, saves, scoring, results, rankings. */
  exams: ExamsService;
  /** The studio's contests: scheduling, the live view, results (CSV), item analysis, key corrections. */
  examContests: ContestsAdmin;
  /** The studio's exam authoring: exams, questions, live preview, import, clone. */
  examsAdmin: ExamsAdmin;
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

export function createServices({
  db,
  engine,
  env,
  cache: cacheOverride,
  sessionSecret,
  storage: storageOverride,
  logger,
  remoteSimulator = false,
  vapidKeys,
}: ServiceDeps): Services {
  const sanitizeRichContent = createRichContentSanitizer({ iframeHosts: env.IFRAME_HOSTS });
  // With REDIS_URL the per-account counters are shared by every instance, and so are cache
  // invalidations; both carry on in process while Redis is away.
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL, logger) : null;
  const sharedCache =
    redis && !cacheOverride ? createSharedCache(createMemoryCache(), redis, `${env.SITE_LABEL}:cache`) : null;
  const cache = cacheOverride ?? sharedCache ?? createMemoryCache();
  const throttle = redis ? createRedisThrottle(redis.client, `${env.SITE_LABEL}:th:`) : createThrottle();
  const sharedStateReady = async (timeoutMs: number) => {
    if (!redis) return true;
    const [connected, subscribed] = await Promise.all([
      redis.waitUntilReady(timeoutMs),
      sharedCache ? sharedCache.subscribed(timeoutMs) : Promise.resolve(true),
    ]);
    return connected && subscribed;
  };
  const secret = sessionSecret ?? env.SESSION_SECRET ?? randomBytes(32).toString('hex');
  const tokens = createTokenKit(secret);
  const storage = storageOverride ?? createObjectStorage(env, secret);
  // Mail, SMS and Web Push are jobs on the one queue: requests only enqueue (decision 0012).
  const jobs = createJobQueue(db, engine, logger ? { log: logger } : {});
  const messaging = createMessagingService(
    db,
    {
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      smsGatewayUrl: env.SMS_GATEWAY_URL,
      smsGatewayToken: env.SMS_GATEWAY_TOKEN,
      zns: readZnsConfig(env),
    },
    jobs,
  );
  const site = createSiteService({
    db,
    cache,
    sanitize: sanitizeRichContent,
    publicSettings: {
      disabledRecognition: env.DISABLED_RECOGNITION,
      serviceId: env.RECOGNITION_SERVICE_ID,
      baseURL: `${env.PUBLIC_URL}/api/user/`,
    },
  });
  const search = createSearchService({ db });
  const catalog = createCatalogService({ db, cache, sanitize: sanitizeRichContent });
  const course = createCourseService({ db, cache, sanitize: sanitizeRichContent, search });
  const content = createContentService({ db, cache, sanitize: sanitizeRichContent, catalog, search });
  const support = createSupportService({ db, cache, sanitize: sanitizeRichContent, catalog, search });
  const alias = createAliasService({ catalog, course, content, support, site });
  const vapid =
    vapidKeys ??
    (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : webpush.generateVAPIDKeys());
  const push = createPushService(
    db,
    {
      ...vapid,
      subject: env.VAPID_SUBJECT,
      allowPrivateEndpoints: env.APP_ENV !== 'production',
      ...(logger ? { log: logger } : {}),
    },
    jobs,
  );
  const notifications = createNotificationsService(db, push);
  const profile = createProfileService(db);
  const accounts = createAccountsService({
    db,
    tokens,
    messaging,
    throttle,
    siteName: env.SITE_NAME,
    publicUrl: env.PUBLIC_URL,
    otpTtlSeconds: env.OTP_TTL_SECONDS,
  });
  const lessonAccess = createLessonAccess({ db });
  const video = createVideoService({
    db,
    storage,
    secret,
    tools: { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH },
    urlTtlSeconds: env.VIDEO_URL_TTL_SECONDS,
    maxAttempts: env.VIDEO_MAX_ATTEMPTS,
    ...(logger ? { log: logger } : {}),
    // A ready video sets its lesson's duration: the cached curriculum and course totals change.
    onReady: () => cache.invalidate('catalog:'),
    jobs: () => jobServices.jobs,
  });
  // A passed quiz completes its lesson; a completed course gets its certificate (after the progress write).
  const extras = createLearningExtrasServices({
    db,
    env,
    lessonAccess,
    notifications,
    throttle,
    course,
    onQuizPassed: async (userId, lessonId) => {
      await learning.completeLesson(userId, lessonId);
    },
  });
  const learning = createLearningService({
    db,
    lessonAccess,
    video,
    course,
    sanitize: sanitizeRichContent,
    onCourseCompleted: async (userId, courseId) => {
      await extras.certificates.issueFor(userId, courseId);
    },
  });
  const affiliates = createAffiliatesService({
    db,
    secret,
    defaultRate: env.AFFILIATE_DEFAULT_RATE,
    publicUrl: env.PUBLIC_URL,
  });
  // E-invoices: issued by a job enqueued in the transaction that completes a paid order (decision 0021).
  const invoicing = createInvoices({
    db,
    env,
    jobs,
    orderFacts: readOrderFacts,
    buyerOf: async (userId) => {
      const person = await profile.get(userId);
      return { name: person.full_name, phone: person.phone, email: person.email };
    },
  });
  const commerce = createCommerceServices({
    db,
    env,
    course,
    notifications,
    messaging,
    throttle,
    remoteSimulator,
    orderHooks: combineOrderHooks(affiliates.hooks, invoicing.invoices.hooks),
  });
  // The studio's audit log is the studio's; the accounts operations write to it once it exists.
  const accountsAdmin = createAccountsAdmin<Actor>({ db, audit: (...entry) => studio.audit(...entry) });
  const studio = createStudioService({ db, refunds: commerce.refunds, accounts: accountsAdmin });
  const transfersConfig = readTransfersConfig(env);
  const transfers = transfersConfig
    ? createTransfersService({ db, config: transfersConfig, payments: commerce.payments, orders: commerce.orders })
    : null;
  const studioCourses = createStudioCoursesService({
    db,
    cache,
    sanitize: sanitizeRichContent,
    audit: studio.audit,
    video,
  });
  const partnerships = createPartnershipsService({
    db,
    throttle,
    messaging,
    audit: studio.audit,
    siteName: env.SITE_NAME,
    publicUrl: env.PUBLIC_URL,
    ...(logger ? { log: logger } : {}),
  });
  const exams = createExamsService({
    db,
    ownsCourse: (userId, courseId) => commerce.enrolments.owns(userId, courseId),
    notify: (userId, notice) => notifications.notify(userId, notice),
    certifier: extras.certificates,
    liveSession: accounts.sessions.liveSessionCondition,
    ...(logger ? { log: logger } : {}),
  });
  const studioPeople = createStudioPeopleService({
    db,
    enrolments: commerce.enrolments,
    notifications,
    audit: studio.audit,
  });
  const jobServices = createJobServices({ db, engine, jobs, audit: studio.audit });
  return {
    ...jobServices,
    ...invoicing,
    invoicesAdmin: createInvoicesAdmin<Actor>({ db, invoices: invoicing.invoices, audit: studio.audit }),
    push,
    partnerships,
    exams,
    examContests: createContestsAdmin({
      db,
      audit: studio.audit,
      notifications,
      postChoices: () => content.postChoices('exam_gate'),
      courseChoices: () => studioPeople.courseChoices(),
      correctKey: exams.correctKey,
    }),
    examsAdmin: createExamsAdmin({ db, audit: studio.audit }),
    ...commerce,
    transfers,
    transfersAdmin: transfers
      ? createTransfersAdmin<Actor>({ db, transfers, audit: studio.audit, nameOf: (actor) => actor.viewer.fullName })
      : null,
    studio,
    affiliates,
    affiliatesStudio: createAffiliatesStudio({ db, affiliates, audit: studio.audit }),
    dashboard: createDashboardService({ db }),
    siteAdmin: createSiteAdmin({ db, cache, site, audit: studio.audit }),
    catalogAdmin: createCatalogAdminService({ db, cache, site, audit: studio.audit }),
    imageCrop: createImageCropService({ storage, maxBytes: env.UPLOAD_MAX_BYTES }),
    studioCommerce: createStudioCommerce({ db, audit: studio.audit, subscriptions: commerce.subscriptions }),
    promotionsAdmin: createPromotionsAdmin({ db, audit: studio.audit, catalog, accounts }),
    activationAdmin: createActivationAdmin({ db, audit: studio.audit, catalog, accounts }),
    accountsAdmin,
    studioCourses,
    ...createCourseEditorExtras({ db, audit: studio.audit, courses: studioCourses }),
    videoUploads: createVideoAdmin({
      db,
      dir: path.join(env.DATA_DIR, 'video-uploads'),
      maxBytes: env.VIDEO_UPLOAD_MAX_BYTES,
      audit: studio.audit,
      lessons: studioCourses,
      storage,
    }),
    studioContent: createStudioContentService({ db, cache, sanitize: sanitizeRichContent, audit: studio.audit }),
    studioPages: createStudioPagesService({ db, cache, sanitize: sanitizeRichContent, audit: studio.audit }),
    supportAdmin: createSupportAdmin({ db, cache, sanitize: sanitizeRichContent, audit: studio.audit }),
    studioPeople,
    studioDesk: createStudioDeskService({
      db,
      notifications,
      messaging,
      audit: studio.audit,
      discussion: createDiscussionAdmin({ db, audit: studio.audit }),
    }),
    broadcasts: createBroadcastsService({ db, notifications, jobs: jobServices.jobs, audit: studio.audit }),
    ...extras,
    offline: createOfflineServices({
      db,
      lessonAccess,
      learning,
      ...extras,
      config: { licenceDays: env.OFFLINE_LICENCE_DAYS, secret },
    }),
    search,
    catalog,
    course,
    recommendations: createRecommendationsService({
      db,
      course,
      ownedCourseIds: (userId, courseIds) => commerce.enrolments.listOwnedCourseIds(userId, courseIds),
    }),
    content,
    support,
    alias,
    throttle,
    messaging,
    accounts,
    identity: createIdentityService({
      db,
      accounts,
      config: readIdentityConfig(env),
      ...(logger ? { log: logger } : {}),
    }),
    profile,
    notifications,
    storage,
    media: createMediaService({ storage, profile, maxBytes: env.UPLOAD_MAX_BYTES }),
    lessonAccess,
    learning,
    video,
    web: { siteLabel: env.SITE_LABEL, secureCookies: env.APP_ENV === 'production' },
    engine,
    cache,
    redis,
    sharedStateReady,
    sanitizeRichContent,
    site,
  };
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
