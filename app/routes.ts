/**
 * The route table: one line per path of SPEC §2, grouped by layout (blog, default, empty,
 * learning, mobile-payment, profile, and /mobienglish with its own).
 */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  // Redirects and frameless routes.
  route('lm/active', 'routes/lm-active.tsx'),
  route('tai-khoan', 'routes/account/index.tsx'),
  route('dang-xuat', 'routes/auth/logout.tsx'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('chung-chi/:code/in', 'routes/certificate-print.tsx'),

  // The studio, for editors and admins, with its own frame.
  route('studio', 'routes/studio/layout.tsx', [
    index('routes/studio/index.tsx'),
    route('don-hang', 'routes/studio/orders.tsx'),
    route('don-hang/:code', 'routes/studio/order.tsx'),
    route('hoc-vien', 'routes/studio/users.tsx'),
    route('hoc-vien/:id', 'routes/studio/user.tsx'),
    route('nhat-ky', 'routes/studio/audit.tsx'),
    route('khoa-hoc', 'routes/studio/courses.tsx'),
    route('khoa-hoc/:id', 'routes/studio/course.tsx'),
    route('ho-tro', 'routes/studio/support.tsx'),
    route('ho-tro/:id', 'routes/studio/support-request.tsx'),
    route('bao-loi', 'routes/studio/error-reports.tsx'),
    route('thong-bao', 'routes/studio/broadcasts.tsx'),
  ]),

  layout('layouts/default.tsx', [
    index('routes/home.tsx'),
    route('404', 'routes/not-found.tsx'),
    route('active', 'routes/active.tsx'),
    route('callback', 'routes/callback.tsx'),
    route('chung-chi', 'routes/certificate-lookup.tsx'),
    route('chung-chi/:code', 'routes/certificate.tsx'),
    route('cong-thi', 'routes/exam-gate.tsx'),
    route('danh-muc/:slug', 'routes/course-category.tsx'),
    route('giai-phap', 'routes/solutions.tsx'),
    route('giai-phap/*', 'routes/solution-detail.tsx'),
    route('giang-vien-hidden/:slug', 'routes/teacher.tsx'),
    route('gio-hang', 'routes/cart.tsx'),
    route('gioi-thieu', 'routes/about.tsx'),
    route('ho-tro-khach-hang', 'routes/support.tsx'),
    route('ho-tro-khach-hang/tim-kiem/:slug', 'routes/support-search.tsx'),
    route('ho-tro-khach-hang/:slug', 'routes/support-article.tsx'),
    route('khoa-hoc', 'routes/courses.tsx'),
    route('khoa-hoc/:slug', 'routes/course-detail.tsx'),
    route('lien-he', 'routes/contact.tsx'),
    route('m/*', 'routes/m.tsx'),
    route('mycourse', 'routes/mycourse.tsx'),
    route('tim-kiem', 'routes/search-redirect.tsx'),
    route('tim-kiem/:slug', 'routes/search.tsx'),
    route('verified', 'routes/verified.tsx'),
    route('verify-change-email', 'routes/verify-change-email.tsx'),
    route(':slug', 'routes/generic-page.tsx'),
    route('*', 'routes/catch-all.tsx'),
  ]),

  layout('layouts/blog.tsx', [
    route('tin-tuc', 'routes/news.tsx'),
    route('tin-tuc/:slug', 'routes/news-article.tsx'),
    route('danh-muc-tin-tuc/:slug', 'routes/news-category.tsx'),
    route('hashtag/:slug', 'routes/hashtag.tsx'),
  ]),

  layout('layouts/empty.tsx', [
    route('dang-ky', 'routes/auth/register.tsx'),
    route('dang-nhap', 'routes/auth/login.tsx'),
    route('doi-mat-khau', 'routes/auth/change-password.tsx'),
    route('quen-mat-khau-step-2', 'routes/auth/reset-password.tsx'),
    route('register-otp', 'routes/auth/register-otp.tsx'),
    route('kiem-tra-sdt', 'routes/auth/check-phone.tsx'),
  ]),

  layout('layouts/mobile-payment.tsx', [route('gio-hang/thanh-toan', 'routes/checkout.tsx')]),

  layout('layouts/learning.tsx', [route('vao-hoc/:slug', 'routes/study.tsx')]),

  route('mobienglish', 'routes/mobienglish.tsx'),

  layout('layouts/profile.tsx', [
    route('tai-khoan/chu-de-quan-tam', 'routes/account/topics.tsx'),
    route('tai-khoan/chung-chi', 'routes/account/certificates.tsx'),
    route('tai-khoan/don-hang', 'routes/account/orders.tsx'),
    route('tai-khoan/goi-cuoc', 'routes/account/subscriptions.tsx'),
    route('tai-khoan/ho-so', 'routes/account/profile.tsx'),
    route('tai-khoan/khoa-hoc-cua-toi', 'routes/account/my-courses.tsx'),
    route('tai-khoan/khoa-hoc-da-xem', 'routes/account/viewed-courses.tsx'),
    route('tai-khoan/kich-hoat-khoa-hoc', 'routes/account/activate.tsx'),
    route('tai-khoan/thong-bao', 'routes/account/notifications.tsx'),
    route('tai-khoan/thong-bao/:slug', 'routes/account/notification-detail.tsx'),
    route('tai-khoan/uu-dai', 'routes/account/offers.tsx'),
  ]),
] satisfies RouteConfig;
