import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/m';

/** /m/{path...}: pages reached by a multi-segment path (campaign and app deep links). */
export function loader({ params }: Route.LoaderArgs) {
  return { path: (params['*'] ?? '').split('/').filter(Boolean) };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Trang chiến dịch' });

export default function MultiSegmentPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Trang chiến dịch">
      <p className="mb-4 text-sm text-slate-600">
        Đường dẫn: <code>{loaderData.path.join(' / ')}</code>
      </p>
      <ComingSoon what="Nội dung chiến dịch" />
    </PageFrame>
  );
}
