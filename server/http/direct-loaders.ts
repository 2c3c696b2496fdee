/**
 * Resource routes answered without React Router's request handler. A resource route module (a
 * loader, no component) that exports `direct = true` and has a fixed path (no `:param`, no `*`) is
 * called straight by the host for a GET: its loader gets the same Request and load context it would
 * get from the router, and its Response is sent as it is. What is skipped is the router's per-request
 * work (matching every route, building the server routes), which is most of the cost of a small
 * answer asked on every page view, such as `/ca-nhan.json` (issue 20, decision 0014).
 */
import type { AppLoadContext, ServerBuild } from 'react-router';

type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;

const byBuild = new WeakMap<ServerBuild, Map<string, Loader>>();

function fullPath(build: ServerBuild, id: string): string | null {
  const segments: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
    if (route.path) segments.unshift(route.path);
  }
  const path = `/${segments.join('/')}`.replace(/\/+/g, '/');
  return /[:*]/.test(path) ? null : path;
}

function directLoaders(build: ServerBuild): Map<string, Loader> {
  let loaders = byBuild.get(build);
  if (loaders) return loaders;
  loaders = new Map();
  for (const [id, route] of Object.entries(build.routes)) {
    const module = route?.module as { default?: unknown; loader?: unknown; direct?: unknown } | undefined;
    if (!module || module.direct !== true || module.default !== undefined || typeof module.loader !== 'function') {
      continue;
    }
    const path = fullPath(build, id);
    if (path) loaders.set(path, module.loader as Loader);
  }
  byBuild.set(build, loaders);
  return loaders;
}

/** The loader that answers a GET of this path directly, if a resource route opted in. */
export function directLoader(build: ServerBuild, method: string, pathname: string): Loader | undefined {
  return method === 'GET' ? directLoaders(build).get(pathname) : undefined;
}

/**
 * Runs a direct loader as the router would: a thrown Response is the answer; any other error goes
 * to the app's `handleError` (which marks a database outage on the load context) and is answered
 * 500, as the router answers a resource route that failed.
 */
export async function runDirectLoader(
  build: ServerBuild,
  loader: Loader,
  request: Request,
  context: AppLoadContext,
): Promise<Response> {
  try {
    const result = await loader({ request, context, params: {} });
    return result instanceof Response ? result : Response.json(result);
  } catch (error) {
    if (error instanceof Response) return error;
    build.entry.module.handleError?.(error, { request, context, params: {} } as never);
    return new Response('Unexpected Server Error', { status: 500 });
  }
}
