import { redirect } from 'react-router';
import { requireViewer } from '../../guards.server';
import type { Route } from './+types/index';

/** /tai-khoan has no layout of its own: it opens the profile. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return redirect('/tai-khoan/ho-so');
}
