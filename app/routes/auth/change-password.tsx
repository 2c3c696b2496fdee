import { ComingSoon } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/change-password';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đổi mật khẩu' });

export default function ChangePasswordPage() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Đổi mật khẩu</h1>
      <ComingSoon what="Biểu mẫu đổi mật khẩu" />
    </>
  );
}
