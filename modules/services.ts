/**
 * The composition root of the domain services. The HTTP routes (request.services) and the page
 * loaders (context.services) reach every service through this one object.
 */
import { randomBytes } from 'node:crypto';
import { createRichContentSanitizer } from '../lib/sanitize.ts';
import { createMemoryCache } from './cache/cache.ts';
import { createSiteAdmin, createSiteService } from './site/index.ts';
import { createAliasService } from './alias/index.ts';
import { createCatalogService } from './catalog/catalog.service.ts';
import { createCourseService } from './catalog/course.service.ts';
import { createRecommendationsService } from './catalog/recommendations.service.ts';
import { createContentAdmin, createContentService } from './content/index.ts';
import { createSearchService } from './search/search.service.ts';
import { createSupportAdmin, createSupportDesk, createSupportService } from './support/index.ts';
import { createAccountsService } from './accounts/accounts.service.ts';
import { readIdentityConfig } from './identity/identity.config.ts';
import { createIdentityService } from './identity/identity.service.ts';
import { createProfileService } from './accounts/profile.service.ts';
import { createTokenKit } from './accounts/tokens.ts';
import { createRedisThrottle, createThrottle } from './cache/throttle.ts';
import { connectRedis } from './cache/redis.ts';
import { createSharedCache } from './cache/shared-cache.ts';
import { createMessagingService, readZnsConfig } from './messaging/messaging.service.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { createObjectStorage } from './media/storage.ts';
import { createMediaService } from './media/media.service.ts';
import { createCommerceAdmins, createCommerceServices } from './services.commerce.ts';
import { createLessonAccess } from './learning/lesson-access.ts';
import { createLearningService } from './learning/learning.service.ts';
import { createLearningExtrasServices, discussionLookups } from './services.learning.ts';
import { createStudioCategories } from './services.content.ts';
import { createOfflineServices } from './offline/index.ts';
import { createVideoService } from './video/video.service.ts';
import { createCatalogAdmin, setLessonDuration } from './catalog/index.ts';
import { type Actor, createStudioService } from './studio/studio.service.ts';
import { createDashboardService } from './studio/dashboard.ts';
import { createAffiliatesService } from './affiliates/affiliates.service.ts';
import { createAffiliatesStudio } from './affiliates/affiliates.studio.ts';
import { createImageCropService } from './studio/image-crop.ts';
import { createAccountsAdmin, createEnrolmentGrants } from './accounts/index.ts';
import { createDiscussionAdmin, createErrorReportsAdmin, createQuestionsService } from './discussion/index.ts';
import { createCourseEditorServices } from './services.courses.ts';
import { createVideoAdmin } from './video/index.ts';
import path from 'node:path';
import webpush from 'web-push';
import { createPushService } from './notifications/push.service.ts';
import { createPartnershipsService } from './partnerships/partnerships.service.ts';
import { createBroadcastsService } from './notifications/broadcasts.service.ts';
import { parseSendingHours } from '../lib/sending-hours.ts';
import { createContestsAdmin, createExamsAdmin, createExamsService } from './exams/index.ts';
import { createJobQueue, createJobServices } from './jobs/index.ts';
import { createTransfersAdmin, createTransfersService, readTransfersConfig } from './transfers/index.ts';
import { createInvoices, createInvoicesAdmin } from './invoices/index.ts';
import { combineOrderHooks } from './orders/order-hooks.ts';
import { createPrivacyServices } from './services.privacy.ts';
import { readOrderFacts } from './orders/order-facts.ts';
import type { ServiceDeps, Services } from './services.types.ts';

