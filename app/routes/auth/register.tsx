import { ComingSoon } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đăng ký' });

export default function RegisterPage() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Đăng ký</h1>
      <ComingSoon what="Biểu mẫu đăng ký bằng số điện thoại hoặc email" />
    </>
  );
}
