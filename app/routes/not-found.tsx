import { data, Link } from 'react-router';
import { buildMeta } from '../meta';
import type { Route } from './+types/not-found';

export function loader() {
  return data({ ok: true }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Không tìm thấy trang' });

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-7xl font-extrabold text-brand-600">404</p>
      <h1 className="text-xl font-semibold text-slate-800">Không tìm thấy trang bạn cần</h1>
      <p className="text-slate-600">Trang có thể đã được di chuyển hoặc không còn tồn tại.</p>
      <Link to="/" className="btn-primary">
        Quay về trang chủ
      </Link>
    </div>
  );
}
