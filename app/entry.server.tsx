import { PassThrough, Writable } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from 'react-router';
import { isServiceUnavailable } from '../lib/errors';
import { NonceProvider } from './components/nonce';

export const streamTimeout = 5_000;

/** Errors that are not a deliberate, displayable response send the visitor to /404 (SPEC §2). */
function findUndisplayableError(context: EntryContext): unknown {
  const errors = context.staticHandlerContext.errors;
  if (!errors) return undefined;
  return Object.values(errors).find((error) => !isRouteErrorResponse(error));
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // The database is away (handleError saw it; the errors here are already sanitised): a 503 with its
  // message, never the /404 page, which would fail the same way.
  const unavailable = loadContext.outage.message;
  if (unavailable !== null) return Promise.resolve(unavailableResponse(unavailable));
  if (findUndisplayableError(routerContext) !== undefined && new URL(request.url).pathname !== '/404') {
    return Promise.resolve(new Response(null, { status: 302, headers: { Location: '/404' } }));
  }
  const nonce = loadContext.nonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and no-JS clients get the whole document at once; browsers get the shell early.
    // A page with no deferred data is complete as soon as its shell is: it goes out as one buffer,
    // compressed in one pass, rather than as React's many small stream writes.
    const whole = !hasDeferredData(routerContext);
    const readyOption =
      whole || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache');
          if (whole) {
            clearTimeout(abortTimer);
            const collected = new BufferWriter();
            collected.on('finish', () =>
              resolve(new Response(collected.bytes(), { headers: responseHeaders, status: responseStatusCode })),
            );
            pipe(collected);
            return;
          }
          const body = new PassThrough();
          // The abort timer only guards a stuck render; let a finished one go at once.
          body.on('close', () => clearTimeout(abortTimer));
          const stream = createReadableStreamFromReadable(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const abortTimer = setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Whether a loader handed back a promise for the page to stream in later (`<Await>`). */
function hasDeferredData(context: EntryContext): boolean {
  for (const data of Object.values(context.staticHandlerContext.loaderData ?? {})) {
    if (data === null || typeof data !== 'object') continue;
    for (const value of Object.values(data as Record<string, unknown>)) if (value instanceof Promise) return true;
  }
  return false;
}

/** The document's bytes gathered whole (React writes them in many small chunks). */
class BufferWriter extends Writable {
  private readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void) {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    done();
  }
  bytes(): Uint8Array<ArrayBuffer> {
    // A view of exactly the document's bytes (Buffer.concat may hand out a slice of a larger pool).
    const whole = Buffer.concat(this.chunks);
    return new Uint8Array(whole.buffer as ArrayBuffer, whole.byteOffset, whole.byteLength);
  }
}

/**
 * A 503 marked for the server's adapter (server/http/react-router.ts), which answers a document
 * with the "unavailable" page; a data request's text body is what the browser's router shows.
 */
function unavailableResponse(message: string): Response {
  return new Response(message, {
    status: 503,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-kt-unavailable': '1', 'cache-control': 'no-store' },
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) return;
  // An outage is logged once by the database connection, not once per page.
  if (isServiceUnavailable(error)) {
    const outage = (context as Partial<AppLoadContext> | undefined)?.outage;
    if (outage) outage.message = error.message;
    return;
  }
  console.error(`[ssr] ${request.method} ${new URL(request.url).pathname}`, error);
};

/**
 * A data request (client navigation) that met the outage answers 503 with the message as text:
 * without React Router's own marker header the browser turns it into a route error response
 * (status 503, the message as its data), which the root error screen shows.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  const message = (context as Partial<AppLoadContext> | undefined)?.outage?.message ?? null;
  return message === null ? response : unavailableResponse(message);
};
