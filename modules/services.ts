/**
 * The composition root of the domain services. The HTTP routes (request.services) and the page
 * loaders (context.services) reach every service through this one object.
 */
import type { Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import type { Engine } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { createRichContentSanitizer } from '../lib/sanitize.ts';
import { createMemoryCache, type Cache } from './cache/cache.ts';
import { createSiteService, type SiteService } from './site/site.service.ts';

export interface Services {
  engine: Engine;
  cache: Cache;
  sanitizeRichContent: (html: string) => string;
  site: SiteService;
}

/** Who is making the request. Filled by the identity module; null for anonymous visitors. */
export interface Viewer {
  id: number;
  fullName: string;
}

export interface ServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  env: Env;
  cache?: Cache;
}

export function createServices({ db, engine, env, cache = createMemoryCache() }: ServiceDeps): Services {
  const sanitizeRichContent = createRichContentSanitizer({ iframeHosts: env.IFRAME_HOSTS });
  return {
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
