import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/verified';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Xác thực thành công' });

export default function VerifiedPage() {
  return (
    <PageFrame title="Xác thực thành công">
      <ComingSoon what="Kết quả xác thực tài khoản" />
    </PageFrame>
  );
}
