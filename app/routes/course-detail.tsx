import { lazy, Suspense } from 'react';
import { Link, redirect } from 'react-router';
import { z } from 'zod';
import { describeCourseCard } from '../../lib/course-card';
import { cleanPlainText } from '../../lib/text/plain-text';
import { isAppError } from '../../lib/errors';
import { formatHoursMinutes } from '../../lib/format/duration';
import { formatVietnameseNumber } from '../../lib/format/money';
import { isAppOnly } from '../../lib/platform';
import { BannerSlot } from '../components/banner-slot';
import { CourseGrid } from '../components/course-card';
import { Curriculum } from '../components/course/curriculum';
import { PurchaseBox } from '../components/course/purchase-box';
import { ReviewForm } from '../components/course/review-form';
import { Reviews } from '../components/course/reviews';
import { PageFrame } from '../components/page-frame';
import { usePagePersonal } from '../components/personal';
import { putChosenPackage } from '../cart.server';
import { formError, isFormState, keepValues, parseForm, runForm } from '../forms.server';
import { loginRedirectTarget, requireViewer } from '../guards.server';
import { loadOr404 } from '../not-found.server';
import { absoluteUrl, breadcrumbLd, buildSeoMeta, readPublicUrl } from '../seo';
import type { Route } from './+types/course-detail';

// Only a page showing a preview, or an app-only course, downloads these: the player and the
// install offer stay out of every other course page's script (the phone budget, bench -- phone).
const LessonPreview = lazy(() =>
  import('../components/course/lesson-preview').then((module) => ({ default: module.LessonPreview })),
);
const AppOnlyGate = lazy(() =>
  import('../components/install/install-offer').then((module) => ({ default: module.AppOnlyGate })),
);
const AppOnlyNote = lazy(() =>
  import('../components/install/install-offer').then((module) => ({ default: module.AppOnlyNote })),
);

