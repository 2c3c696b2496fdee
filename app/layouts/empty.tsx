import { Link, Outlet, useRouteLoaderData } from 'react-router';
import { redirectSignedInHome } from '../guards.server';
import type { RootData } from '../root';
import type { Route } from './+types/empty';

/** Every page of this layout is for signed-out visitors only (SPEC §6). */
export function loader({ context }: Route.LoaderArgs) {
  redirectSignedInHome(context);
  return null;
}

/** Sign-in, sign-up and password pages: no header or footer, one centred card. */
export default function EmptyLayout() {
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    <div
      data-layout="empty"
      className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 to-white px-4 py-8"
    >
      <Link to="/" className="mb-6 text-2xl font-extrabold text-brand-700">
        {root?.config.siteName ?? 'Khai Trí'}
      </Link>
      <main id="noi-dung" className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <Outlet />
      </main>
    </div>
  );
}
