/**
 * A micro-cache for anonymous page requests (documents and React Router data requests): the same
 * URL asked again within a few seconds is answered from memory, with this request's CSP nonce
 * put back in. Only requests without a session or any cookie that could change the page, and only
 * 200 answers that set no cookie, are cached.
 */
import type { FastifyRequest } from 'fastify';

/** Cookies the browser keeps for itself (visit tracking, my-course flag): they never change a page. */
const NEUTRAL_COOKIES = new Set(['kt_bid', 'up', 'kt_mycourse', 'isCheck', 'kt_ref']);

/** A page ready to send: the body is a string (no stream to pipe), with this request's nonce in. */
export interface PageAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

interface CachedPage {
  expires: number;
  status: number;
  headers: Array<[string, string]>;
  /** The body split where the nonce goes: joining with a nonce is one pass, no search. */
  parts: string[];
}

export interface PageCache {
  /** The cache key when this request may be answered from (or stored in) the cache. */
  keyFor(request: FastifyRequest): string | null;
  lookup(key: string, nonce: string): PageAnswer | null;
  /** Stores a cacheable answer and returns it as a page to send, or the response itself when not cacheable. */
  store(key: string, response: Response, nonce: string): Promise<PageAnswer | Response>;
}

function hasOnlyNeutralCookies(header: string | undefined): boolean {
  if (!header) return true;
  return header.split(';').every((part) => {
    const name = part.split('=')[0]?.trim() ?? '';
    return name === '' || NEUTRAL_COOKIES.has(name);
  });
}

export function createPageCache(ttlSeconds: number, maxEntries = 500): PageCache | null {
  if (ttlSeconds <= 0) return null;
  const entries = new Map<string, CachedPage>();
  return {
    keyFor(request) {
      if (request.method !== 'GET' || request.viewer || request.headers.authorization) return null;
      if (!hasOnlyNeutralCookies(request.headers.cookie)) return null;
      return request.url;
    },
    lookup(key, nonce) {
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.expires <= Date.now()) {
        entries.delete(key);
        return null;
      }
      return { status: hit.status, headers: [...hit.headers, ['x-page-cache', 'hit']], body: hit.parts.join(nonce) };
    },
    async store(key, response, nonce) {
      const type = response.headers.get('content-type') ?? '';
      const cacheable =
        response.status === 200 &&
        !response.headers.has('set-cookie') &&
        response.body !== null &&
        (type.startsWith('text/html') || type.startsWith('text/x-script'));
      if (!cacheable) return response;
      const body = await response.text();
      const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length');
      entries.set(key, {
        expires: Date.now() + ttlSeconds * 1000,
        status: response.status,
        headers,
        parts: nonce ? body.split(nonce) : [body],
      });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return { status: response.status, headers: [...headers, ['x-page-cache', 'miss']], body };
    },
  };
}
