import { ComingSoon, PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/callback';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đang xác thực' });

export default function CallbackPage() {
  return (
    <PageFrame title="Đang xác thực">
      <ComingSoon what="Kết quả nhận diện số thuê bao" />
    </PageFrame>
  );
}
