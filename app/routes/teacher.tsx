import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/teacher';

export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Giảng viên' });

export default function TeacherPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Giảng viên">
      <p className="mb-4 text-sm text-slate-600">
        Đường dẫn: <code>{loaderData.slug}</code>
      </p>
      <ComingSoon what="Hồ sơ giảng viên và khóa học" />
    </PageFrame>
  );
}
