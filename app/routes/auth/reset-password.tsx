import { ComingSoon } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đặt lại mật khẩu' });

export default function ResetPasswordPage() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Đặt lại mật khẩu</h1>
      <ComingSoon what="Biểu mẫu đặt mật khẩu mới" />
    </>
  );
}
