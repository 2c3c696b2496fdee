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
import { createSiteService, type SiteService } from './site/site.service.ts';
import { createAccountsService, type AccountsService } from './accounts/accounts.service.ts';
import { createProfileService, type ProfileService } from './accounts/profile.service.ts';
import { createTokenKit } from './accounts/tokens.ts';
import { createThrottle, type Throttle } from './cache/throttle.ts';
import { createMessagingService, type MessagingService } from './messaging/messaging.service.ts';
import { createNotificationsService, type NotificationsService } from './notifications/notifications.service.ts';

export interface Services {
  engine: Engine;
  cache: Cache;
  sanitizeRichContent: (html: string) => string;
  site: SiteService;
  throttle: Throttle;
  messaging: MessagingService;
  accounts: AccountsService;
  profile: ProfileService;
  notifications: NotificationsService;
  /** How the web session cookies are written. */
  web: { siteLabel: string; secureCookies: boolean };
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
  cache?: Cache;
  /** Signs session tokens and keys one-time codes: SESSION_SECRET, or the one server/main.ts keeps in DATA_DIR. */
  sessionSecret?: string;
}

export function createServices({ db, engine, env, cache = createMemoryCache(), sessionSecret }: ServiceDeps): Services {
  const sanitizeRichContent = createRichContentSanitizer({ iframeHosts: env.IFRAME_HOSTS });
  const throttle = createThrottle();
  const tokens = createTokenKit(sessionSecret ?? env.SESSION_SECRET ?? randomBytes(32).toString('hex'));
  const messaging = createMessagingService(db, {
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    smsGatewayUrl: env.SMS_GATEWAY_URL,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN,
  });
  return {
    throttle,
    messaging,
    accounts: createAccountsService({
      db,
      tokens,
      messaging,
      throttle,
      siteName: env.SITE_NAME,
      publicUrl: env.PUBLIC_URL,
      otpTtlSeconds: env.OTP_TTL_SECONDS,
    }),
    profile: createProfileService(db),
    notifications: createNotificationsService(db),
    web: { siteLabel: env.SITE_LABEL, secureCookies: env.APP_ENV === 'production' },
    engine,
    cache,
    sanitizeRichContent,
    site: createSiteService({
      db,
      cache,
      sanitize: sanitizeRichContent,
      publicSettings: {
        disabledRecognition: env.DISABLED_RECOGNITION,
        serviceId: env.RECOGNITION_SERVICE_ID,
        baseURL: `${env.PUBLIC_URL}/api/user/`,
      },
    }),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    services: Services;
    viewer: Viewer | null;
  }
}
