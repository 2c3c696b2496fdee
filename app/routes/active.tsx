import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/active';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Kích hoạt khóa học' });

export default function ActivatePage() {
  return (
    <PageFrame title="Kích hoạt khóa học">
      <ComingSoon what="Ô nhập mã kích hoạt" />
    </PageFrame>
  );
}
