/**
 * Every module's routes, registered in one place (the composition of the HTTP API): no module
 * registers another's. The order is the OpenAPI document's order of paths (a snapshot test keeps it).
 */
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.ts';
import type { Services } from '../modules/services.ts';
import { requireApiViewer } from '../kernel/http/index.ts';
import { offlineRoutes } from '../modules/offline/index.ts';
import { siteAdminListRoutes, siteAdminRoutes, siteRoutes } from '../modules/site/index.ts';
import { transfersAdminRoutes, transfersRoutes } from '../modules/transfers/index.ts';
import { aliasRoutes } from '../modules/alias/index.ts';
import { catalogRoutes } from '../modules/catalog/catalog.routes.ts';
import {
  contentAdminPagePublishRoutes,
  contentAdminPageRoutes,
  contentAdminPostRoutes,
  contentAdminTagRoutes,
  contentRoutes,
} from '../modules/content/index.ts';
import { searchRoutes } from '../modules/search/search.routes.ts';
import {
  supportAdminArticlePublishRoutes,
  supportAdminArticleRoutes,
  supportDeskRoutes,
  supportRoutes,
} from '../modules/support/index.ts';
import { accountsRoutes } from '../modules/accounts/accounts.routes.ts';
import { wardsRoutes } from '../modules/accounts/wards.routes.ts';
import { notificationsRoutes } from '../modules/notifications/notifications.routes.ts';
import { mediaRoutes } from '../modules/media/media.routes.ts';
import { examContestsAdminRoutes, examsAdminRoutes, examsRoutes } from '../modules/exams/index.ts';
import { jobsAdminRoutes } from '../modules/jobs/index.ts';
import { invoicesAdminRoutes, invoicesRoutes } from '../modules/invoices/index.ts';
import { privacyAdminRoutes, privacyRoutes } from '../modules/privacy/index.ts';
import { ADDRESS_LIMITS, perAddress } from '../modules/cache/address-limits.ts';
import { recognitionSimulator } from './http/recognition-simulator.ts';
import { ZALO_SIMULATOR_APP, zaloSimulator } from '../modules/identity/zalo-simulator.ts';
import { traceRoutes } from './http/trace.ts';
import { identityRoutes } from '../modules/identity/identity.routes.ts';
import { activationRoutes } from '../modules/activation/activation.routes.ts';
import { campaignsRoutes } from '../modules/campaigns/campaigns.routes.ts';
import { cartRoutes } from '../modules/cart/cart.routes.ts';
import { enrolmentsRoutes } from '../modules/enrolments/index.ts';
import { ordersRoutes } from '../modules/orders/orders.routes.ts';
import { paymentSimulatorRoutes } from '../modules/payments/payment-simulator.routes.ts';
import { paymentsRoutes } from '../modules/payments/payments.routes.ts';
import { promotionsRoutes } from '../modules/promotions/promotions.routes.ts';
import { subscriptionsRoutes } from '../modules/subscriptions/subscriptions.routes.ts';
import { learningRoutes } from '../modules/learning/learning.routes.ts';
import { quizzesRoutes } from '../modules/quizzes/quizzes.routes.ts';
import { discussionRoutes } from '../modules/discussion/discussion.routes.ts';
import { reviewsRoutes } from '../modules/reviews/reviews.routes.ts';
import { certificatesRoutes } from '../modules/certificates/certificates.routes.ts';
import { videoRoutes } from '../modules/video/video.routes.ts';
import { videoAdminRoutes } from '../modules/video/index.ts';
import { actorOf, studioRoutes } from '../modules/studio/studio.routes.ts';
import {
  catalogAdminCategoryRoutes,
  catalogAdminRoutes,
  courseAdminRoutes,
  courseExtrasAdminRoutes,
} from '../modules/catalog/index.ts';
import { imageCropRoutes } from '../modules/studio/image-crop.routes.ts';
import { promotionsAdminRoutes } from '../modules/promotions/index.ts';
import { activationAdminRoutes } from '../modules/activation/index.ts';
import { subscriptionsAdminRoutes } from '../modules/subscriptions/index.ts';
import { discussionQuestionsRoutes } from '../modules/discussion/index.ts';
import { pushRoutes } from '../modules/notifications/push.routes.ts';
import { partnershipsRoutes } from '../modules/partnerships/partnerships.routes.ts';
import { studioPeopleLaterRoutes, studioPeopleRoutes } from '../modules/studio/people.routes.ts';
import { affiliateRoutes } from '../modules/affiliates/affiliates.routes.ts';
import { affiliateAdminRoutes } from '../modules/affiliates/affiliates-admin.routes.ts';

export interface RoutesContext {
  services: Services;
  env: Env;
  identity: Services['identity'];
}

