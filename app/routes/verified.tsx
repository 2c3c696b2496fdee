import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame';
import { safeRedirect } from '../forms.server';
import { buildMeta } from '../meta';
import type { Route } from './+types/verified';

/** Where "Tiếp tục" leads: `?next=`, kept on this site. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { next: safeRedirect(context, new URL(request.url).searchParams.get('next')) };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Xác thực thành công' });

export default function VerifiedPage({ loaderData }: Route.ComponentProps) {
  const target = loaderData.next;
  return (
    <PageFrame title="Xác thực thành công">
      <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
        <p className="text-lg font-semibold">Tài khoản của bạn đã được kích hoạt.</p>
        <p className="mt-1">Bạn đã đăng nhập và có thể bắt đầu học ngay.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={target} className="btn-primary">
            Tiếp tục
          </Link>
          <Link to="/tai-khoan/ho-so" className="rounded-xl border border-emerald-300 px-4 py-2.5 font-semibold">
            Hoàn thiện hồ sơ
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}
