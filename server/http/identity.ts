/**
 * Identity in the HTTP host: runs the recognition guard of SPEC §6
 * before any page renders, so it works without JavaScript: an anonymous visitor's first page view
 * (not /callback, not a bot, not an API call, asset or health check) is redirected once to the
 * operator's recognition service; the `isCheck` cookie records the attempt so it never repeats.
 */
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import type { IdentityService } from '../../modules/identity/identity.service.ts';
import { readAttempt } from '../../modules/identity/recognition-cookies.ts';
import { isPageNavigation } from '../../modules/identity/recognition.ts';
import type { Services } from '../../modules/services.ts';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Call right after the viewer hook: the guard needs to know whether the visitor is signed in. */
export function registerIdentity(app: FastifyInstance, options: { services: Services }): IdentityService {
  const identity = options.services.identity;
  if (!identity.config.recognition.enabled) return identity;

  app.addHook('onRequest', async (request, reply) => {
    const navigation = isPageNavigation({
      method: request.method,
      url: request.url,
      accept: header(request.headers.accept),
      fetchDest: header(request.headers['sec-fetch-dest']),
      purpose: header(request.headers['sec-purpose']) ?? header(request.headers.purpose),
    });
    if (!navigation || request.viewer) return;
    const userAgent = header(request.headers['user-agent']);
    if (!userAgent || isbot(userAgent)) return;
    if (readAttempt(request.headers.cookie)) return;
    const plan = identity.beginRecognition(request.url, header(request.headers.msisdn));
    reply.header('set-cookie', plan.cookies);
    if (plan.location) {
      reply.header('cache-control', 'no-store');
      return reply.redirect(plan.location, 302);
    }
  });
  return identity;
}
