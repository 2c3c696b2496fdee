import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/solution-detail';

/** /giai-phap/{slug...}: a solution detail, possibly several segments deep. */
export function loader({ params }: Route.LoaderArgs) {
  return { path: (params['*'] ?? '').split('/').filter(Boolean) };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Giải pháp' });

export default function SolutionDetailPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Giải pháp" crumbs={[{ label: 'Giải pháp', to: '/giai-phap' }]}>
      <p className="mb-4 text-sm text-slate-600">
        Đường dẫn: <code>{loaderData.path.join(' / ')}</code>
      </p>
      <ComingSoon what="Nội dung giải pháp" />
    </PageFrame>
  );
}
