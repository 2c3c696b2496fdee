/** A contest's ranking (top entries, the viewer's place) and its score distribution as an SVG chart. */
import { formatMinutesSeconds } from '../../../lib/format/duration';

export interface RankingEntry {
  rank: number;
  name: string;
  score: number;
  time_used_seconds: number;
  is_me: boolean;
}

const score = (value: number) => value.toLocaleString('vi-VN', { maximumFractionDigits: 2 });

export function Leaderboard({ entries, candidates }: { entries: RankingEntry[]; candidates: number }) {
  if (entries.length === 0) return <p className="text-sm text-slate-500">Chưa có thí sinh nào nộp bài.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="leaderboard">
        <caption className="mb-2 text-left text-slate-600">{candidates} thí sinh đã nộp bài</caption>
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="py-1 pr-2">Hạng</th>
            <th className="py-1 pr-2">Thí sinh</th>
            <th className="py-1 pr-2 text-right">Điểm</th>
            <th className="py-1 text-right">Thời gian</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr key={index} className={entry.is_me ? 'bg-sky-50 font-semibold' : 'border-t border-slate-100'}>
              <td className="py-1 pr-2">{entry.rank}</td>
              <td className="py-1 pr-2">{entry.is_me ? `${entry.name} (bạn)` : entry.name}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{score(entry.score)}</td>
              <td className="py-1 text-right tabular-nums">{formatMinutesSeconds(entry.time_used_seconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Ten bands 0–1 … 9–10 as bars; `highlight` marks the band of the viewer's score. */
export function ScoreDistribution({ bands, highlight }: { bands: number[]; highlight?: number | null }) {
  const max = Math.max(1, ...bands);
  const width = 320;
  const height = 140;
  const bar = width / bands.length;
  const mine = highlight == null ? -1 : Math.min(bands.length - 1, Math.floor(highlight));
  return (
    <figure className="max-w-md">
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="w-full" role="img" aria-label="Phổ điểm">
        {bands.map((count, index) => {
          const barHeight = Math.round((count / max) * height);
          return (
            <g key={index}>
              <rect
                x={index * bar + 3}
                y={height - barHeight}
                width={bar - 6}
                height={barHeight}
                className={index === mine ? 'fill-sky-600' : 'fill-slate-300'}
              >
                <title>{`${index}–${index + 1} điểm: ${count} thí sinh`}</title>
              </rect>
              <text
                x={index * bar + bar / 2}
                y={height + 14}
                textAnchor="middle"
                className="fill-slate-500 text-[10px]"
              >
                {index}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-slate-500">Phổ điểm (số thí sinh theo khoảng điểm)</figcaption>
    </figure>
  );
}
