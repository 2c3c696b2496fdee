/**
 * createApp(deps) → the whole product as one Fastify instance: the JSON API and the server-rendered
 * pages. Tests call it without listening (app.inject); server/main.ts listens. The modules' routes
 * are registered by server/routes.ts.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { ServerBuild } from 'react-router';
import type { PublicConfig } from '../app/context.ts';
import type { Env } from '../config/env.ts';
import { pingDatabase } from '../db/connect.ts';
import { isServiceUnavailable } from '../lib/errors.ts';
import type { Database } from '../db/schema.ts';
import type { Services } from '../modules/services.ts';
import { isPrivatePath, uploadOrigin } from '../modules/media/storage.ts';
import { registerDevOutbox } from './http/dev-outbox.ts';
import { registerRoutes } from './routes.ts';
import { registerViewer } from './http/viewer.ts';
import { registerDevice } from './http/device.ts';
import { siteOrigin } from '../lib/allowed-hosts.ts';
import { registerPrivateAnswers } from './http/private-answers.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { createPageCache } from './http/page-cache.ts';
import { chooseSerializerCompiler } from './http/serializer.ts';
import { registerIdentity } from './http/identity.ts';
import { registerApiNotFound, registerErrorHandler } from './http/error-handler.ts';
import { registerReferral } from './http/referral.ts';
import { registerReactRouter } from './http/react-router.ts';
import { registerServiceWorker } from './http/service-worker.ts';
import { redactPaths } from './http/logging.ts';
import { rootStylesheets } from './http/unavailable-page.ts';
import { redisWithFallbackStore } from './http/rate-limit-store.ts';

/** How long start-up waits for Redis (and the invalidation channel) before serving without it. */
const REDIS_STARTUP_WAIT_MS = 2_000;

export interface CreateAppOptions {
  env: Env;
  db: Kysely<Database>;
  services: Services;
  /** The React Router server build; omit to serve the API only. */
  getBuild?: () => Promise<ServerBuild> | ServerBuild;
  /** Folder of the built browser assets (build/client) served as static files. */
  clientDir?: string;
  /** Folder of public uploads (DATA_DIR/uploads) served under /uploads/. */
  uploadsDir?: string;
  /** Development: Vite's middleware serves assets and the build is reloaded on every request. */
  viteMiddleware?: (req: unknown, res: unknown, next: () => void) => void;
  logger?: FastifyServerOptions['logger'];
  /** One logger shared with the services (server/main.ts); replaces `logger`. */
  loggerInstance?: FastifyBaseLogger;
}

export function toPublicConfig(env: Env): PublicConfig {
  return {
    siteName: env.SITE_NAME,
    siteLabel: env.SITE_LABEL,
    siteDescription: env.SITE_DESCRIPTION,
    publicUrl: env.PUBLIC_URL,
    analytics:
      env.ANALYTICS_URL && env.ANALYTICS_DOMAIN ? { url: env.ANALYTICS_URL, domain: env.ANALYTICS_DOMAIN } : null,
    buildCheckIntervalSeconds: env.BUILD_CHECK_INTERVAL_SECONDS,
    disabledRecognition: env.DISABLED_RECOGNITION,
    serviceId: env.RECOGNITION_SERVICE_ID,
    allowedHosts: env.ALLOWED_HOSTS,
  };
}

