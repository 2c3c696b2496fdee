/**
 * A micro-cache for shared page requests (documents and React Router data requests): the same
 * URL asked again within a few seconds is answered from memory. Only requests without a session or
 * any cookie that could change the page, and a few pages that signed-in learners share (rendered
 * without knowing who asks, see ViewerClass), and only 200 answers that set no cookie, are cached.
 *
 * A cached page is the same bytes for everyone, so it carries no nonce: its inline scripts are
 * allowed by their SHA-256 hashes in its own Content-Security-Policy instead (CSP Level 3 hashes;
 * an injected script cannot match them). Being the same bytes, it is compressed once, when stored
 * (brotli and gzip), and each hit sends the twin the browser accepts. Requests for a page whose
 * render is under way wait for that render instead of starting their own (no stampede when an
 * entry expires under load).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/** Cookies the browser keeps for itself (visit tracking, my-course flag): they never change a page. */
const NEUTRAL_COOKIES = new Set(['kt_bid', 'up', 'kt_mycourse', 'isCheck', 'kt_ref']);

const brotliCompress = promisify(zlib.brotliCompress);
const gzipCompress = promisify(zlib.gzip);
/** Quality 6: 10.8 KB for the 60 KB home page in ~4 ms, once per entry (11 costs ~200 ms for 9 % less). */
const BROTLI_QUALITY = 6;

export type Encoding = 'br' | 'gzip';

/** A page ready to send from memory: headers and the bytes in the negotiated encoding. */
export interface PageAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

/** What the request being rendered knows of its own policy: the nonce and the header carrying it. */
export interface RenderSecurity {
  nonce: string;
  /** The Content-Security-Policy header set for this request; undefined when there is none (development). */
  policy: string | undefined;
}

