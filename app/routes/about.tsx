import { BannerSlot } from '../components/banner-slot';
import { FeedbackList, PartnerLogos } from '../components/testimonials';
import { PageFrame } from '../components/page-frame';
import { buildSeoMeta, readPublicUrl } from '../seo';
import type { Route } from './+types/about';

export async function loader({ context }: Route.LoaderArgs) {
  const [intro, feedback, partners, banners, settings] = await Promise.all([
    context.services.content.listPosts({ type: 'intro', page: 1, limit: 20 }),
    context.services.content.listPosts({ type: 'feedback', page: 1, limit: 6 }),
    context.services.content.listMedia('partner', 1, 24),
    context.services.site.listBanners({ placements: [5, 25, 26], signedIn: context.viewer !== null }),
    context.services.site.getSettings(),
  ]);
  return { intro: intro.items, feedback: feedback.items, partners: partners.items, banners, settings };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildSeoMeta(matches, {
    title: 'Giới thiệu',
    description:
      'Khai Trí — nền tảng học trực tuyến cho người Việt: sứ mệnh, giá trị cốt lõi, đối tác và cảm nhận của học viên.',
    path: '/gioi-thieu',
    jsonLd: [{ '@type': 'Organization', name: 'Khai Trí', url: readPublicUrl(matches) }],
  });

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { intro, feedback, partners, banners, settings } = loaderData;
  const counters = [
    ['Trường học', settings.NUMBER_SCHOOL],
    ['Bài giảng', settings.NUMBER_LESSON],
    ['Học viên', settings.NUMBER_STUDENT],
    ['Đối tác', settings.NUMBER_PARTNER],
  ].filter(([, value]) => value?.trim());
  return (
    <PageFrame title="Giới thiệu" wide>
      <BannerSlot banners={banners[5] ?? []} placement={5} className="mb-8" priority />
      <div className="grid gap-6 md:grid-cols-3">
        {intro.map((item) => (
          <section key={item.id} id={item.slug} className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 className="mb-2 text-lg font-bold text-brand-700">{item.title}</h2>
            <p className="text-slate-800">{item.summary}</p>
          </section>
        ))}
      </div>
      {counters.length > 0 ? (
        <ul aria-label="Con số nổi bật" className="my-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counters.map(([label, value]) => (
            <li key={label} className="rounded-2xl bg-brand-50 p-4 text-center">
              <p className="text-2xl font-extrabold text-brand-700">{value}+</p>
              <p className="text-sm text-slate-700">{label}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {feedback.length > 0 ? (
        <section aria-labelledby="cam-nhan" className="my-8">
          <h2 id="cam-nhan" className="mb-3 text-xl font-bold">
            Cảm nhận của học viên
          </h2>
          <FeedbackList items={feedback} anchored />
        </section>
      ) : null}
      {partners.length > 0 ? (
        <section aria-labelledby="doi-tac" className="my-8">
          <h2 id="doi-tac" className="mb-3 text-xl font-bold">
            Đối tác
          </h2>
          <BannerSlot banners={banners[25] ?? []} placement={25} className="mb-4" />
          <PartnerLogos partners={partners} className="grid grid-cols-2 gap-3 sm:grid-cols-4" />
        </section>
      ) : null}
      <BannerSlot banners={banners[26] ?? []} placement={26} className="mt-8" />
    </PageFrame>
  );
}
