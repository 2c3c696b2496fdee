import { PageFrame } from '../components/page-frame';
import { loadOr404, notFound } from '../not-found.server';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/m';

/** /m/{path...}: campaign landing pages (content type landing_page) reached by a multi-segment path. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const path = (params['*'] ?? '').split('/').filter(Boolean).join('/');
  if (!path || path.length > 500) notFound(request);
  const page = await loadOr404(request, () =>
    context.services.content.getPost({ slug: path, types: ['landing_page'] }),
  );
  return { page };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildSeoMeta(matches, {
    title: loaderData?.page.title ?? 'Trang chiến dịch',
    description: loaderData?.page.summary,
    path: loaderData?.page.url ?? '/',
    image: loaderData?.page.thumbnail,
  });

export default function MultiSegmentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <PageFrame title={page.title}>
      {page.summary ? <p className="mb-4 text-lg text-slate-700">{page.summary}</p> : null}
      <article className="prose-content text-slate-800" dangerouslySetInnerHTML={{ __html: page.content }} />
    </PageFrame>
  );
}
