import { data, redirect } from 'react-router';
import { isAppError } from '../../lib/errors';
import { applyRouteRule } from '../guards.server';
import type { Route } from './+types/catch-all';

/**
 * Any other path. SPEC §2: valid only with exactly two segments (the second a string), else
 * 'Page Not Found: {path}'; a valid path resolves through alias.json's service to its entity's
 * canonical page (301), or is 'Page not found: {path}'.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  await applyRouteRule(request, context);
  const segments = (params['*'] ?? '').split('/').filter((segment) => segment !== '');
  if (segments.length !== 2 || typeof segments[1] !== 'string') {
    throw data({ message: `Page Not Found: ${pathname}` }, { status: 404 });
  }
  if (segments.join('/').length <= 1000) {
    try {
      const target = await context.services.alias.resolve(segments.join('/'));
      if (target.url !== pathname) throw redirect(target.url, 301);
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
  }
  throw data({ message: `Page not found: ${pathname}` }, { status: 404 });
}

export default function CatchAll() {
  return null;
}
