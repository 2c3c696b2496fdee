import { Link, useLocation } from 'react-router';
import { MyCourses } from '../../components/learning/my-courses';
import { myCoursesTab, pickMyCourses } from '../../components/learning/my-courses-tabs';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/post-card';
import { usePagePersonal, usePersonal } from '../../components/personal';
import { isSharedRender, requireViewer } from '../../guards.server';
import { loadMyCourses, type loadMyCoursesData } from '../../learning.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/my-courses';

/**
 * Rendered for the learner (their list in the page), or, from the page micro-cache, as a frame
 * shared by everyone signed in (server/http/page-cache.ts) whose list comes from /ca-nhan.json.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (isSharedRender(context)) return { mine: null };
  const viewer = requireViewer(request, context);
  return { mine: await loadMyCourses(request, context, viewer.id) };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học của tôi' });

type MyCoursesData = Awaited<ReturnType<typeof loadMyCoursesData>>;

/** The shared frame's list: loading, then the learner's courses, or what went wrong. */
function PersonalList() {
  const { search, pathname } = useLocation();
  const { bits, path, failedPath, retry } = usePersonal();
  const data = usePagePersonal<MyCoursesData>();
  if (data?.courses && data.viewed) {
    return (
      <MyCourses basePath={pathname} {...pickMyCourses(data.courses, myCoursesTab(search))} viewed={data.viewed} />
    );
  }
  // The session ended between the page and its bits (signed out elsewhere, expired).
  if (bits && path === pathname && !bits.viewer) {
    return (
      <EmptyState>
        Phiên đăng nhập đã kết thúc.{' '}
        <Link
          to={`/dang-nhap?redirect=${encodeURIComponent(`${pathname}${search}`)}`}
          className="font-semibold text-brand-700 underline"
        >
          Đăng nhập lại
        </Link>{' '}
        để xem khóa học của bạn.
      </EmptyState>
    );
  }
  if (failedPath === pathname) {
    return (
      <div
        role="alert"
        className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-6 text-center text-slate-800"
      >
        <p>Chưa tải được danh sách khóa học của bạn. Kiểm tra kết nối mạng rồi thử lại.</p>
        <button type="button" onClick={retry} className="btn-primary mt-3">
          Thử lại
        </button>
      </div>
    );
  }
  return (
    <div aria-busy="true" className="space-y-3">
      <p className="sr-only" role="status">
        Đang tải khóa học của bạn…
      </p>
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-28 animate-pulse rounded-2xl bg-slate-100" />
      ))}
      <noscript>
        <p className="text-sm text-slate-700">Bật JavaScript để xem danh sách khóa học của bạn.</p>
      </noscript>
    </div>
  );
}

export default function MyCoursesPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Khóa học của tôi" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      {loaderData.mine ? <MyCourses basePath="/tai-khoan/khoa-hoc-cua-toi" {...loaderData.mine} /> : <PersonalList />}
    </PageFrame>
  );
}
