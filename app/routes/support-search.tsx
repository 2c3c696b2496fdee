import { Link } from 'react-router';
import { SupportSearchForm } from '../components/content/support-search-form';
import { PageFrame } from '../components/page-frame';
import { EmptyState } from '../components/post-card';
import { SearchSuggestion } from '../components/search/search-suggestion';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/support-search';

export async function loader({ params, context }: Route.LoaderArgs) {
  const query = params.slug.slice(0, 200);
  const result = await context.services.search.search({ q: query, kind: 'support', page: 1, limit: 30 });
  return { query, hits: result.items, total: result.total, capped: result.capped, suggestion: result.suggestion };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildSeoMeta(matches, {
    title: loaderData ? `Tìm kiếm hỗ trợ: ${loaderData.query}` : 'Tìm kiếm hỗ trợ',
    path: `/ho-tro-khach-hang/tim-kiem/${encodeURIComponent(loaderData?.query ?? '')}`,
    noindex: true,
  });

export default function SupportSearchPage({ loaderData }: Route.ComponentProps) {
  const { query, hits, total, capped, suggestion } = loaderData;
  return (
    <PageFrame
      title={`Tìm kiếm hỗ trợ: “${query}”`}
      crumbs={[{ label: 'Hỗ trợ khách hàng', to: '/ho-tro-khach-hang' }]}
    >
      <div className="mb-6">
        <SupportSearchForm defaultValue={query} />
      </div>
      <SearchSuggestion query={query} suggestion={suggestion} basePath="/ho-tro-khach-hang/tim-kiem" />
      <p className="mb-3 text-sm text-slate-600">{capped ? `Hơn ${total}` : total} kết quả</p>
      {hits.length === 0 ? (
        <EmptyState>
          Không tìm thấy bài viết phù hợp.{' '}
          <Link to="/lien-he" className="font-semibold text-brand-700 underline">
            Gửi câu hỏi cho chúng tôi
          </Link>
          .
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {hits.map((hit) => (
            <li key={hit.id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <h2 className="font-semibold">
                <Link
                  to={hit.url}
                  className="hover:text-brand-700"
                  dangerouslySetInnerHTML={{ __html: hit.title_html }}
                />
              </h2>
              <p className="mt-1 text-sm text-slate-700" dangerouslySetInnerHTML={{ __html: hit.snippet_html }} />
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