export async function registerRoutes(app: FastifyInstance, { services, env, identity }: RoutesContext) {
  await app.register(siteRoutes);
  await app.register(catalogRoutes);
  await app.register(aliasRoutes);
  await app.register(contentRoutes);
  await app.register(supportRoutes);
  await app.register(searchRoutes);
  await app.register(accountsRoutes, { authLimitScale: env.AUTH_RATE_LIMIT_SCALE });
  await app.register(notificationsRoutes);
  await app.register(mediaRoutes, { maxBytes: env.UPLOAD_MAX_BYTES });
  await app.register(identityRoutes, { identity });
  // Commerce: cart, promotions, orders, payments (the gateway simulators outside production), codes, enrolments.
  await app.register(cartRoutes);
  await app.register(promotionsRoutes);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes);
  await app.register(activationRoutes);
  await app.register(enrolmentsRoutes);
  await app.register(campaignsRoutes);
  await app.register(subscriptionsRoutes);
  if (services.paymentsConfig.simulator)
    await app.register(paymentSimulatorRoutes, { config: services.paymentsConfig });
  await app.register(learningRoutes);
  await app.register(quizzesRoutes);
  await app.register(discussionRoutes);
  await app.register(reviewsRoutes);
  await app.register(certificatesRoutes);
  await app.register(videoRoutes);
  await app.register(offlineRoutes(services.offline));
  await app.register(studioRoutes);
  await app.register(courseAdminRoutes, { actorOf, videoMaxBytes: env.VIDEO_UPLOAD_MAX_BYTES });
  // The studio's site pages: site's and the studio's plugins alternate so that the OpenAPI
  // document keeps its order of paths (banners, route rules, teachers, subjects, menus, settings, images).
  await app.register(siteAdminListRoutes, { actorOf });
  await app.register(catalogAdminRoutes, { actorOf });
  await app.register(siteAdminRoutes, { actorOf });
  await app.register(imageCropRoutes, { imageMaxBytes: env.UPLOAD_MAX_BYTES });
  // Promotions, activation batches, then carrier subscriptions: the OpenAPI order of paths.
  await app.register(promotionsAdminRoutes, { actorOf });
  await app.register(activationAdminRoutes, { actorOf });
  await app.register(subscriptionsAdminRoutes, { actorOf });
  await app.register(courseExtrasAdminRoutes, {
    actorOf,
    uploadRoutes: (editor) => videoAdminRoutes(editor, { actorOf }),
  });
  await app.register(discussionQuestionsRoutes, { actorOf });
  await app.register(pushRoutes);
  await app.register(partnershipsRoutes, { actorOf });
  // The studio's content: content's plugins (posts, hashtags, pages), support's (help articles) and
  // catalog's (categories) alternate so that the OpenAPI document keeps its order of paths.
  await app.register(contentAdminPostRoutes, { actorOf });
  await app.register(supportAdminArticlePublishRoutes, { actorOf });
  await app.register(contentAdminPagePublishRoutes, { actorOf });
  await app.register(catalogAdminCategoryRoutes, { actorOf });
  await app.register(contentAdminTagRoutes, { actorOf });
  await app.register(supportAdminArticleRoutes, { actorOf });
  await app.register(contentAdminPageRoutes, { actorOf });
  // Roles and enrolments, support's desk, then error reports and broadcasts: the OpenAPI order of paths.
  await app.register(studioPeopleRoutes);
  await app.register(supportDeskRoutes, { actorOf });
  await app.register(studioPeopleLaterRoutes);
  await app.register(traceRoutes);
  await app.register(affiliateRoutes);
  await app.register(affiliateAdminRoutes, { actorOf });
  await app.register(wardsRoutes);
  await app.register(examsRoutes);
  await app.register(examContestsAdminRoutes, { actorOf });
  await app.register(examsAdminRoutes, { actorOf });
  await app.register(jobsAdminRoutes, { actorOf });
  await app.register(transfersRoutes, { simulator: services.paymentsConfig.simulator });
  await app.register(transfersAdminRoutes, { actorOf });
  await app.register(invoicesRoutes, { viewerOf: requireApiViewer, downloadLimit: perAddress(ADDRESS_LIMITS.rare) });
  await app.register(invoicesAdminRoutes, { actorOf });
  await app.register(privacyRoutes, {
    viewerOf: requireApiViewer,
    limits: {
      write: perAddress(ADDRESS_LIMITS.write),
      sendsCode: perAddress(ADDRESS_LIMITS.sendsCode),
      rare: perAddress(ADDRESS_LIMITS.rare),
    },
  });
  await app.register(privacyAdminRoutes, { actorOf });
  if (identity.config.recognitionSimulator) await app.register(recognitionSimulator, { identity });
  if (identity.config.zaloSimulator)
    await app.register(zaloSimulator, { ...ZALO_SIMULATOR_APP, publicUrl: identity.config.publicUrl });
}
