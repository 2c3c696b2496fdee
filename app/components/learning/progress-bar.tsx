/** A course's completion as a bar with its percentage (shared by the study page and "my courses"). */
export function ProgressBar({ percent, tone = 'light' }: { percent: number; tone?: 'light' | 'dark' }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-label="Tiến độ khóa học"
        className={`h-2 flex-1 overflow-hidden rounded-full ${tone === 'dark' ? 'bg-slate-700' : 'bg-slate-200'}`}
      >
        <div className="h-full rounded-full bg-emerald-500" style={{ width: `${value}%` }} />
      </div>
      <span
        className={`w-10 text-right text-xs font-semibold ${tone === 'dark' ? 'text-slate-200' : 'text-slate-700'}`}
      >
        {value}%
      </span>
    </div>
  );
}
