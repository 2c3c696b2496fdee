/**
 * Public JSON answers (catalog, content, help, learning's public reads) carry Cache-Control and a
 * weak ETag; a matching If-None-Match gets a 304 without a body. Responses for a signed-in viewer
 * are private. The hottest reads (course list and details) are cached already serialised with their ETag (`EncodedAnswer`), so a hit
 * neither serialises nor hashes. Server-only (node:crypto): imported by path, not through the
 * kernel/http index, which client-safe faces import.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialised once, with its weak ETag. */
export interface EncodedAnswer {
  body: string;
  etag: string;
}

function weakEtag(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

export function encodeAnswer(body: string): EncodedAnswer {
  return { body, etag: weakEtag(body) };
}

/** The route's own serializer (zod-checked in tests, fast-json-stringify otherwise) as a string. */
export function serializeWith(reply: FastifyReply): (value: unknown) => string {
  return (value) => {
    const body = reply.serialize(value);
    return typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer).toString('utf8');
  };
}

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const incoming = request.headers['if-none-match'];
  return typeof incoming === 'string' && incoming.split(',').some((tag) => tag.trim() === etag);
}

/** Sends a cached answer as is (no serialisation), or 304 when the client already has it. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer): FastifyReply {
  reply.header('etag', answer.etag);
  if (matchesEtag(request, answer.etag)) return reply.code(304).send('');
  return reply.header('content-type', 'application/json; charset=utf-8').send(answer.body);
}

export function addPublicCaching(app: FastifyInstance, maxAgeSeconds = 60): void {
  const publicControl = `public, max-age=${maxAgeSeconds}, stale-while-revalidate=300`;
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (request.method !== 'GET' || (status !== 200 && status !== 304) || typeof payload !== 'string') {
      return done(null, payload);
    }
    if (!reply.hasHeader('cache-control'))
      reply.header('cache-control', request.viewer ? 'private, no-store' : publicControl);
    if (request.viewer || status === 304) return done(null, payload);
    // Answers sent by `sendEncoded` carry their ETag (and 304) already.
    if (reply.hasHeader('etag')) return done(null, payload);
    const etag = weakEtag(payload);
    reply.header('etag', etag);
    if (matchesEtag(request, etag)) {
      reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  });
}
