import { redirect } from 'react-router';
import type { Route } from './+types/lm-active';

const ACTIVATE_PATH = '/tai-khoan/kich-hoat-khoa-hoc';

/** /lm/active: signed in → the activation page; otherwise login with a redirect to it (SPEC §6). */
export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer) return redirect(ACTIVATE_PATH);
  return redirect(`/dang-nhap?redirect=${encodeURIComponent(ACTIVATE_PATH)}`);
}
