import { redirect } from 'react-router';
import { buildClearedSessionCookies } from '../../../modules/accounts/session-cookies';
import type { Route } from './+types/logout';

/** Logout clears the user info and the site label (SPEC §4) and revokes the session. */
export async function action({ context }: Route.ActionArgs) {
  if (context.viewer) await context.services.accounts.sessions.close(context.viewer.sessionId);
  const headers = new Headers();
  for (const cookie of buildClearedSessionCookies(context.services.web.secureCookies))
    headers.append('Set-Cookie', cookie);
  return redirect('/', { headers });
}

export function loader() {
  return redirect('/');
}
