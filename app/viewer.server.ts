/**
 * The viewer's own bits of a page: the header's (name, role, avatar, unread notifications, cart
 * count) and, on a page that signed-in learners share (server/http/page-cache.ts), that page's
 * personal part: the home's recommendations, a course's "owned" flag and review form, the list of
 * "my courses". The root loader renders the header bits into pages rendered for one viewer;
 * app/routes/personal[.]json.ts sends them to the browser of a learner who got a shared page.
 */
import type { AppLoadContext } from 'react-router';
import { readCartToken } from '../modules/cart/cart-cookie';
import type { Viewer } from '../modules/services';
import { loadMyCoursesData, loadStudyPersonal } from './learning.server';

export interface HeaderBits {
  viewer: { id: number; fullName: string; role: Viewer['role']; avatarUrl: string | null } | null;
  unreadNotifications: number;
  cartCount: number;
}

export async function loadHeaderBits(request: Request, context: AppLoadContext): Promise<HeaderBits> {
  const { services, viewer } = context;
  const [unreadNotifications, cartCount, avatarUrl] = await Promise.all([
    viewer ? services.notifications.countUnread(viewer.id) : Promise.resolve(0),
    // The header's cart count: the learner's cart, or an anonymous visitor's (its kt_cart cookie).
    services.cart.count(viewer?.id, readCartToken(request.headers.get('cookie'))),
    // One primary-key read, only when signed in; the header falls back to initials.
    viewer
      ? services.profile.get(viewer.id).then(
          (profile) => profile.avatar_url,
          () => null,
        )
      : Promise.resolve(null),
  ]);
  return {
    viewer: viewer ? { id: viewer.id, fullName: viewer.fullName, role: viewer.role, avatarUrl } : null,
    unreadNotifications,
    cartCount,
  };
}

/** The home's hot courses, which its recommendations leave out (the home loader asks the same). */
export function listHotCourses(context: AppLoadContext) {
  return context.services.course.listCourses({ hot: true, sort: 'popular', page: 1, limit: 8 });
}

const COURSE_PAGE = /^\/khoa-hoc\/([^/]+)$/;
const MY_COURSES_PAGE = '/tai-khoan/khoa-hoc-cua-toi';
const STUDY_PAGE = /^\/vao-hoc\/([^/]+)$/;

/** The personal part of a shared page for this viewer; null for a page without one. */
export async function loadPagePersonal(context: AppLoadContext, viewer: Viewer, page: string) {
  const { services } = context;
  const { pathname, searchParams } = new URL(page, 'http://page.invalid');
  // A study page: the learner's marks, course progress and the lesson's resume point.
  const studied = STUDY_PAGE.exec(pathname)?.[1];
  const lessonId = Number(searchParams.get('bai'));
  if (studied !== undefined) {
    return Number.isSafeInteger(lessonId) && lessonId > 0
      ? loadStudyPersonal(context, viewer.id, safeDecode(studied), lessonId)
      : null;
  }
  if (pathname === '/') {
    const hot = await listHotCourses(context);
    const recommendations = await services.recommendations.forViewer(viewer.id, {
      limit: 4,
      excludeIds: hot.items.map((course) => course.id),
    });
    return { recommendations };
  }
  // "My courses": the learner's whole list (the frame picks the tab), as a page rendered for them had.
  if (pathname === MY_COURSES_PAGE) return loadMyCoursesData(context, viewer.id);
  const slug = COURSE_PAGE.exec(pathname)?.[1];
  if (slug === undefined) return null;
  // Records the view in the learner's history, as a page rendered for them did.
  const course = await services.course.getCourseDetails({ slug: safeDecode(slug) }, viewer.id).catch(() => null);
  if (!course) return null;
  const [owned, mine] = await Promise.all([
    services.enrolments.owns(viewer.id, course.id),
    services.reviews.mine(viewer.id, course.id),
  ]);
  return {
    owned,
    reviewForm: { signedIn: true, canReview: mine?.can_review ?? false, review: mine?.review ?? null },
  };
}

/** A path segment decoded; as sent when it is not valid percent-encoding. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
