import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/solutions';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Giải pháp' });

export default function SolutionsPage() {
  return (
    <PageFrame title="Giải pháp">
      <ComingSoon what="Các giải pháp cho nhà trường và doanh nghiệp" />
    </PageFrame>
  );
}
