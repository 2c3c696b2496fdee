import { isRouteErrorResponse, Link, Outlet, useNavigation, useRouteError } from 'react-router';
import { can, type StudioPermission } from '../../../modules/studio/permissions';
import { SideNav } from '../../components/side-nav';
import { requireStudio } from '../../guards.server';
import type { Route } from './+types/layout';

/** Editors and admins only; the sidebar shows only what the viewer may open. */
export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context);
  return { viewer: { fullName: viewer.fullName, role: viewer.role } };
}

/** The sidebar, by group (a heading on a laptop; one scrolling row on a phone). */
const LINKS: { to: string; label: string; end?: boolean; group?: string; permission?: StudioPermission }[] = [
  { to: '/studio', label: 'Tổng quan', end: true },
  { to: '/studio/khoa-hoc', label: 'Khóa học', group: 'Khóa học', permission: 'courses.write' },
  { to: '/studio/cau-hoi', label: 'Câu hỏi', group: 'Khóa học', permission: 'questions.read' },
  { to: '/studio/giang-vien', label: 'Giảng viên', group: 'Khóa học', permission: 'site.write' },
  { to: '/studio/chu-de', label: 'Chủ đề', group: 'Khóa học', permission: 'site.write' },
  { to: '/studio/de-thi', label: 'Đề thi', group: 'Cổng thi', permission: 'exams.write' },
  { to: '/studio/ky-thi', label: 'Kỳ thi', group: 'Cổng thi', permission: 'contests.read' },
  { to: '/studio/bai-viet', label: 'Bài viết', group: 'Nội dung', permission: 'content.write' },
  { to: '/studio/giai-phap', label: 'Giải pháp', group: 'Nội dung', permission: 'content.write' },
  { to: '/studio/tro-giup', label: 'Trợ giúp', group: 'Nội dung', permission: 'content.write' },
  { to: '/studio/trang', label: 'Trang nội dung', group: 'Nội dung', permission: 'content.write' },
  { to: '/studio/danh-muc', label: 'Danh mục', group: 'Nội dung', permission: 'content.write' },
  { to: '/studio/the', label: 'Hashtag', group: 'Nội dung', permission: 'content.write' },
  { to: '/studio/banner', label: 'Banner', group: 'Nội dung', permission: 'site.write' },
  { to: '/studio/menu', label: 'Menu', group: 'Nội dung', permission: 'site.write' },
  { to: '/studio/don-hang', label: 'Đơn hàng', group: 'Kinh doanh', permission: 'orders.read' },
  { to: '/studio/chuyen-khoan', label: 'Chuyển khoản', group: 'Kinh doanh', permission: 'orders.read' },
  { to: '/studio/hoa-don', label: 'Hóa đơn điện tử', group: 'Kinh doanh', permission: 'orders.read' },
  { to: '/studio/khuyen-mai', label: 'Ưu đãi', group: 'Kinh doanh', permission: 'promotions.read' },
  { to: '/studio/ma-kich-hoat', label: 'Mã kích hoạt', group: 'Kinh doanh', permission: 'codes.read' },
  { to: '/studio/goi-cuoc', label: 'Gói cước', group: 'Kinh doanh', permission: 'subscriptions.read' },
  { to: '/studio/cong-tac-vien', label: 'Cộng tác viên', group: 'Kinh doanh', permission: 'affiliates.manage' },
  { to: '/studio/hop-tac', label: 'Hợp tác', group: 'Kinh doanh', permission: 'partnerships.manage' },
  { to: '/studio/hoc-vien', label: 'Học viên', group: 'Người học', permission: 'users.read' },
  { to: '/studio/ho-tro', label: 'Hỗ trợ', group: 'Người học', permission: 'support.write' },
  { to: '/studio/bao-loi', label: 'Báo lỗi bài học', group: 'Người học', permission: 'support.write' },
  { to: '/studio/thong-bao', label: 'Gửi thông báo', group: 'Người học', permission: 'broadcasts.send' },
  { to: '/studio/du-lieu-ca-nhan', label: 'Dữ liệu cá nhân', group: 'Người học', permission: 'privacy.read' },
  { to: '/studio/cau-hinh', label: 'Cấu hình site', group: 'Hệ thống', permission: 'settings.write' },
  { to: '/studio/dieu-huong', label: 'Điều hướng', group: 'Hệ thống', permission: 'settings.write' },
  { to: '/studio/nhat-ky', label: 'Nhật ký', group: 'Hệ thống', permission: 'audit.read' },
  { to: '/studio/tac-vu', label: 'Tác vụ nền', group: 'Hệ thống', permission: 'jobs.manage' },
];

export const ROLE_LABELS: Record<string, string> = {
  learner: 'Học viên',
  teacher: 'Giảng viên',
  editor: 'Biên tập viên',
  admin: 'Quản trị viên',
};

function Frame({ children, role, fullName }: { children: React.ReactNode; role?: string; fullName?: string }) {
  const navigation = useNavigation();
  const links = LINKS.filter((link) => !link.permission || can(role as 'admin', link.permission));
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      {/* On a phone the name gives way (truncated), never the way back to the learner site. */}
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-1.5">
        <Link
          to="/studio"
          className="inline-flex min-h-11 shrink-0 items-center font-bold whitespace-nowrap text-brand-700"
        >
          Studio Khai Trí
        </Link>
        <div className="flex min-w-0 items-center gap-3 text-sm text-slate-600">
          {fullName ? (
            <p className="min-w-0 truncate" title={`${fullName}${role ? ` · ${ROLE_LABELS[role] ?? role}` : ''}`}>
              {fullName} {role ? `· ${ROLE_LABELS[role] ?? role}` : null}
            </p>
          ) : null}
          <Link to="/" className="inline-flex min-h-11 shrink-0 items-center whitespace-nowrap underline">
            Về trang học
          </Link>
        </div>
      </header>
      {navigation.state === 'loading' ? (
        <p role="status" className="bg-brand-50 px-4 py-1 text-sm text-brand-700">
          Đang tải…
        </p>
      ) : null}
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-4 px-3 py-4 lg:grid-cols-[200px_minmax(0,1fr)] lg:px-4">
        <SideNav label="Studio" links={links} />
        <main className="min-w-0">{children}</main>
      </div>
    </div>
  );
}

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame role={loaderData.viewer.role} fullName={loaderData.viewer.fullName}>
      <Outlet />
    </Frame>
  );
}

/** A page's error inside the studio frame (a 403 of the layout itself goes to the root error screen). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) throw error;
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'object' && error.data && 'message' in error.data
      ? String((error.data as { message: unknown }).message)
      : 'Đã có lỗi xảy ra. Vui lòng thử lại.';
  return (
    <Frame>
      <p role="alert" className="rounded-2xl bg-red-50 px-4 py-6 text-red-800">
        {message}
      </p>
    </Frame>
  );
}
