/**
 * Pure learning rules shared by the service and the study page: YouTube ids, the completion rule
 * of PRODUCT.md ("≥ 90 % watched"), course percentages and the study page's lesson links.
 */

/** The share of a video that must be watched for the lesson to count as completed. */
export const VIDEO_COMPLETION_RATIO = 0.9;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** A YouTube video id from a bare id or any watch/short/embed URL; null when there is none. */
export function parseYoutubeId(value: string | null | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  if (YOUTUBE_ID.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let candidate: string | null = null;
  if (host === 'youtu.be') candidate = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') candidate = url.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(url.pathname);
      candidate = match?.[1] ?? null;
    }
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** The privacy-enhanced embed URL of a YouTube video (no cookies until the learner plays). */
export function youtubeEmbedUrl(id: string, startSeconds = 0): string {
  const start = Math.max(0, Math.floor(startSeconds));
  return `https://www.youtube-nocookie.com/embed/${id}?rel=0&modestbranding=1${start > 0 ? `&start=${start}` : ''}`;
}

/** True when enough of a video has been watched (an unknown or zero length counts any watching). */
export function hasWatchedEnough(watchedSeconds: number, durationSeconds: number | null | undefined): boolean {
  if (!durationSeconds || durationSeconds <= 0) return watchedSeconds > 0;
  return watchedSeconds >= Math.ceil(durationSeconds * VIDEO_COMPLETION_RATIO);
}

/** Completed lessons over lessons, floored to a whole percent (100 only when all are done). */
export function coursePercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((Math.min(completed, total) * 100) / total));
}

/** The study page of a course, at one lesson (shareable: `?bai=<lesson id>`). */
export function studyUrl(courseSlug: string, lessonId?: number | null): string {
  return `/vao-hoc/${courseSlug}${lessonId ? `?bai=${lessonId}` : ''}`;
}

/** Whether a PDF can be shown inline (by its path). */
export function isPdfUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  return /\.pdf$/i.test(url.split(/[?#]/)[0] ?? '');
}

/** A lesson's file or video address as a page may use it: a site path or an http(s) URL; null otherwise. */
export function safeMediaUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  return /^https?:\/\/[^\s]+$/i.test(value) ? value : null;
}