export type { ServiceDeps, Services, Viewer } from './services.types.ts';

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
    setLessonDuration,
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
    phoneOf: async (userId) => (await profile.get(userId).catch(() => null))?.phone ?? null,
  });
  // The studio's audit log is the studio's; the accounts operations write to it once it exists.
  const accountsAdmin = createAccountsAdmin<Actor>({ db, audit: (...entry) => studio.audit(...entry) });
  const studio = createStudioService({ db, refunds: commerce.refunds, accounts: accountsAdmin });
  const transfersConfig = readTransfersConfig(env);
  const transfers = transfersConfig
    ? createTransfersService({ db, config: transfersConfig, payments: commerce.payments, orders: commerce.orders })
    : null;
  const courseEditor = createCourseEditorServices({
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
    notify: (userId, notice, within) => notifications.notify(userId, notice, within),
    certifier: extras.certificates,
    liveSession: accounts.sessions.liveSessionCondition,
    ...(logger ? { log: logger } : {}),
  });
  const enrolmentGrants = createEnrolmentGrants<Actor>({
    db,
    enrolments: commerce.enrolments,
    catalog,
    notifications,
    audit: studio.audit,
  });
  const jobServices = createJobServices({ db, engine, jobs, audit: studio.audit });
  const identity = createIdentityService({
    db,
    accounts,
    config: readIdentityConfig(env),
    ...(logger ? { log: logger } : {}),
  });
  // Personal data: the export reads each owner's service; the deletion erases through the owners.
  const privacyServices = createPrivacyServices({
    db,
    env,
    jobs,
    storage,
    profile,
    accounts,
    identity,
    orders: commerce.orders,
    invoices: invoicing.invoices,
    learning,
    certificates: extras.certificates,
    notifications,
    audit: studio.audit,
  });
  return {
    ...privacyServices,
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
      courseChoices: () => catalog.courseChoices(),
      correctKey: exams.correctKey,
      contactsOf: (ids) => accounts.contactsOf(ids),
    }),
    examsAdmin: createExamsAdmin({ db, audit: studio.audit }),
    ...commerce,
    transfers,
    transfersAdmin: transfers
      ? createTransfersAdmin<Actor>({ db, transfers, audit: studio.audit, nameOf: (actor) => actor.viewer.fullName })
      : null,
    studio,
    affiliates,
    affiliatesStudio: createAffiliatesStudio({ db, affiliates, audit: studio.audit, catalog }),
    dashboard: createDashboardService({ db }),
    siteAdmin: createSiteAdmin({ db, cache, site, audit: studio.audit }),
    catalogAdmin: createCatalogAdmin({ db, cache, siteChanged: site.invalidate, accounts, audit: studio.audit }),
    imageCrop: createImageCropService({ storage, maxBytes: env.UPLOAD_MAX_BYTES }),
    ...createCommerceAdmins({ db, studio, catalog, accounts, subscriptions: commerce.subscriptions }),
    accountsAdmin,
    ...courseEditor,
    questions: createQuestionsService({ db, lookups: discussionLookups(db, accounts) }),
    videoUploads: createVideoAdmin({
      db,
      dir: path.join(env.DATA_DIR, 'video-uploads'),
      maxBytes: env.VIDEO_UPLOAD_MAX_BYTES,
      audit: studio.audit,
      lessons: courseEditor.studioCourses,
      storage,
    }),
    contentAdmin: createContentAdmin({
      db,
      sanitize: sanitizeRichContent,
      content,
      pagesChanged: site.invalidate,
      audit: studio.audit,
    }),
    studioCategories: createStudioCategories({ db, cache, audit: studio.audit }),
    supportAdmin: createSupportAdmin({ db, cache, sanitize: sanitizeRichContent, audit: studio.audit }),
    enrolmentGrants,
    supportDesk: createSupportDesk({
      db,
      staff: () => accounts.staff(),
      contactsOf: (ids) => accounts.contactsOf(ids),
      notify: (userId, message) => notifications.notify(userId, message),
      sendEmail: (message) => messaging.sendEmail(message),
      sendSms: (to, text) => messaging.sendSms(to, text),
      audit: studio.audit,
    }),
    studioDesk: createErrorReportsAdmin({
      db,
      lookups: discussionLookups(db, accounts),
      discussion: createDiscussionAdmin({ db, audit: studio.audit }),
    }),
    broadcasts: createBroadcastsService({
      db,
      notifications,
      jobs: jobServices.jobs,
      audit: studio.audit,
      // A marketing broadcast reaches only learners holding the consent (decision 0024), asked per batch.
      marketingConsent: (userIds) => privacyServices.privacy.consents.consenting(userIds, 'marketing'),
      sendingHours: parseSendingHours(env.BROADCAST_SENDING_HOURS)!,
    }),
    ...extras,
    offline: createOfflineServices({
      db,
      lessonAccess,
      learning,
      ...extras,
      video,
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
    identity,
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
