import { ComingSoon, PageFrame } from '../../components/page-frame';
import { buildMeta } from '../../meta';
import type { Route } from './+types/notification-detail';

export function loader({ params }: Route.LoaderArgs) {
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Chi tiết thông báo' });

export default function NotificationDetailPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame
      title="Chi tiết thông báo"
      crumbs={[
        { label: 'Tài khoản', to: '/tai-khoan/ho-so' },
        { label: 'Thông báo', to: '/tai-khoan/thong-bao' },
      ]}
    >
      <p className="mb-4 text-sm text-slate-600">
        Đường dẫn: <code>{loaderData.slug}</code>
      </p>
      <ComingSoon what="Nội dung thông báo" />
    </PageFrame>
  );
}
