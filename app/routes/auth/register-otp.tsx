import { ComingSoon } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/register-otp';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Xác thực mã OTP' });

export default function RegisterOtpPage() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Xác thực mã OTP</h1>
      <ComingSoon what="Ô nhập mã OTP" />
    </>
  );
}
