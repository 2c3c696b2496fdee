import { ComingSoon } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/check-phone';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Kiểm tra số điện thoại' });

export default function CheckPhonePage() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Kiểm tra số điện thoại</h1>
      <ComingSoon what="Ô nhập số điện thoại" />
    </>
  );
}
