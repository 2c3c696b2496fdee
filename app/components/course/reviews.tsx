import { formatDate } from '../../../lib/format/date';

interface Review {
  id: number;
  author_name: string;
  rating: number;
  comment: string | null;
  created_at: string;
}

function Stars({ value }: { value: number }) {
  const full = Math.round(value);
  return (
    <span aria-hidden="true" className="text-amber-500">
      {'★'.repeat(full)}
      <span className="text-slate-300">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

/** Rating summary (average, count, distribution) and the latest reviews. */
export function Reviews({
  summary,
  reviews,
}: {
  summary: { avg: number; count: number; distribution: Record<string, number> };
  reviews: Review[];
}) {
  if (summary.count === 0) return <p className="text-slate-600">Chưa có đánh giá nào cho khóa học này.</p>;
  return (
    <div className="grid gap-6 md:grid-cols-[220px_1fr]">
      <div className="rounded-2xl border border-slate-200 bg-white p-4 text-center">
        <p className="text-4xl font-extrabold text-slate-900">{summary.avg.toFixed(1)}</p>
        <Stars value={summary.avg} />
        <p className="text-sm text-slate-600">{summary.count} đánh giá</p>
        <ul className="mt-3 space-y-1 text-left text-xs text-slate-700">
          {[5, 4, 3, 2, 1].map((star) => {
            const count = summary.distribution[String(star)] ?? 0;
            return (
              <li key={star} className="flex items-center gap-2">
                <span className="w-8">{star} ★</span>
                <span className="h-2 flex-1 overflow-hidden rounded bg-slate-100">
                  <span className="block h-full bg-amber-400" style={{ width: `${(count / summary.count) * 100}%` }} />
                </span>
                <span className="w-6 text-right">{count}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <ul className="space-y-3">
        {reviews.map((review) => (
          <li key={review.id} className="rounded-2xl border border-slate-200 bg-white p-4">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold text-slate-900">{review.author_name}</span>
              <span role="img" aria-label={`${review.rating} trên 5 sao`}>
                <Stars value={review.rating} />
              </span>
              <span className="text-slate-600">{formatDate(review.created_at)}</span>
            </p>
            {review.comment ? <p className="mt-1 text-slate-800">{review.comment}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
