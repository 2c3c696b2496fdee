/**
 * `GET /ca-nhan.json?trang=/khoa-hoc/…`: the signed-in viewer's own bits for a page that signed-in
 * learners share (server/http/page-cache.ts): the header's (name, avatar, unread count, cart count)
 * and that page's personal part (app/viewer.server.ts). Never stored by any cache; an anonymous
 * visitor gets `{ viewer: null }`.
 */
import { loadHeaderBits, loadPagePersonal } from '../viewer.server';
import type { Route } from './+types/personal[.]json';

/** Answered by the host without React Router's request handler (server/http/direct-loaders.ts): asked on every shared page view. */
export const direct = true;

const HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store' };

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.viewer) {
    return new Response(JSON.stringify({ viewer: null, unreadNotifications: 0, cartCount: 0, page: null }), {
      headers: HEADERS,
    });
  }
  const page = new URL(request.url).searchParams.get('trang') ?? '';
  const [header, personal] = await Promise.all([
    loadHeaderBits(request, context),
    page.startsWith('/') ? loadPagePersonal(context, context.viewer, page) : Promise.resolve(null),
  ]);
  return new Response(JSON.stringify({ ...header, page: personal }), { headers: HEADERS });
}
