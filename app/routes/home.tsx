import { Link } from 'react-router';
import { FeedbackList, PartnerLogos } from '../components/testimonials';
import { BannerSlot } from '../components/banner-slot';
import { usePagePersonal } from '../components/personal';
import { CourseGrid } from '../components/course-card';
import { PostGrid } from '../components/post-card';
import { Reveal } from '../components/reveal';
import { SmartLink } from '../components/smart-link';
import { absoluteUrl, buildSeoMeta, readPublicUrl } from '../seo';
import { listHotCourses } from '../viewer.server';
import type { Route } from './+types/home';

const HOME_PLACEMENTS = [1, 15, 8, 9, 16, 17, 18, 19];

/** Banner blocks; placement 17 (the middle recommendation block) shows under the "Gợi ý cho bạn" courses. */
const BLOCKS: Array<{ placement: number; title: string }> = [
  { placement: 16, title: 'Giải pháp cho nhà trường' },
  { placement: 8, title: 'Dành cho phụ huynh' },
  { placement: 19, title: 'Chuyển đổi số trong giáo dục' },
  { placement: 18, title: 'Có thể bạn quan tâm' },
  { placement: 9, title: 'Báo chí nói về chúng tôi' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const hotCourses = listHotCourses(context);
  // Popular on the shared page (no viewer: anonymous, or signed-in learners, whose personal
  // recommendations come from /ca-nhan.json); personal when the page is rendered for one learner.
  const recommended = hotCourses.then((hot) =>
    context.services.recommendations.forViewer(context.viewer?.id ?? null, {
      limit: 4,
      excludeIds: hot.items.map((course) => course.id),
    }),
  );
  const [{ settings, banners }, hot, recommendations, categories, news, feedback, partners] = await Promise.all([
    context.services.site.getPageData({ signedIn: context.signedIn, placements: HOME_PLACEMENTS }),
    hotCourses,
    recommended,
    context.services.catalog.listCategories('course'),
    context.services.content.listPosts({ type: 'post', page: 1, limit: 3 }),
    context.services.content.listPosts({ type: 'feedback', page: 1, limit: 3 }),
    context.services.content.listMedia('partner', 1, 12),
  ]);
  return {
    settings,
    banners,
    hotCourses: hot.items,
    recommendations,
    categories: categories.filter((category) => category.parent_id === null),
    news: news.items,
    feedback: feedback.items,
    partners: partners.items,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = readPublicUrl(matches);
  return buildSeoMeta(matches, {
    title: 'Trang chủ',
    path: '/',
    jsonLd: [
      { '@type': 'Organization', name: 'Khai Trí', url: publicUrl, logo: absoluteUrl(publicUrl, '/favicon.svg') },
      {
        '@type': 'WebSite',
        name: 'Khai Trí',
        url: publicUrl,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${publicUrl}/tim-kiem/{search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  });
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { settings, banners, hotCourses, categories, news, feedback, partners } = loaderData;
  // A signed-in learner's own recommendations replace the popular ones once /ca-nhan.json answers.
  const recommendations =
    usePagePersonal<{ recommendations: typeof loaderData.recommendations }>()?.recommendations ??
    loaderData.recommendations;
  const counters = [
    { label: 'Trường học', value: settings.NUMBER_SCHOOL },
    { label: 'Bài giảng', value: settings.NUMBER_LESSON },
    { label: 'Học viên', value: settings.NUMBER_STUDENT },
    { label: 'Đối tác', value: settings.NUMBER_PARTNER },
  ].filter((counter) => counter.value.trim() !== '');
  const popup = banners[15]?.find((banner) => banner.type === 'popup');

  return (
    <>
      <section
        className="bg-cover bg-center"
        style={{
          backgroundColor: settings.COLOR_BANNER_HOME || undefined,
          backgroundImage: settings.BACKGROUND_HOME_PC ? `url("${settings.BACKGROUND_HOME_PC}")` : undefined,
        }}
      >
        <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
          <h1 className="mb-4 text-2xl font-extrabold text-white sm:text-4xl">Học trực tuyến mọi lúc, mọi nơi</h1>
          <BannerSlot banners={banners[1] ?? []} placement={1} carousel priority />
        </div>
      </section>

      {counters.length > 0 ? (
        <section aria-label="Con số nổi bật" className="mx-auto max-w-7xl px-4 py-8">
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {counters.map((counter) => (
              <li
                key={counter.label}
                className="rounded-2xl border border-slate-200 bg-white p-3 text-center shadow-sm sm:p-4"
              >
                {/* Fluid size: '2.400.000+' fits a half-width card from 320 px up, and wraps if ever longer. */}
                <p className="text-[clamp(1rem,5vw,1.5rem)] font-extrabold text-brand-700 [overflow-wrap:anywhere]">
                  {counter.value}+
                </p>
                <p className="text-sm text-slate-600">{counter.label}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {hotCourses.length > 0 ? (
        <section aria-labelledby="khoa-hoc-noi-bat" className="mx-auto max-w-7xl px-4 py-6">
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id="khoa-hoc-noi-bat" className="text-xl font-bold text-slate-900">
              Khóa học nổi bật
            </h2>
            <Link
              to="/khoa-hoc?hot=1"
              className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline"
            >
              Xem tất cả
            </Link>
          </div>
          <CourseGrid courses={hotCourses} />
        </section>
      ) : null}

      {categories.length > 0 ? (
        <section aria-labelledby="danh-muc" className="mx-auto max-w-7xl px-4 py-6">
          <h2 id="danh-muc" className="mb-3 text-xl font-bold text-slate-900">
            Danh mục khóa học
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/danh-muc/${category.slug}`}
                  className="block h-full rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-500 hover:shadow-sm"
                >
                  <span className="font-semibold text-slate-900">{category.name}</span>
                  <span className="block text-sm text-slate-600">{category.course_count ?? 0} khóa học</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {recommendations.items.length > 0 ? (
        <section aria-labelledby="goi-y-cho-ban" className="mx-auto max-w-7xl px-4 py-6" data-testid="recommendations">
          <h2 id="goi-y-cho-ban" className="text-xl font-bold text-slate-900">
            Gợi ý cho bạn
          </h2>
          <p className="mb-3 text-sm text-slate-600">
            {recommendations.source === 'personal'
              ? 'Theo chủ đề bạn quan tâm và những khóa học bạn đã xem'
              : 'Những khóa học được nhiều học viên chọn nhất'}
          </p>
          <CourseGrid courses={recommendations.items} />
          <BannerSlot banners={banners[17] ?? []} placement={17} className="mt-4" />
        </section>
      ) : null}

      {BLOCKS.map((block) =>
        (banners[block.placement] ?? []).length > 0 ? (
          <Reveal key={block.placement} className="mx-auto max-w-7xl px-4 py-6">
            <h2 className="mb-3 text-xl font-bold text-slate-900">{block.title}</h2>
            <BannerSlot banners={banners[block.placement] ?? []} placement={block.placement} />
          </Reveal>
        ) : null,
      )}

      {news.length > 0 ? (
        <section aria-labelledby="tin-tuc-moi" className="mx-auto max-w-7xl px-4 py-6">
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id="tin-tuc-moi" className="text-xl font-bold text-slate-900">
              Tin tức mới
            </h2>
            <Link
              to="/tin-tuc"
              className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline"
            >
              Xem tất cả
            </Link>
          </div>
          <PostGrid posts={news} />
        </section>
      ) : null}

      {feedback.length > 0 ? (
        <section aria-labelledby="cam-nhan" className="mx-auto max-w-7xl px-4 py-6">
          <h2 id="cam-nhan" className="mb-3 text-xl font-bold text-slate-900">
            Học viên nói gì về Khai Trí
          </h2>
          <FeedbackList items={feedback} />
        </section>
      ) : null}

      {partners.length > 0 ? (
        <section aria-labelledby="doi-tac" className="mx-auto max-w-7xl px-4 py-6">
          <h2 id="doi-tac" className="mb-3 text-xl font-bold text-slate-900">
            Đối tác
          </h2>
          <PartnerLogos partners={partners} className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6" />
        </section>
      ) : null}

      {popup?.content ? (
        <aside aria-label={popup.title} className="mx-auto my-6 max-w-7xl px-4" data-placement="15">
          <div className="rounded-2xl border border-brand-100 bg-brand-50 p-4 text-slate-800">
            <div dangerouslySetInnerHTML={{ __html: popup.content }} />
            {popup.link_url ? (
              <SmartLink href={popup.link_url} className="mt-2 inline-block font-semibold text-brand-700 underline">
                Xem chi tiết
              </SmartLink>
            ) : null}
          </div>
        </aside>
      ) : null}
    </>
  );
}