async function loadPreview(context: Route.LoaderArgs['context'], raw: string | null) {
  const id = Number(raw);
  if (!raw || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
  try {
    return { lesson: await context.services.learning.getLessonContent(context.viewer?.id ?? null, id), error: null };
  } catch (error) {
    if (isAppError(error)) return { lesson: null, error: error.message };
    throw error;
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const course = await loadOr404(request, () =>
    context.services.course.getCourseDetails({ slug: params.slug }, context.viewer?.id),
  );
  const [reviews, preview, banners, owned, mine] = await Promise.all([
    context.services.course.listReviews({ id: course.id }, 1, 10),
    loadPreview(context, new URL(request.url).searchParams.get('xem-thu')),
    context.services.site.listBanners({ placements: [14], signedIn: context.signedIn }),
    context.viewer ? context.services.enrolments.owns(context.viewer.id, course.id) : false,
    context.viewer ? context.services.reviews.mine(context.viewer.id, course.id) : null,
  ]);
  return {
    course,
    reviews: reviews.items,
    preview,
    comboBanners: course.type === 'combo' ? (banners[14] ?? []) : [],
    owned,
    reviewForm: {
      signedIn: context.signedIn,
      canReview: mine?.can_review ?? false,
      review: mine?.review ?? null,
    },
    loginUrl: loginRedirectTarget(request),
  };
}

const reviewInput = z.object({
  rating: z.coerce
    .number({ error: 'Vui lòng chọn số sao.' })
    .int('Vui lòng chọn số sao.')
    .min(1, 'Vui lòng chọn số sao.')
    .max(5, 'Vui lòng chọn số sao.'),
  comment: z.string().max(2000, 'Nhận xét tối đa 2000 ký tự.').default(''),
});

/**
 * "Mua ngay" / "Thêm vào giỏ hàng" with the chosen package (anyone: an anonymous cart rides in its
 * cookie); "Vào học" on a free course: enrol (once), then study; anonymous visitors sign in and come back.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'buy' || intent === 'add') return putChosenPackage(request, context, form, intent);
  const viewer = requireViewer(request, context);
  if (form.get('intent') === 'review') {
    const values = keepValues(form, ['rating', 'comment']);
    const input = parseForm(reviewInput, Object.fromEntries(form));
    if (isFormState(input)) return formError(input, values, 400, 'review');
    return runForm(
      values,
      async () => {
        const course = await context.services.course.getCourseDetails({ slug: params.slug }, viewer.id);
        const result = await context.services.reviews.vote(viewer, {
          course_id: course.id,
          rating: input.rating,
          comment: cleanPlainText(input.comment),
        });
        return {
          intent: 'review',
          notice: result.updated ? 'Đã cập nhật đánh giá của bạn.' : 'Cảm ơn bạn đã đánh giá khóa học!',
          message: '',
          fields: {},
          values: {},
        };
      },
      'review',
    );
  }
  return runForm({}, async () => {
    const enrolled = await context.services.enrolments.enrolFree(viewer.id, { slug: params.slug });
    throw redirect(enrolled.study_url);
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return buildSeoMeta(matches, { title: 'Khóa học', path: '/khoa-hoc' });
  const { course } = loaderData;
  const publicUrl = readPublicUrl(matches);
  const path = `/khoa-hoc/${course.slug}`;
  const offers = (course.type === 'retail' ? [{ price: course.price_new ?? 0 }] : course.pods).map((offer) => ({
    '@type': 'Offer',
    price: offer.price,
    priceCurrency: 'VND',
    category: offer.price === 0 ? 'Free' : 'Paid',
    availability: 'https://schema.org/InStock',
    url: absoluteUrl(publicUrl, path),
  }));
  return buildSeoMeta(matches, {
    title: course.title,
    description: course.summary ?? course.description,
    path,
    image: course.thumbnail,
    type: 'product',
    jsonLd: [
      {
        '@type': 'Course',
        name: course.title,
        description: course.summary ?? course.title,
        url: absoluteUrl(publicUrl, path),
        ...(course.thumbnail ? { image: absoluteUrl(publicUrl, course.thumbnail) } : {}),
        provider: { '@type': 'Organization', name: 'Khai Trí', sameAs: publicUrl },
        ...(course.teacher ? { instructor: { '@type': 'Person', name: course.teacher.full_name } } : {}),
        inLanguage: 'vi',
        offers,
        hasCourseInstance: {
          '@type': 'CourseInstance',
          courseMode: 'Online',
          courseWorkload: `PT${Math.round(course.duration_seconds / 60)}M`,
        },
        ...(course.rating_summary.count > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: course.rating_summary.avg,
                ratingCount: course.rating_summary.count,
                bestRating: 5,
              },
            }
          : {}),
      },
      breadcrumbLd(publicUrl, [
        ['Trang chủ', '/'],
        ['Khóa học', '/khoa-hoc'],
        ...(course.category
          ? ([[course.category.name, `/danh-muc/${course.category.slug}`]] as Array<[string, string]>)
          : []),
        [course.title, path],
      ]),
    ],
  });
};

export default function CourseDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { course, reviews, preview, comboBanners, loginUrl } = loaderData;
  // On the page shared by signed-in learners, "owned" and the review form come from /ca-nhan.json.
  const personal = usePagePersonal<Pick<typeof loaderData, 'owned' | 'reviewForm'>>();
  const owned = personal?.owned ?? loaderData.owned;
  const reviewForm = personal?.reviewForm ?? loaderData.reviewForm;
  const reviewResult = actionData?.intent === 'review' ? actionData : undefined;
  const card = describeCourseCard(course);
  const crumbs = [
    { label: 'Khóa học', to: '/khoa-hoc' },
    ...(course.category ? [{ label: course.category.name, to: `/danh-muc/${course.category.slug}` }] : []),
  ];
  return (
    <PageFrame title={course.title} crumbs={crumbs} wide>
      <div className="grid gap-8 lg:grid-cols-[1fr_360px]">
        <div className="min-w-0 space-y-8">
          <section aria-label="Tổng quan" className="space-y-2">
            {course.summary ? <p className="text-lg text-slate-700">{course.summary}</p> : null}
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
              <span>{card.subtitle}</span>
              {course.rating_summary.count > 0 ? (
                <span>
                  <span aria-hidden="true" className="text-amber-500">
                    ★
                  </span>{' '}
                  {course.rating_summary.avg.toFixed(1)} ({course.rating_summary.count} đánh giá)
                </span>
              ) : null}
              <span>{course.lesson_count} bài học</span>
              {course.duration_seconds > 0 ? <span>{formatHoursMinutes(course.duration_seconds)}</span> : null}
              {course.level ? <span>Trình độ: {course.level}</span> : null}
              <span>{formatVietnameseNumber(course.enrolment_count)} học viên</span>
            </p>
          </section>
          {preview ? (
            <section
              id="xem-thu"
              aria-label="Học thử"
              className="scroll-mt-32 rounded-2xl border border-emerald-200 bg-emerald-50 p-4"
            >
              {preview.lesson && isAppOnly(course.flatform_type) ? (
                <Suspense fallback={null}>
                  <AppOnlyGate tone="light">
                    <LessonPreview lesson={preview.lesson} />
                  </AppOnlyGate>
                </Suspense>
              ) : preview.lesson ? (
                <Suspense fallback={null}>
                  <LessonPreview lesson={preview.lesson} />
                </Suspense>
              ) : (
                <p role="alert" className="text-slate-800">
                  {preview.error}
                </p>
              )}
            </section>
          ) : null}
          <BannerSlot banners={comboBanners} placement={14} />
          {course.children.length > 0 ? (
            <section aria-labelledby="khoa-con">
              <h2 id="khoa-con" className="mb-3 text-xl font-bold">
                Combo gồm {course.children.length} khóa học
              </h2>
              <CourseGrid courses={course.children} />
            </section>
          ) : null}
          <section aria-labelledby="gioi-thieu">
            <h2 id="gioi-thieu" className="mb-2 text-xl font-bold">
              Giới thiệu khóa học
            </h2>
            <div className="prose-content text-slate-800" dangerouslySetInnerHTML={{ __html: course.description }} />
          </section>
          {course.curriculum.length > 0 ? (
            <section aria-labelledby="giao-trinh">
              <h2 id="giao-trinh" className="mb-3 text-xl font-bold">
                Giáo trình
              </h2>
              <Curriculum lessons={course.curriculum} active={preview?.lesson?.id ?? null} />
            </section>
          ) : null}
          {course.teacher_profile ? (
            <section
              aria-labelledby="giang-vien"
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4"
            >
              {course.teacher_profile.avatar ? (
                <img
                  src={course.teacher_profile.avatar}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  className="h-18 w-18 rounded-full"
                />
              ) : null}
              <div>
                <h2 id="giang-vien" className="font-bold">
                  <Link to={`/giang-vien-hidden/${course.teacher_profile.slug}`} className="hover:text-brand-700">
                    {course.teacher_profile.full_name}
                  </Link>
                </h2>
                {course.teacher_profile.headline ? (
                  <p className="text-sm text-slate-700">{course.teacher_profile.headline}</p>
                ) : null}
              </div>
            </section>
          ) : null}
          <section aria-labelledby="danh-gia">
            <h2 id="danh-gia" className="mb-3 text-xl font-bold">
              Đánh giá của học viên
            </h2>
            <div className="space-y-4">
              <ReviewForm state={reviewForm} loginUrl={loginUrl} result={reviewResult} />
              <Reviews summary={course.rating_summary} reviews={reviews} />
            </div>
          </section>
        </div>
        <aside aria-label="Đăng ký học" className="order-first lg:sticky lg:top-20 lg:order-none lg:self-start">
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <img
              src={course.thumbnail ?? '/favicon.svg'}
              alt={course.title}
              width={640}
              height={360}
              className="aspect-video w-full object-cover"
            />
            <div className="space-y-3 p-4">
              <PurchaseBox
                course={course}
                price={card}
                owned={owned}
                error={reviewResult ? undefined : actionData?.message}
              />
              {isAppOnly(course.flatform_type) ? (
                <Suspense fallback={null}>
                  <AppOnlyNote />
                </Suspense>
              ) : null}
            </div>
          </div>
        </aside>
      </div>
      {course.related.length > 0 ? (
        <section aria-labelledby="lien-quan" className="mt-10">
          <h2 id="lien-quan" className="mb-3 text-xl font-bold">
            Khóa học liên quan
          </h2>
          <CourseGrid courses={course.related.slice(0, 4)} />
        </section>
      ) : null}
    </PageFrame>
  );
}
