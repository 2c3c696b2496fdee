/** The navigation guards of SPEC §6, run in page loaders on the server (and on client navigations). */
import { redirect, type AppLoadContext } from 'react-router';

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

export function redirectSignedInHome(context: AppLoadContext): void {
  if (context.viewer) throw redirect('/');
}

/** A route rule for this path redirects to an external address or an internal route. */
export async function applyRouteRule(request: Request, context: AppLoadContext): Promise<void> {
  const rule = await context.services.site.resolveRouteRule(new URL(request.url).pathname);
  if (rule) throw redirect(rule.target, rule.status);
}
