import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from 'react-router';
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
  if (findUndisplayableError(routerContext) !== undefined && new URL(request.url).pathname !== '/404') {
    return Promise.resolve(new Response(null, { status: 302, headers: { Location: '/404' } }));
  }
  const nonce = loadContext.nonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and no-JS clients get the whole document at once; browsers get the shell early.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          // The abort timer only guards a stuck render; let a finished one go at once.
          body.on('close', () => clearTimeout(abortTimer));
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache');
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

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) return;
  console.error(`[ssr] ${request.method} ${new URL(request.url).pathname}`, error);
};
