import { redirect } from 'react-router';
import type { Route } from './+types/search-redirect';

/** The header search form without JavaScript: /tim-kiem?q=… → /tim-kiem/{q}. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get('q')?.trim().slice(0, 200);
  return redirect(query ? `/tim-kiem/${encodeURIComponent(query)}` : '/khoa-hoc');
}