export async function createApp(options: CreateAppOptions): Promise<FastifyInstance> {
  const { env, services } = options;
  const development = Boolean(options.viteMiddleware);
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? { level: env.LOG_LEVEL, redact: { paths: redactPaths, censor: '[ẩn]' } } }),
    // A logger that writes nothing (LOG_LEVEL=silent) gives no per-request child: creating one
    // serialises and redacts its bindings on every request for lines that are never written.
    childLoggerFactory: (logger, bindings, childOptions) =>
      logger.level === 'silent' ? logger : logger.child(bindings, childOptions),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Tests and development check every response against its schema; demo and production serialise fast.
  app.setSerializerCompiler(chooseSerializerCompiler(env.APP_ENV === 'test' || development));
  app.decorateRequest('services', { getter: () => services });
  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionClaim', null);

  const publicConfig = toPublicConfig(env);
  const analyticsOrigin = publicConfig.analytics ? new URL(publicConfig.analytics.url).origin : null;
  // The browser PUTs uploads straight to the bucket when objects live on S3.
  const storageOrigin = uploadOrigin(env);
  // Pages, data and assets travel compressed: gzip on the fly (brotli at a low level only), since
  // learners are often on slow mobile networks.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerSecurityHeaders(app, {
    csp: !development,
    hsts: env.APP_ENV === 'production',
    scriptOrigins: analyticsOrigin ? [analyticsOrigin] : [],
    connectOrigins: [...(analyticsOrigin ? [analyticsOrigin] : []), ...(storageOrigin ? [storageOrigin] : [])],
    iframeHosts: env.IFRAME_HOSTS,
  });
  await app.register(fastifyCookie);
  registerDevice(app, services.web.secureCookies);
  registerViewer(app, services, env.PUBLIC_URL);
  registerPrivateAnswers(app);
  const identity = registerIdentity(app, { services });
  registerReferral(app, services);
  // With REDIS_URL the limits are shared by every instance behind the load balancer; while Redis is
  // away each instance counts on its own. Start-up waits briefly for Redis, then serves without it.
  const redis = services.redis;
  if (redis) {
    await services.sharedStateReady(REDIS_STARTUP_WAIT_MS);
    app.addHook('onClose', async () => redis.close());
  }
  await app.register(fastifyRateLimit, {
    ...(redis ? { store: redisWithFallbackStore(redis, `${env.SITE_LABEL}:rl:`) } : {}),
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // Only a refused request says so (429 with Retry-After and the limits); the three x-ratelimit
    // headers on every other answer cost each page and API answer for nothing a browser reads.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    // Static files, health checks and signed video files (a player fetches a segment every few
    // seconds; a classroom shares one address) are not limited; everything else is, per client address.
    allowList: (request) =>
      request.url.startsWith('/assets/') ||
      request.url.startsWith('/healthz') ||
      request.url.startsWith('/readyz') ||
      request.url.startsWith('/media/hls/'),
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${env.SITE_NAME} API`,
        description:
          'API của nền tảng học trực tuyến. Thành công: `{ data }` (danh sách thêm `meta`); lỗi: `{ error: { code, message, fields } }` với thông báo tiếng Việt.',
        version: '1.0.0',
      },
      servers: [{ url: env.PUBLIC_URL }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'kt_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const pagesBuild = options.getBuild;
  registerErrorHandler(app, pagesBuild ? { pageStyles: async () => rootStylesheets(await pagesBuild()) } : {});
  registerApiNotFound(app);

  // Browsers and crawlers ask for /favicon.ico whatever the page declares.
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.get('/healthz', { schema: { tags: ['ops'], summary: 'Sống (liveness)' } }, async () => ({ status: 'ok' }));
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Sẵn sàng (readiness): 503 khi cơ sở dữ liệu không trả lời; Redis vắng mặt chỉ là "degraded"; hàng đợi tác vụ (queue): ok khi đã chạy, degraded khi chưa, kèm số việc lỗi',
      },
    },
    async (_request, reply) => {
      // Redis is optional at run time: while it is away this instance still serves (limits in process).
      const redis = services.redis ? (services.redis.ready() ? 'ok' : 'degraded') : 'off';
      const report = { database: services.engine, redis, sessions: 'database' };
      try {
        await pingDatabase(options.db);
        return {
          status: redis === 'degraded' ? 'degraded' : 'ok',
          ...report,
          queue: await queueReadiness(services.jobs),
        };
      } catch (error) {
        // An outage is logged once by the database connection; anything else here is news.
        if (!isServiceUnavailable(error)) app.log.error({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable', ...report });
      }
    },
  );

  // Pushes still in flight finish before the database closes.
  app.addHook('onClose', async () => services.push.idle(0));
  app.addHook('onClose', async () => services.throttle.close());
  // A started job queue stops (its running jobs finish) before the database closes.
  app.addHook('onClose', async () => services.jobs.stop());
  await registerRoutes(app, { services, env, identity });
  if (env.APP_ENV !== 'production') registerDevOutbox(app, services);

  if (options.uploadsDir) {
    fs.mkdirSync(options.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: path.resolve(options.uploadsDir),
      prefix: '/uploads/',
      decorateReply: false,
      // Private objects (HLS video) are only served through their signed URLs (/media/hls/).
      allowedPath: (pathName) => !isPrivatePath(pathName),
      cacheControl: false,
      setHeaders: (response) => response.setHeader('cache-control', 'public, max-age=86400'),
    });
  }

  if (options.viteMiddleware) {
    const middie = await import('@fastify/middie');
    await app.register(middie.default);
    app.use(options.viteMiddleware as never);
  } else if (options.clientDir && fs.existsSync(options.clientDir)) {
    const clientDir = path.resolve(options.clientDir);
    // The build writes brotli and gzip twins of every text asset (scripts/vite-precompress.ts);
    // `send`'s own Cache-Control (max-age=0) would overwrite the ones set here.
    const shared = { wildcard: false, decorateReply: false, preCompressed: true, cacheControl: false } as const;
    // Fingerprinted build assets never change under their name: cached for a year and never
    // revalidated, so they carry no validators (ETag, Last-Modified) nor range support — ~100 bytes
    // of headers less on each of the ~25 scripts a page loads on a slow phone (bench -- phone).
    await app.register(fastifyStatic, {
      ...shared,
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders: (response) => response.setHeader('cache-control', 'public, max-age=31536000, immutable'),
    });
    await app.register(fastifyStatic, {
      ...shared,
      root: clientDir,
      // sw.js is answered with the build written in front of it (registerServiceWorker).
      globIgnore: ['assets/**', 'sw.js'],
      setHeaders: (response) => response.setHeader('cache-control', 'public, max-age=3600'),
    });
  }

  if (options.getBuild) {
    const getBuild = options.getBuild;
    app.get(
      '/_build/manifest.json',
      { schema: { tags: ['ops'], summary: 'Mã bản dựng hiện tại (kiểm tra phiên bản mới)' } },
      async (_request, reply) => {
        const build = await getBuild();
        reply.header('cache-control', 'no-store');
        return { buildId: build.assets.version };
      },
    );
    // Development serves public/sw.js through Vite as is: without a build, the worker caches nothing.
    if (!development && options.clientDir && fs.existsSync(path.join(options.clientDir, 'sw.js'))) {
      registerServiceWorker(app, { getBuild, clientDir: options.clientDir });
    }
    const pageCache = development ? null : createPageCache(env.PAGE_CACHE_SECONDS);
    // Any change to cached content (here, or on another instance over Redis) forgets the pages too.
    if (pageCache) services.cache.onInvalidate(() => pageCache.clear());
    await registerReactRouter(app, {
      getBuild,
      mode: development ? 'development' : 'production',
      pageCache,
      enrolledIn: async (viewerId, slug, lessonId) => {
        const access = await services.lessonAccess.check(viewerId, lessonId);
        return access?.allowed && access.via === 'enrolled' && access.lesson.course_slug === slug
          ? access.lesson.course_id
          : null;
      },
      getLoadContext: (request, reply) => ({
        services,
        viewer: request.viewer,
        signedIn: request.viewer !== null,
        clientIp: request.ip,
        deviceId: request.deviceId,
        origin: siteOrigin(request, { publicUrl: env.PUBLIC_URL, allowedHosts: env.ALLOWED_HOSTS }),
        nonce: reply.raw.cspNonce ?? '',
        config: publicConfig,
        requestId: String(request.id),
        outage: { message: null },
      }),
    });
  }

  return app;
}

/** The job queue in /readyz: degraded (not failing readiness) while it is not started. */
async function queueReadiness(jobs: Services['jobs']) {
  try {
    const health = await jobs.health();
    return { status: health.started ? 'ok' : 'degraded', started: health.started, failing: health.failing };
  } catch {
    return { status: 'degraded', started: false, failing: null };
  }
}
