import { data } from 'react-router';
import { applyRouteRule } from '../guards.server';
import type { Route } from './+types/catch-all';

/**
 * Any other path. SPEC §2: valid only with exactly two segments (the second a string), else
 * 'Page Not Found: {path}'; a valid path that resolves to nothing is 'Page not found: {path}'.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  await applyRouteRule(request, context);
  const segments = (params['*'] ?? '').split('/').filter((segment) => segment !== '');
  if (segments.length !== 2 || typeof segments[1] !== 'string') {
    throw data({ message: `Page Not Found: ${pathname}` }, { status: 404 });
  }
  throw data({ message: `Page not found: ${pathname}` }, { status: 404 });
}

export default function CatchAll() {
  return null;
}
