/**
 * Affiliate attribution: a page navigation with `?ref=CODE` records a click and sets the signed
 * referral cookie (30 days, last click wins). Only real document navigations count — not API calls,
 * assets, prefetches, frames or images (cookie stuffing) — and never bots or the affiliate themselves.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPageNavigation } from '../../modules/identity/recognition.ts';
import { referralSetCookie } from '../../modules/affiliates/referral-cookie.ts';
import type { Services } from '../../modules/services.ts';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Call after the viewer hook: a signed-in affiliate's own link does not count. */
export function registerReferral(app: FastifyInstance, services: Services): void {
  const track = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const ref = url.searchParams.get('ref');
    if (!ref) return;
    const navigation = isPageNavigation({
      method: request.method,
      url: request.url,
      accept: header(request.headers.accept),
      fetchDest: header(request.headers['sec-fetch-dest']),
      purpose: header(request.headers['sec-purpose']) ?? header(request.headers.purpose),
    });
    if (!navigation) return;
    try {
      const value = await services.affiliates.trackVisit({
        ref,
        viewerId: request.viewer?.id,
        ip: request.ip,
        userAgent: header(request.headers['user-agent']),
        path: url.pathname,
      });
      if (value) reply.header('set-cookie', referralSetCookie(value, services.web.secureCookies));
    } catch (error) {
      // Attribution never stands between a visitor and the page.
      request.log.warn({ err: error }, 'referral tracking failed');
    }
  };
  // Most requests carry no `ref=`: they pass without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.includes('ref=')) return done();
    track(request, reply).then(() => done(), done);
  });
}
