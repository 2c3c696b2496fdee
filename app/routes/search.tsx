import { Form, Link } from 'react-router';
import { SEARCH_KIND_LABELS, SEARCH_SORT_LABELS, SEARCH_SORTS } from '../../modules/search/search-options';
import { PageFrame } from '../components/page-frame';
import { Pagination } from '../components/pagination';
import { SearchHitRow } from '../components/search/search-hit';
import { SearchSuggestion } from '../components/search/search-suggestion';
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
  // Course results show their rating and price as course cards do.
  const courseIds = result.items.filter((hit) => hit.kind === 'course').map((hit) => hit.id);
  const courses = await context.services.course.listCoursesByIds(courseIds);
  return { query, kind: kind ?? null, sort, page, search: url.search, ...result, courses };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildSeoMeta(matches, {
    title: loaderData ? `Tìm kiếm: ${loaderData.query}` : 'Tìm kiếm',
    path: `/tim-kiem/${encodeURIComponent(loaderData?.query ?? '')}`,
    noindex: true,
  });

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, kind, sort, page, search, items, total, facets, capped, suggestion, courses } = loaderData;
  const courseById = new Map(courses.map((course) => [course.id, course]));
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
      <SearchSuggestion query={query} suggestion={suggestion} basePath="/tim-kiem" />
      {items.length === 0 ? (
        <EmptyState>
          Không tìm thấy kết quả nào cho “{query}”. Hãy thử từ khóa ngắn hơn hoặc kiểm tra chính tả.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {items.map((hit) => (
            <SearchHitRow
              key={`${hit.kind}-${hit.id}`}
              hit={hit}
              course={hit.kind === 'course' ? courseById.get(hit.id) : undefined}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} limit={LIMIT} total={total} search={search} />
    </PageFrame>
  );
}
