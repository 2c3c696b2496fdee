import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/verify-change-email';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Xác nhận đổi email' });

export default function VerifyChangeEmailPage() {
  return (
    <PageFrame title="Xác nhận đổi email">
      <ComingSoon what="Kết quả xác nhận địa chỉ email mới" />
    </PageFrame>
  );
}
