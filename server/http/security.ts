/**
 * Security headers (Helmet) and the per-request CSP nonce. Helmet runs once, at start: its headers
 * are the same for every answer but for the page nonce, so pages get them from a template with the
 * nonce joined in, and the JSON API (no scripts, no policy) gets a fixed list.
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
/** The build's fingerprinted scripts, styles and fonts: never a document, never a worker. */
const isBuildAsset = (url: string) => url.startsWith('/assets/');
/** What a script, style or font needs of the security headers; the rest only ever applies to documents. */
const ASSET_HEADER_NAMES = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);

type HeaderMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** Random bytes drawn 4 KB at a time: one system call per 256 nonces instead of one each. */
const NONCE_BYTES = 16;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

/** A fresh 128-bit nonce, base64. */
export function nextNonce(): string {
  if (randomOffset + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(NONCE_BYTES * 256);
    randomOffset = 0;
  }
  randomOffset += NONCE_BYTES;
  return randomPool.toString('base64', randomOffset - NONCE_BYTES, randomOffset);
}

/** Stands where the nonce goes in the page headers' template. */
const NONCE_SLOT = 'kt-nonce-slot-7f3a';

/**
 * The headers a Helmet middleware sets, captured once from a stand-in response (none depends on
 * the request; the page policy's nonce is the stand-in's `cspNonce`).
 */
function fixedHeadersOf(middleware: HeaderMiddleware, cspNonce?: string): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    cspNonce,
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
  // Left out: headers only obsolete browsers read (X-XSS-Protection for the removed XSS auditor,
  // X-Download-Options for IE 8, X-Permitted-Cross-Domain-Policies for Flash), and the DNS
  // prefetch switch, whose "off" slows the next page on slow mobile networks for no security gain.
  const common = {
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.hsts,
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
  } as const;
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
  // Page headers: each value split where the nonce goes (only the policy has one).
  const pageTemplate = fixedHeadersOf(pageHeaders, NONCE_SLOT).map(
    ([name, value]) => [name, value.split(NONCE_SLOT)] as const,
  );
  // A phone fetches some twenty scripts per page: a kilobyte of document policy on each (a CSP with
  // a fresh nonce, framing and opener rules that no script obeys) costs it about 20 KB for nothing.
  const assetHeaders = apiHeaders.filter(([name]) => ASSET_HEADER_NAMES.has(name));
  app.addHook('onRequest', (request, reply, done) => {
    if (isBuildAsset(request.url)) {
      for (const [name, value] of assetHeaders) reply.raw.setHeader(name, value);
      return done();
    }
    reply.header('x-request-id', request.id);
    if (isApiPath(request.url)) {
      for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
      return done();
    }
    const nonce = nextNonce();
    reply.raw.cspNonce = nonce;
    for (const [name, parts] of pageTemplate)
      reply.raw.setHeader(name, parts.length === 1 ? parts[0]! : parts.join(nonce));
    done();
  });
}
