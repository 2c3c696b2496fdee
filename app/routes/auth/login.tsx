import { ComingSoon } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đăng nhập' });

export default function LoginPage() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Đăng nhập</h1>
      <ComingSoon what="Biểu mẫu đăng nhập" />
    </>
  );
}
