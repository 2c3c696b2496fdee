import { Link, Outlet, useRouteLoaderData } from 'react-router';
import type { RootData } from '../root';

/** The study layout: a slim top bar and the full width for the lesson and its curriculum. */
export default function LearningLayout() {
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    <div data-layout="learning" className="flex min-h-dvh flex-col bg-slate-950 text-slate-100">
      <header className="flex items-center gap-3 border-b border-slate-800 px-4 py-2">
        <Link to="/tai-khoan/khoa-hoc-cua-toi" className="rounded-lg px-2 py-1 text-sm hover:bg-slate-800">
          ← Khóa học của tôi
        </Link>
        <span className="font-bold text-white">{root?.config.siteName ?? 'Khai Trí'}</span>
      </header>
      <main id="noi-dung" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
