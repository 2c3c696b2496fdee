import { Link } from 'react-router';

/**
 * "Bạn có muốn tìm: …" when the words typed found nothing and the results are those of the corrected
 * query (meta.suggestion of the search), with a link to search it (`basePath`/{query}).
 */
export function SearchSuggestion({
  query,
  suggestion,
  basePath,
}: {
  query: string;
  suggestion: string | null;
  basePath: string;
}) {
  if (!suggestion) return null;
  return (
    <div className="mb-4 rounded-2xl bg-amber-50 p-3 ring-1 ring-amber-200" role="status">
      <p className="font-medium">
        Bạn có muốn tìm:{' '}
        <Link to={`${basePath}/${encodeURIComponent(suggestion)}`} className="font-semibold text-brand-700 underline">
          {suggestion}
        </Link>
      </p>
      <p className="text-sm text-slate-700">
        Không có kết quả cho “{query}”. Dưới đây là kết quả cho “{suggestion}”.
      </p>
    </div>
  );
}
