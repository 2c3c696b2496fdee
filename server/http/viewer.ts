/**
 * Who is asking: a Bearer token (the app) or the session cookies (the web), checked by the SPEC §4
 * rule and against the sessions table. An invalid or expired cookie session is logged out (its
 * cookies cleared). Cookie-authenticated mutations must come from our own origin.
 *
 * A route with `config.sessionInStatement` (the exam room's answer saves) gets the token's claim
 * instead (`request.sessionClaim`: signature and expiry checked, no lookup) and checks the session
 * in its own statement; `claim.confirm()` is the lookup below, for the handler's other paths.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildClearedSessionCookies, readCookieSession } from '../../modules/accounts/session-cookies.ts';
import type { Services } from '../../modules/services.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (typeof origin !== 'string' || origin === '') return false;
  try {
    const source = new URL(origin);
    return source.origin === new URL(publicUrl).origin || source.host === request.host;
  } catch {
    return false;
  }
}

export function registerViewer(app: FastifyInstance, services: Services, publicUrl: string): void {
  /** Resolves the viewer; true when it has answered the request itself (a refused mutation). */
  const resolve = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      request.viewer = await services.accounts.sessions.resolve(authorization.slice(7).trim());
      return false;
    }
    const session = readCookieSession(request.headers.cookie, services.web.siteLabel);
    if (!session.present) return false;
    const viewer = session.token ? await services.accounts.sessions.resolve(session.token) : null;
    if (!viewer) {
      reply.header('set-cookie', buildClearedSessionCookies(services.web.secureCookies));
      return false;
    }
    if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request, publicUrl)) {
      reply
        .status(403)
        .send({ error: { code: 'FORBIDDEN', message: 'Yêu cầu bị từ chối vì không đến từ trang của chúng tôi.' } });
      return true;
    }
    request.viewer = viewer;
    return false;
  };
  /** Sets the claim of a valid token on a `sessionInStatement` route; false when the usual path must run. */
  const claim = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const authorization = request.headers.authorization;
    const bearer = authorization?.startsWith('Bearer ') === true;
    const token = bearer
      ? authorization!.slice(7).trim()
      : readCookieSession(request.headers.cookie, services.web.siteLabel).token;
    const claimed = token ? services.accounts.sessions.claimOf(token) : null;
    if (!claimed) return false;
    if (!bearer && !SAFE_METHODS.has(request.method) && !isSameOrigin(request, publicUrl)) return false;
    request.sessionClaim = {
      ...claimed,
      confirm: async () => {
        const answered = await resolve(request, reply);
        return answered ? null : request.viewer;
      },
    };
    return true;
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/assets/') || request.url.startsWith('/uploads/')) return done();
    // Nobody to recognise: no promise for the anonymous visitor's request.
    if (!request.headers.authorization && !request.headers.cookie) return done();
    if (request.routeOptions.config.sessionInStatement && claim(request, reply)) return done();
    resolve(request, reply).then((answered) => {
      if (!answered) done();
    }, done);
  });
}
