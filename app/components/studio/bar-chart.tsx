/**
 * A small accessible bar chart: inline SVG with a `<title>`, and the same numbers in a visually
 * hidden table for screen readers. No chart library (cheap phones, slow networks).
 */
import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

export function BarChart({ title, bars, format }: { title: string; bars: Bar[]; format: (value: number) => string }) {
  const id = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = 300;
  const height = 80;
  const step = width / Math.max(1, bars.length);
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-3">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">{title}</span>
        <span className="font-semibold text-brand-700">{format(total)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-20 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-title`}
      >
        <title id={`${id}-title`}>{`${title}: ${format(total)}`}</title>
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} className="stroke-slate-300" />
        {bars.map((bar, index) => {
          const barHeight = (bar.value / max) * (height - 2);
          return (
            <rect
              key={bar.label}
              x={index * step + step * 0.1}
              y={height - 1 - barHeight}
              width={step * 0.8}
              height={barHeight}
              className="fill-brand-600"
            />
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{bars[0]?.label}</span>
        <span>{bars.at(-1)?.label}</span>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Kỳ</th>
            <th scope="col">Giá trị</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td>{format(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
