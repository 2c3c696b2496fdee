import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/support';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Hỗ trợ khách hàng' });

export default function SupportPage() {
  return (
    <PageFrame title="Hỗ trợ khách hàng">
      <ComingSoon what="Các bài viết hướng dẫn và chính sách" />
    </PageFrame>
  );
}
