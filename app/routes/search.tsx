import { Form, Link } from 'react-router';
import { formatDate } from '../../lib/format/date';
import { SEARCH_KIND_LABELS, SEARCH_SORT_LABELS, SEARCH_SORTS } from '../../modules/search/search-options';
import { PageFrame } from '../components/page-frame';
import { Pagination } from '../components/pagination';
import { EmptyState } from '../components/post-card';
import { readPage } from '../not-found.server';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/search';

const LIMIT = 20;
const KINDS = ['course', 'post', 'support'] as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = params.slug.slice(0, 200);
  const kindParam = url.searchParams.get('loai');
  const kind = KINDS.find((value) => value === kindParam);
  const sortParam = url.searchParams.get('sap-xep');
  const sort = SEARCH_SORTS.find((value) => value === sortParam) ?? 'relevance';
  const page = readPage(url);
  const result = await context.services.search.search({ q: query, kind, sort, page, limit: LIMIT });
  return { query, kind: kind ?? null, sort, page, search: url.search, ...result };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildSeoMeta(matches, {
    title: loaderData ? `Tìm kiếm: ${loaderData.query}` : 'Tìm kiếm',
    path: `/tim-kiem/${encodeURIComponent(loaderData?.query ?? '')}`,
    noindex: true,
  });

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, kind, sort, page, search, items, total, facets, capped } = loaderData;
  const all = facets.course + facets.post + facets.support;
  // Past CANDIDATE_LIMIT matches only the newest are ranked: the counts are lower bounds.
  const count = (value: number) => `${value}${capped ? '+' : ''}`;
  const tab = (value: string | null) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    if (value) params.set('loai', value);
    else params.delete('loai');
    return `?${params}`;
  };
  return (
    <PageFrame title={`Kết quả tìm kiếm cho “${query}”`} wide>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Loại kết quả" className="flex flex-wrap gap-2">
          <Link
            to={tab(null)}
            aria-current={kind === null ? 'page' : undefined}
            className={`rounded-full px-3 py-1.5 text-sm font-medium ${kind === null ? 'bg-brand-600 text-white' : 'bg-white ring-1 ring-slate-200'}`}
          >
            Tất cả ({count(all)})
          </Link>
          {KINDS.map((value) => (
            <Link
              key={value}
              to={tab(value)}
              aria-current={kind === value ? 'page' : undefined}
              className={`rounded-full px-3 py-1.5 text-sm font-medium ${kind === value ? 'bg-brand-600 text-white' : 'bg-white ring-1 ring-slate-200'}`}
            >
              {SEARCH_KIND_LABELS[value]} ({count(facets[value])})
            </Link>
          ))}
        </nav>
        <Form method="get" className="flex items-center gap-2">
          {kind ? <input type="hidden" name="loai" value={kind} /> : null}
          <label htmlFor="sap-xep" className="text-sm text-slate-700">
            Sắp xếp
          </label>
          <select
            id="sap-xep"
            name="sap-xep"
            defaultValue={sort}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          >
            {SEARCH_SORTS.map((value) => (
              <option key={value} value={value}>
                {SEARCH_SORT_LABELS[value]}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="btn-primary px-3 py-1.5 text-sm">
              Áp dụng
            </button>
          </noscript>
        </Form>
      </div>
      {items.length === 0 ? (
        <EmptyState>
          Không tìm thấy kết quả nào cho “{query}”. Hãy thử từ khóa ngắn hơn hoặc kiểm tra chính tả.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {items.map((hit) => (
            <li key={`${hit.kind}-${hit.id}`} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3">
              {hit.thumbnail ? (
                <img
                  src={hit.thumbnail}
                  alt=""
                  width={128}
                  height={72}
                  loading="lazy"
                  className="hidden aspect-video w-32 shrink-0 rounded-lg object-cover sm:block"
                />
              ) : null}
              <div className="min-w-0">
                <p className="text-xs font-semibold uppercase text-brand-700">
                  {SEARCH_KIND_LABELS[hit.kind]}
                  {hit.published_at ? (
                    <span className="ml-2 font-normal normal-case text-slate-600">{formatDate(hit.published_at)}</span>
                  ) : null}
                </p>
                <h2 className="font-semibold">
                  <Link
                    to={hit.url}
                    className="hover:text-brand-700"
                    dangerouslySetInnerHTML={{ __html: hit.title_html }}
                  />
                </h2>
                <p
                  className="mt-1 line-clamp-3 text-sm text-slate-700"
                  dangerouslySetInnerHTML={{ __html: hit.snippet_html }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} limit={LIMIT} total={total} search={search} />
    </PageFrame>
  );
}
