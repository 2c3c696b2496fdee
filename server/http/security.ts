/**
 * Security headers (Helmet) and the per-request CSP nonce. Helmet is built once: building it per
 * request (as @fastify/helmet does) re-parses the policy on every response. Only page requests
 * get a nonce; the JSON API runs no scripts, so its headers are the same for every answer and are
 * computed at start.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

type HeaderMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers a Helmet middleware sets when none depends on the request (JSON answers run no
 * scripts: no content security policy, so no nonce), captured once from a stand-in response.
 */
function fixedHeadersOf(middleware: HeaderMiddleware): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('Helmet did not finish synchronously');
  return [...headers];
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  const nonceOf = (response: ServerResponse) => `'nonce-${response.cspNonce ?? 'none'}'`;
  const common = { crossOriginEmbedderPolicy: false, strictTransportSecurity: options.hsts } as const;
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

  // Nothing in the API's headers varies per request: they are computed once.
  const apiHeaders = fixedHeadersOf(helmet({ ...common, contentSecurityPolicy: false }));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (isApiPath(request.url)) {
      for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
      return done();
    }
    const next = (error?: unknown) => done(error as Error | undefined);
    reply.raw.cspNonce = randomBytes(16).toString('base64');
    pageHeaders(request.raw, reply.raw, next);
  });
}
