import { Link } from 'react-router';
import { cooperateAction } from '../cooperate.server';
import { BannerSlot } from '../components/banner-slot';
import { CooperateForm } from '../components/cooperate-form';
import { PageFrame } from '../components/page-frame';
import { EmptyState } from '../components/post-card';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/solutions';

export async function loader({ context }: Route.LoaderArgs) {
  const [solutions, banners] = await Promise.all([
    context.services.content.listPosts({ type: 'solution', page: 1, limit: 50 }),
    context.services.site.listBanners({ placements: [10], signedIn: context.viewer !== null }),
  ]);
  return { solutions: solutions.items, banners: banners[10] ?? [] };
}

/** The partnership request form at the bottom of the page. */
export async function action({ request, context }: Route.ActionArgs) {
  return cooperateAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildSeoMeta(matches, {
    title: 'Giải pháp',
    description:
      'Giải pháp chuyển đổi số cho nhà trường và doanh nghiệp: trường học số, thư viện số, đào tạo trực tuyến.',
    path: '/giai-phap',
  });

export default function SolutionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { solutions, banners } = loaderData;
  return (
    <PageFrame title="Giải pháp" wide>
      <BannerSlot banners={banners} placement={10} className="mb-6" priority />
      {solutions.length === 0 ? (
        <EmptyState>Chưa có giải pháp nào.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {solutions.map((solution) => (
            <li key={solution.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              {solution.thumbnail ? (
                <img
                  src={solution.thumbnail}
                  alt=""
                  width={640}
                  height={360}
                  loading="lazy"
                  className="aspect-video w-full object-cover"
                />
              ) : null}
              <div className="p-4">
                <h2 className="text-lg font-bold">
                  <Link to={solution.url} className="block hover:text-brand-700">
                    {solution.title}
                  </Link>
                </h2>
                {solution.summary ? <p className="mt-1 text-sm text-slate-700">{solution.summary}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <CooperateForm state={actionData} />
    </PageFrame>
  );
}
