/** The navigation guards of SPEC §6, run in page loaders on the server (and on client navigations). */
import { data, redirect, type AppLoadContext } from 'react-router';
import { can, STUDIO_ROLES, type StudioPermission } from '../modules/studio/permissions';

/** Paths only for signed-out visitors: a signed-in user is sent home. */
export const GUEST_ONLY_PATHS = [
  '/dang-nhap',
  '/dang-ky',
  '/kiem-tra-sdt',
  '/doi-mat-khau',
  '/register-otp',
  '/quen-mat-khau-step-2',
];

export function loginRedirectTarget(request: Request): string {
  const url = new URL(request.url);
  return `/dang-nhap?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/** Anonymous or expired on an account page: go to the login page with a redirect back here. */
export function requireViewer(request: Request, context: AppLoadContext) {
  if (!context.viewer) throw redirect(loginRedirectTarget(request));
  return context.viewer;
}

/**
 * A render shared by everyone signed in (server/http/page-cache.ts): someone is signed in, nobody in
 * particular. Only the pages listed there are ever rendered so; their loaders return a frame.
 */
export function isSharedRender(context: AppLoadContext): boolean {
  return context.signedIn && !context.viewer;
}

export function redirectSignedInHome(context: AppLoadContext): void {
  if (context.viewer) throw redirect('/');
}

/** A route rule for this path redirects to an external address or an internal route. */
export async function applyRouteRule(request: Request, context: AppLoadContext): Promise<void> {
  const rule = await context.services.site.resolveRouteRule(new URL(request.url).pathname);
  if (rule) throw redirect(rule.target, rule.status);
}

/**
 * The studio: anonymous → the login page with a redirect back; signed in without a studio role (or
 * without the page's permission) → the 403 error screen. The API checks the same table.
 */
export function requireStudio(request: Request, context: AppLoadContext, permission?: StudioPermission) {
  const viewer = requireViewer(request, context);
  const allowed = permission ? can(viewer.role, permission) : STUDIO_ROLES.includes(viewer.role);
  if (!allowed) throw data({ message: 'Bạn không có quyền truy cập trang này.' }, { status: 403 });
  return viewer;
}
