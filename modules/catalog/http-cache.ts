/**
 * Public catalog responses carry Cache-Control and a weak ETag; a matching If-None-Match gets a
 * 304 without a body. Responses for a signed-in viewer are private.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';

export function addPublicCaching(app: FastifyInstance, maxAgeSeconds = 60): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (!reply.hasHeader('cache-control')) {
      reply.header(
        'cache-control',
        request.viewer ? 'private, no-store' : `public, max-age=${maxAgeSeconds}, stale-while-revalidate=300`,
      );
    }
    if (request.viewer) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    const incoming = request.headers['if-none-match'];
    if (typeof incoming === 'string' && incoming.split(',').some((tag) => tag.trim() === etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}

/** The signed-in viewer's id, or 401 with the Vietnamese message. */
export function requireViewerId(viewer: { id: number } | null): number {
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
  return viewer.id;
}
