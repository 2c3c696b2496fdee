import { Outlet } from 'react-router';
import { SideNav } from '../components/side-nav';
import { SiteFrame } from '../components/site-frame';
import { isSharedRender, requireViewer } from '../guards.server';
import type { Route } from './+types/profile';

/**
 * Anonymous or expired: log out and go to /dang-nhap?redirect={href} (SPEC §6). A frame shared by
 * signed-in learners ("my courses" from the micro-cache) was asked for by a signed-in learner.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (!isSharedRender(context)) requireViewer(request, context);
  return null;
}

export const ACCOUNT_LINKS = [
  { to: '/tai-khoan/ho-so', label: 'Hồ sơ' },
  { to: '/tai-khoan/khoa-hoc-cua-toi', label: 'Khóa học của tôi' },
  { to: '/tai-khoan/khoa-hoc-da-xem', label: 'Khóa học đã xem' },
  { to: '/tai-khoan/tai-ve', label: 'Bài học đã tải về' },
  { to: '/tai-khoan/chung-chi', label: 'Chứng chỉ' },
  { to: '/tai-khoan/chu-de-quan-tam', label: 'Chủ đề quan tâm' },
  { to: '/tai-khoan/don-hang', label: 'Đơn hàng' },
  { to: '/tai-khoan/goi-cuoc', label: 'Gói cước' },
  { to: '/tai-khoan/thong-bao', label: 'Thông báo' },
  { to: '/tai-khoan/uu-dai', label: 'Ưu đãi' },
  { to: '/tai-khoan/kich-hoat-khoa-hoc', label: 'Kích hoạt khóa học' },
  { to: '/tai-khoan/cong-tac-vien', label: 'Cộng tác viên' },
  { to: '/tai-khoan/du-lieu-ca-nhan', label: 'Dữ liệu cá nhân' },
] as const;

/** The account area: the site frame with the account menu beside the page. */
export default function ProfileLayout() {
  return (
    <SiteFrame layout="profile">
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 lg:grid-cols-[240px_minmax(0,1fr)]">
        <SideNav label="Tài khoản" links={ACCOUNT_LINKS} />
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </SiteFrame>
  );
}