interface CachedPage {
  expires: number;
  status: number;
  /** The page's own headers (type, cache rules), without length or encoding. */
  headers: Array<[string, string]>;
  /** The policy allowing this page's inline scripts by hash; null when the request had no policy. */
  policy: string | null;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Who a cached page is rendered for: `anonymous` (no session, no cookie that could change a page) or
 * `signed-in`, a shared page (SHARED_SIGNED_IN) asked by someone signed in by cookie. The latter is
 * rendered without knowing who asks (no viewer, no cookie but the neutral ones), only that someone
 * is signed in; the browser fetches the viewer's own bits afterwards (app/routes/personal.ts).
 */
export type ViewerClass = 'anonymous' | 'signed-in' | 'enrolled';

export interface CacheKey {
  key: string;
  viewerClass: ViewerClass;
  /** For `enrolled`: the course whose active enrolment the asker holds (the render opens its lessons). */
  courseId?: number;
}

/**
 * The study page's document for one lesson, `/vao-hoc/{slug}?bai={id}` with nothing else: shared by
 * every learner whose enrolment in that course is active (`enrolled`, checked per request before the
 * cache is asked), rendered as a frame without progress; the browser fetches the learner's marks.
 */
const STUDY_FRAME = /^\/vao-hoc\/([^/?.]+)\?bai=([1-9]\d{0,9})$/;

/** The course slug and lesson of a study page document that enrolled learners share; null otherwise. */
export function studyFrameTarget(url: string): { slug: string; lessonId: number } | null {
  const match = STUDY_FRAME.exec(url);
  if (!match?.[1] || !match[2]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const lessonId = Number(match[2]);
  return lessonId <= 2_147_483_647 ? { slug, lessonId } : null;
}

/**
 * Pages whose signed-in render is the same for every learner once the personal bits (header,
 * recommendations, a course's "owned" and review form, the list of "my courses") come from the
 * viewer's own request: the home, the course list, a course page (without `?xem-thu=`, a lesson
 * preview that depends on access), documents and their React Router data requests; and the
 * document of "my courses" (a frame: its loader returns no list on a shared render).
 */
const SHARED_SIGNED_IN = [
  /^\/(?:_root\.data)?(?:\?|$)/,
  /^\/khoa-hoc(?:\.data)?(?:\?|$)/,
  /^\/khoa-hoc\/[^/?.]+(?:\.data)?(?:\?_routes=[^&]*)?$/,
  // The document only: a client navigation's data request carries the learner's list (a data
  // request cannot hand the list over to /ca-nhan.json, its root data already names the viewer).
  /^\/tai-khoan\/khoa-hoc-cua-toi(?:\?|$)/,
];

/** Whether a signed-in viewer gets the shared (viewer-less) render of this URL. */
export function isSharedForSignedIn(url: string): boolean {
  return SHARED_SIGNED_IN.some((pattern) => pattern.test(url));
}

export interface PageCache {
  /** The cache key (and whom the page is rendered for) when this request may be answered from (or stored in) the cache. */
  keyFor(request: FastifyRequest): CacheKey | null;
  /**
   * Answers from the cache, from a render of the same page under way, or else from `render`,
   * storing its answer when cacheable. A Response is an answer not taken into the cache.
   */
  serve(
    key: string,
    acceptEncoding: string | undefined,
    security: RenderSecurity,
    render: () => Promise<Response>,
  ): Promise<PageAnswer | Response>;
  /** Forgets every page (content changed here or on another instance); renders under way are not stored. */
  clear(): void;
}

/** True when the request carries no cookie that could change an answer (none, or only the neutral ones). */
export function hasOnlyNeutralCookies(header: string | undefined): boolean {
  if (!header) return true;
  return header.split(';').every((part) => {
    const name = part.split('=')[0]?.trim() ?? '';
    return name === '' || NEUTRAL_COOKIES.has(name);
  });
}

/** The Cookie header with only the neutral cookies (undefined when none is left): what a shared render sees. */
export function neutralCookies(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => NEUTRAL_COOKIES.has(part.split('=')[0]?.trim() ?? ''));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const negotiated = new Map<string, Encoding | null>();

/** The encoding to send for an Accept-Encoding header: the best q-value, brotli on a tie; null for none. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const known = negotiated.get(header);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(header);
  if (negotiated.size >= 64) negotiated.clear();
  negotiated.set(header, encoding);
  return encoding;
}

function parseAcceptEncoding(header: string): Encoding | null {
  const quality: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [rawName, ...parameters] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value);
    }
    quality[name] = Number.isFinite(q) ? q : 0;
  }
  const of = (name: Encoding) => quality[name] ?? quality['*'] ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` for every inline script of a page (scripts with `src` are allowed by origin). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`) || text === undefined) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The body without this request's nonce and the policy allowing its inline scripts by hash, or
 * null when the nonce is found anywhere but in nonce attributes (such a page is not shared).
 */
function withoutNonce(body: string, security: RenderSecurity): { body: string; policy: string | null } | null {
  if (!security.nonce) return { body, policy: security.policy ?? null };
  const stripped = body.replaceAll(` nonce="${security.nonce}"`, '');
  if (stripped.includes(security.nonce)) return null;
  if (security.policy === undefined) return { body: stripped, policy: null };
  const token = `'nonce-${security.nonce}'`;
  if (!security.policy.includes(token)) return null;
  const hashes = inlineScriptHashes(stripped);
  const policy = security.policy.replace(hashes.length > 0 ? token : ` ${token}`, hashes.join(' '));
  return { body: stripped, policy };
}

function answerFrom(page: CachedPage, acceptEncoding: string | undefined, label: string): PageAnswer {
  const encoding = negotiateEncoding(acceptEncoding);
  const headers: Array<[string, string]> = [...page.headers, ['vary', 'accept-encoding'], ['x-page-cache', label]];
  if (page.policy !== null) headers.push(['content-security-policy', page.policy]);
  if (encoding) headers.push(['content-encoding', encoding]);
  return { status: page.status, headers, body: encoding ? page[encoding] : page.identity };
}

async function toCachedPage(
  response: Response,
  security: RenderSecurity,
  ttlSeconds: number,
): Promise<CachedPage | null> {
  const type = response.headers.get('content-type') ?? '';
  const cacheable =
    response.status === 200 &&
    !response.headers.has('set-cookie') &&
    response.body !== null &&
    (type.startsWith('text/html') || type.startsWith('text/x-script'));
  if (!cacheable) return null;
  const shared = withoutNonce(await response.text(), security);
  if (!shared) return null;
  const identity = Buffer.from(shared.body, 'utf8');
  const [br, gzip] = await Promise.all([
    brotliCompress(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    gzipCompress(identity, { level: 6 }),
  ]);
  const omitted = new Set(['content-length', 'content-encoding', 'content-security-policy', 'vary']);
  return {
    expires: Date.now() + ttlSeconds * 1000,
    status: response.status,
    headers: [...response.headers.entries()].filter(([name]) => !omitted.has(name)),
    policy: shared.policy,
    identity,
    br,
    gzip,
  };
}

export function createPageCache(ttlSeconds: number, maxEntries = 500): PageCache | null {
  if (ttlSeconds <= 0) return null;
  const entries = new Map<string, CachedPage>();
  /** Renders under way, by key: the page they will store, or null when theirs is not cacheable. */
  const rendering = new Map<string, Promise<CachedPage | null>>();
  /** Bumped by clear(): a render started before it may show the old content and is not stored. */
  let generation = 0;

  const fresh = (key: string): CachedPage | null => {
    const hit = entries.get(key);
    if (!hit) return null;
    if (hit.expires > Date.now()) return hit;
    entries.delete(key);
    return null;
  };

  const remember = (key: string, page: CachedPage) => {
    entries.delete(key);
    entries.set(key, page);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };

  return {
    keyFor(request) {
      if (request.method !== 'GET' || request.headers.authorization) return null;
      if (request.viewer) {
        return isSharedForSignedIn(request.url) ? { key: `signed-in ${request.url}`, viewerClass: 'signed-in' } : null;
      }
      if (!hasOnlyNeutralCookies(request.headers.cookie)) return null;
      return { key: request.url, viewerClass: 'anonymous' };
    },
    async serve(key, acceptEncoding, security, render) {
      const hit = fresh(key);
      if (hit) return answerFrom(hit, acceptEncoding, 'hit');
      const underWay = rendering.get(key);
      if (underWay) {
        const shared = await underWay.catch(() => null);
        if (shared) return answerFrom(shared, acceptEncoding, 'hit');
        return render();
      }
      let settle!: (page: CachedPage | null) => void;
      rendering.set(key, new Promise<CachedPage | null>((resolve) => (settle = resolve)));
      const started = generation;
      try {
        const response = await render();
        const page = await toCachedPage(response.clone(), security, ttlSeconds).catch(() => null);
        settle(page);
        if (!page) return response;
        if (started === generation) remember(key, page);
        void response.body?.cancel().catch(() => undefined);
        return answerFrom(page, acceptEncoding, 'miss');
      } catch (error) {
        settle(null);
        throw error;
      } finally {
        rendering.delete(key);
      }
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
