/**
 * What a browser gets while the database cannot be reached: a 503 page with the site's styles and
 * the same screen as the error page (status, message, "Quay về trang chủ"), rendered without the
 * database. API clients get the JSON envelope; React Router data requests the message as text.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 15;

/** A browser asking for a page (not the API, not a React Router data request). */
export function wantsPage(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '/';
  if (/^\/(api|restapi|__|_build|media|uploads|assets)\//.test(pathname) || pathname.endsWith('.data')) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderUnavailablePage(message: string, styles: string[]): string {
  const links = styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return `<!DOCTYPE html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><meta name="robots" content="noindex"><title>${escapeHtml(message)}</title>${links}</head><body class="min-h-dvh bg-white text-slate-900 antialiased"><main class="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"><p class="text-7xl font-extrabold text-brand-600" data-testid="error-status">503</p><h1 class="text-xl font-semibold text-slate-800" data-testid="error-message">${escapeHtml(message)}</h1><a href="" class="btn-primary">Thử lại</a><a href="/" class="text-brand-600 underline">Quay về trang chủ</a></main></body></html>`;
}

/**
 * The root route's built stylesheets: the page's look without rendering React. The site's own sheet
 * is the root module's `handle.stylesheets` (rendered first in <head>, ahead of the script
 * preloads); any other CSS the root imports is in the build's manifest.
 */
export function rootStylesheets(build: ServerBuild): string[] {
  const handle = build.routes.root?.module.handle as { stylesheets?: unknown } | undefined;
  const own = Array.isArray(handle?.stylesheets)
    ? handle.stylesheets.filter((href): href is string => typeof href === 'string')
    : [];
  return [...own, ...(build.assets.routes.root?.css ?? [])];
}

/** Where the unavailable page finds its stylesheets (none for an API-only app). */
export type PageStyles = () => Promise<string[]>;

export async function sendUnavailablePage(
  reply: FastifyReply,
  message: string,
  styles: PageStyles = async () => [],
): Promise<FastifyReply> {
  return reply
    .status(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderUnavailablePage(message, await styles().catch(() => [])));
}
