import { Link } from 'react-router';

/** Page links that keep the other query parameters (filters, sort) in the URL. */
export function Pagination({
  page,
  limit,
  total,
  search,
}: {
  page: number;
  limit: number;
  total: number;
  search: string;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return query ? `?${query}` : '?';
  };
  const numbers = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return (
    <nav aria-label="Phân trang" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={href(page - 1)}
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50"
          rel="prev"
        >
          ‹ Trước
        </Link>
      ) : null}
      {numbers.map((n) =>
        n === page ? (
          <span
            key={n}
            aria-current="page"
            className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white"
          >
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} className="rounded-lg border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50">
            {n}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link
          to={href(page + 1)}
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50"
          rel="next"
        >
          Sau ›
        </Link>
      ) : null}
    </nav>
  );
}
