/**
 * Personal answers are never stored by a browser's shared cache, a proxy or a CDN: every answer to a
 * viewer-specific request (signed in by cookie or Bearer token, carrying a cookie the server reads
 * such as the cart or a session, or answered with a cookie) that its route did not give a
 * Cache-Control of its own leaves with `private, no-store`. Routes that declare their answer the
 * same for everyone (`public, …`, e.g. the catalog's ETag answers, provinces, settings) keep their
 * header; anonymous requests are untouched, so the catalog's shared caching and the page
 * micro-cache (which never stores such requests) work as before.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasOnlyNeutralCookies } from './page-cache.ts';

export const PRIVATE_NO_STORE = 'private, no-store';

/** Whether the answer to this request may depend on who asks. */
export function isViewerSpecific(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    request.viewer !== null ||
    request.headers.authorization !== undefined ||
    !hasOnlyNeutralCookies(request.headers.cookie) ||
    reply.hasHeader('set-cookie')
  );
}

export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // Built assets and uploads are the same for everyone and set their own caching on the raw response.
    if (request.url.startsWith('/assets/') || request.url.startsWith('/uploads/')) return done(null, payload);
    if (reply.getHeader('cache-control') === undefined && isViewerSpecific(request, reply))
      reply.header('cache-control', PRIVATE_NO_STORE);
    done(null, payload);
  });
}
