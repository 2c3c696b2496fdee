import { BannerSlot } from '../components/banner-slot';
import { Reveal } from '../components/reveal';
import { SmartLink } from '../components/smart-link';
import { buildMeta } from '../meta';
import type { Route } from './+types/home';

const HOME_PLACEMENTS = [1, 15, 8, 9, 16, 17, 18, 19];

const BLOCKS: Array<{ placement: number; title: string }> = [
  { placement: 17, title: 'Gợi ý cho bạn' },
  { placement: 16, title: 'Giải pháp cho nhà trường' },
  { placement: 8, title: 'Dành cho phụ huynh' },
  { placement: 19, title: 'Chuyển đổi số trong giáo dục' },
  { placement: 18, title: 'Có thể bạn quan tâm' },
  { placement: 9, title: 'Báo chí nói về chúng tôi' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { settings, banners } = await context.services.site.getPageData({
    signedIn: context.viewer !== null,
    placements: HOME_PLACEMENTS,
  });
  return { settings, banners };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Trang chủ' });

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { settings, banners } = loaderData;
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
          <BannerSlot banners={banners[1] ?? []} placement={1} />
        </div>
      </section>

      {counters.length > 0 ? (
        <section aria-label="Con số nổi bật" className="mx-auto max-w-7xl px-4 py-8">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {counters.map((counter) => (
              <li
                key={counter.label}
                className="rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm"
              >
                <p className="text-2xl font-extrabold text-brand-700">{counter.value}+</p>
                <p className="text-sm text-slate-600">{counter.label}</p>
              </li>
            ))}
          </ul>
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
