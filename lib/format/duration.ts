/**
 * Duration display (SPEC §9) from a number of seconds. Invalid input (NaN,
 * ±Infinity, negatives, non-numbers) counts as 0; fractions are floored.
 * Every field is zero-padded to at least two digits and the leading field
 * keeps growing (hours in `HH:MM:SS`, minutes in `MM Phút SS Giây`).
 */

function normalizeSeconds(seconds: unknown): number {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return 0;
  return Math.floor(seconds);
}

function padTwo(value: number): string {
  return String(value).padStart(2, '0');
}

/** 3661 → `01:01:01`; 360000 → `100:00:00`. */
export function formatClock(seconds: number | null | undefined): string {
  const total = normalizeSeconds(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${padTwo(hours)}:${padTwo(minutes)}:${padTwo(total % 60)}`;
}

/** 5400 → `01 Giờ 30 Phút`; anything under 60 s → exactly `00 Giờ`. Seconds are dropped. */
export function formatHoursMinutes(seconds: number | null | undefined): string {
  const total = normalizeSeconds(seconds);
  if (total < 60) return '00 Giờ';
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${padTwo(hours)} Giờ ${padTwo(minutes)} Phút`;
}

/** 125 → `02 Phút 05 Giây`; 3725 → `62 Phút 05 Giây` (no hours field). */
export function formatMinutesSeconds(seconds: number | null | undefined): string {
  const total = normalizeSeconds(seconds);
  return `${padTwo(Math.floor(total / 60))} Phút ${padTwo(total % 60)} Giây`;
}

/** A position in a video: 95 → `01:35`, 3725 → `1:02:05`. */
export function formatTimestamp(seconds: number | null | undefined): string {
  const total = normalizeSeconds(seconds);
  const hours = Math.floor(total / 3600);
  const rest = `${padTwo(Math.floor((total % 3600) / 60))}:${padTwo(total % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}
