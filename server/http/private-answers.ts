/**
 * Personal answers are never stored by a browser's shared cache, a proxy or a CDN: every answer to a
 * viewer-specific request (signed in by cookie or Bearer token, carrying a cookie the server reads
 * such as the cart or a session, or answered with a cookie) that its route did not give a
 * Cache-Control of its own leaves with `private, no-store`, and so does every page rendered for such
 * a request (instead of the pages' default `private, no-cache`). Routes that declare their answer the
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

/** A document or a React Router data request (the two kinds of answer the page micro-cache keeps). */
function isPage(reply: FastifyReply): boolean {
  const type = String(reply.getHeader('content-type') ?? '');
  return type.startsWith('text/html') || type.startsWith('text/x-script');
}

export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // Built assets and uploads are the same for everyone and set their own caching on the raw response.
    if (request.url.startsWith('/assets/') || request.url.startsWith('/uploads/')) return done(null, payload);
    const control = reply.getHeader('cache-control');
    // Pages carry `private, no-cache` by default (app/entry.server.tsx): a page rendered for a viewer
    // is not kept even in the browser's own cache (a shared computer, the back button after signing out).
    const replaceable = control === undefined || (isPage(reply) && !String(control).startsWith('public'));
    if (replaceable && isViewerSpecific(request, reply)) reply.header('cache-control', PRIVATE_NO_STORE);
    done(null, payload);
  });
}
