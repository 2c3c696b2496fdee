/**
 * A countdown from a number of seconds the server computed (its deadline minus its own clock).
 * It counts with the monotonic clock from the moment the page rendered, so a wrong device clock
 * changes nothing.
 */
import { useEffect, useState } from 'react';
import { formatClock } from '../../../lib/format/duration';

export function useSecondsLeft(serverSecondsLeft: number): number {
  const [left, setLeft] = useState(serverSecondsLeft);
  useEffect(() => {
    const origin = performance.now();
    const tick = () => setLeft(Math.max(0, serverSecondsLeft - Math.floor((performance.now() - origin) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [serverSecondsLeft]);
  return left;
}

/** "2 ngày 03:04:05" or "03:04:05". */
export function formatCountdown(seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const clock = formatClock(seconds % 86400);
  return days > 0 ? `${days} ngày ${clock}` : clock;
}

export function Countdown({ seconds, label }: { seconds: number; label: string }) {
  const left = useSecondsLeft(seconds);
  return (
    <p className="text-sm text-slate-700" data-testid="countdown">
      {label}{' '}
      <span className="font-mono text-lg font-semibold tabular-nums text-slate-900" role="timer">
        {formatCountdown(left)}
      </span>
    </p>
  );
}
