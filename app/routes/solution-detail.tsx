import { Link } from 'react-router';
import { cooperateAction } from '../cooperate.server';
import { BannerSlot } from '../components/banner-slot';
import { CooperateForm } from '../components/cooperate-form';
import { PageFrame } from '../components/page-frame';
import { loadOr404, notFound } from '../not-found.server';
import { breadcrumbLd, buildSeoMeta, readPublicUrl } from '../seo';
import type { Route } from './+types/solution-detail';

/** /giai-phap/{slug...}: a solution detail, possibly several segments deep. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const path = (params['*'] ?? '').split('/').filter(Boolean).join('/');
  if (!path || path.length > 500) notFound(request);
  const [solution, banners] = await Promise.all([
    loadOr404(request, () => context.services.content.getPost({ slug: path, types: ['solution'] })),
    context.services.site.listBanners({ placements: [11], signedIn: context.viewer !== null }),
  ]);
  return { solution, banners: banners[11] ?? [] };
}

/** The partnership request form below the solution. */
export async function action({ request, context }: Route.ActionArgs) {
  return cooperateAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildSeoMeta(matches, {
    title: loaderData?.solution.title ?? 'Giải pháp',
    description: loaderData?.solution.summary,
    path: loaderData?.solution.url ?? '/giai-phap',
    image: loaderData?.solution.thumbnail,
    jsonLd: loaderData
      ? [
          breadcrumbLd(readPublicUrl(matches), [
            ['Trang chủ', '/'],
            ['Giải pháp', '/giai-phap'],
            [loaderData.solution.title, loaderData.solution.url],
          ]),
        ]
      : [],
  });

export default function SolutionDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { solution, banners } = loaderData;
  return (
    <PageFrame title={solution.title} crumbs={[{ label: 'Giải pháp', to: '/giai-phap' }]}>
      <BannerSlot banners={banners} placement={11} className="mb-6" priority />
      <article className="prose-content text-slate-800" dangerouslySetInnerHTML={{ __html: solution.content }} />
      <p className="mt-8">
        <a href="#hop-tac" className="btn-primary">
          Liên hệ tư vấn
        </a>
      </p>
      {solution.related.length > 0 ? (
        <section aria-labelledby="giai-phap-khac" className="mt-10">
          <h2 id="giai-phap-khac" className="mb-2 text-lg font-bold">
            Giải pháp khác
          </h2>
          <ul className="space-y-1.5">
            {solution.related.map((item) => (
              <li key={item.id}>
                <Link to={item.url} className="text-brand-700 hover:underline">
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <CooperateForm state={actionData} />
    </PageFrame>
  );
}
