import { data } from 'react-router';
import { PageFrame } from '../components/page-frame';
import { applyRouteRule } from '../guards.server';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/generic-page';

/** /:slug — a generic page authored in the studio, after the route rules. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await applyRouteRule(request, context);
  const page = await context.services.site.findPage(params.slug);
  if (!page) throw data({ message: `Page not found: ${new URL(request.url).pathname}` }, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildSeoMeta(matches, {
    title: loaderData?.page.title,
    description: loaderData?.page.description ?? loaderData?.page.content,
    path: `/${loaderData?.page.slug ?? ''}`,
    type: 'article',
  });

export default function GenericPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <PageFrame title={page.title}>
      <article className="prose-content max-w-3xl text-slate-800" dangerouslySetInnerHTML={{ __html: page.content }} />
    </PageFrame>
  );
}
