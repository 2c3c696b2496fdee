/**
 * Hosts the React Router app inside Fastify: a small Fetch adapter (Fastify request → Request,
 * Response → reply) so the page loaders get our load context, including the CSP nonce.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { directLoader, runDirectLoader } from './direct-loaders.ts';
import { neutralCookies, studyFrameTarget, type CacheKey, type PageAnswer, type PageCache } from './page-cache.ts';
import { rootStylesheets, sendUnavailablePage, UNAVAILABLE_RETRY_AFTER_SECONDS } from './unavailable-page.ts';

export interface ReactRouterOptions {
  getBuild: () => Promise<ServerBuild> | ServerBuild;
  mode: 'production' | 'development';
  getLoadContext: (request: FastifyRequest, reply: FastifyReply) => AppLoadContext | Promise<AppLoadContext>;
  /** Micro-cache for anonymous pages; absent to render every request. */
  pageCache?: PageCache | null;
  /**
   * The course whose lesson this signed-in learner may study as an enrolled learner, when the lesson
   * belongs to the course of that slug; null otherwise (the study page is then rendered for them).
   */
  enrolledIn?: (viewerId: number, slug: string, lessonId: number) => Promise<number | null>;
}

function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  return headers;
}

/** The request as the page sees it; `shared`: without who asks (no cookie but the neutral ones, no authorization). */
export function toFetchRequest(request: FastifyRequest, reply: FastifyReply, shared = false): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = toFetchHeaders(request);
  if (shared) {
    headers.delete('authorization');
    const cookie = neutralCookies(request.headers.cookie);
    if (cookie) headers.set('cookie', cookie);
    else headers.delete('cookie');
  }
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

export async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/** A page from the micro-cache: bytes already encoded, no stream to pipe. */
function sendPage(reply: FastifyReply, page: PageAnswer): FastifyReply {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  return reply.send(page.body);
}

export async function registerReactRouter(app: FastifyInstance, options: ReactRouterOptions): Promise<void> {
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = async () => {
    if (options.mode === 'development') return createRequestHandler(await options.getBuild(), 'development');
    handler ??= createRequestHandler(await options.getBuild(), 'production');
    return handler;
  };

  const styles = async () => rootStylesheets(await options.getBuild());
  /** A render that met the database outage (app/entry.server.tsx marks it): documents get the 503 page. */
  const sendRendered = async (
    reply: FastifyReply,
    pathname: string,
    response: Response,
    outage: AppLoadContext['outage'] | null,
  ) => {
    // A resource route (the sitemap, a certificate PDF) that met the outage: React Router answers it
    // 500 without asking entry.server; handleError marked the load context.
    if (response.status === 500 && outage?.message) {
      await response.body?.cancel();
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(outage.message);
    }
    if (response.status !== 503 || !response.headers.has('x-kt-unavailable')) return sendFetchResponse(reply, response);
    const message = await response.text();
    if (!pathname.endsWith('.data')) return sendUnavailablePage(reply, message, styles);
    return reply
      .status(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(message);
  };

  /** The cache key of a request that may be answered from (or stored in) the page cache; null to render it. */
  const sharedKey = async (request: FastifyRequest): Promise<CacheKey | null> => {
    const cache = options.pageCache;
    if (!cache) return null;
    const key = cache.keyFor(request);
    if (key || !request.viewer || !options.enrolledIn || request.method !== 'GET' || request.headers.authorization) {
      return key;
    }
    const target = studyFrameTarget(request.url);
    if (!target) return null;
    const courseId = await options.enrolledIn(request.viewer.id, target.slug, target.lessonId);
    return courseId === null ? null : { key: `enrolled ${request.url}`, viewerClass: 'enrolled', courseId };
  };

  await app.register(async (scope) => {
    // Page actions read the raw body themselves (forms, uploads): leave it unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        const pathname = request.url.split('?')[0] ?? '/';
        if (pathname.startsWith('/api/') || pathname.startsWith('/restapi/')) {
          return reply.status(404).send({
            error: { code: 'NOT_FOUND', message: `Không tìm thấy đường dẫn ${request.method} ${pathname}` },
          });
        }
        let outage: AppLoadContext['outage'] | null = null;
        const render = async (cacheKey: CacheKey | null) => {
          const handle = await getHandler();
          let context = await options.getLoadContext(request, reply);
          const shared = cacheKey !== null && cacheKey.viewerClass !== 'anonymous';
          // A page shared by signed-in learners is rendered for nobody in particular: no viewer, no
          // device, no personal cookie; only the fact that someone is signed in (banner targeting)
          // and, for a study page, that they hold an active enrolment in its course.
          if (shared) {
            context = {
              ...context,
              viewer: null,
              deviceId: null,
              signedIn: true,
              enrolledIn: cacheKey.courseId ?? null,
            };
          }
          outage = context.outage;
          return handle(toFetchRequest(request, reply, shared), context);
        };
        const build = await options.getBuild();
        const direct = directLoader(build, request.method, pathname);
        if (direct) {
          const context = await options.getLoadContext(request, reply);
          const response = await runDirectLoader(build, direct, toFetchRequest(request, reply), context);
          return sendRendered(reply, pathname, response, context.outage);
        }
        const cacheKey = await sharedKey(request);
        if (!cacheKey) return sendRendered(reply, pathname, await render(null), outage);
        const policy = reply.raw.getHeader('content-security-policy');
        const page = await options.pageCache!.serve(
          cacheKey.key,
          request.headers['accept-encoding'],
          { nonce: reply.raw.cspNonce ?? '', policy: typeof policy === 'string' ? policy : undefined },
          () => render(cacheKey),
        );
        return page instanceof Response ? sendRendered(reply, pathname, page, outage) : sendPage(reply, page);
      },
    });
  });
}
