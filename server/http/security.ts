/**
 * Security headers (Helmet) and the per-request CSP nonce. Helmet is built once: building it per
 * request (as @fastify/helmet does) re-parses the policy on every response. Only page requests
 * get a nonce; the JSON API runs no scripts.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

declare module 'http' {
  interface ServerResponse {
    cspNonce?: string;
  }
}

export interface SecurityOptions {
  /** Development: Vite injects inline scripts, so no CSP. */
  csp: boolean;
  hsts: boolean;
  scriptOrigins: string[];
  connectOrigins: string[];
  iframeHosts: string[];
}

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/restapi/');

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  const nonceOf = (response: ServerResponse) => `'nonce-${response.cspNonce ?? 'none'}'`;
  const common = { crossOriginEmbedderPolicy: false, strictTransportSecurity: options.hsts } as const;
  // JSON answers run no scripts: the same headers without the content security policy.
  const apiHeaders = helmet({ ...common, contentSecurityPolicy: false });
  const pageHeaders = helmet({
    ...common,
    contentSecurityPolicy: options.csp
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            baseUri: ["'self'"],
            objectSrc: ["'none'"],
            frameAncestors: ["'self'"],
            formAction: ["'self'"],
            scriptSrc: [
              "'self'",
              (_request, response) => nonceOf(response as ServerResponse),
              ...options.scriptOrigins,
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            mediaSrc: ["'self'", 'blob:', 'https:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'", ...options.connectOrigins],
            // 'self': document lessons show their PDF inline.
            frameSrc: ["'self'", ...options.iframeHosts.map((host) => `https://${host}`)],
            workerSrc: ["'self'", 'blob:'],
            manifestSrc: ["'self'"],
          },
        }
      : false,
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const next = (error?: unknown) => done(error as Error | undefined);
    if (isApiPath(request.url)) return apiHeaders(request.raw, reply.raw, next);
    reply.raw.cspNonce = randomBytes(16).toString('base64');
    pageHeaders(request.raw, reply.raw, next);
  });
}
