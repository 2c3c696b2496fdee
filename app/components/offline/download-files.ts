/**
 * What a lesson's download is made of (issue 21, decision 0025), shared by the page's downloader
 * (download.ts) and the handover to Background Fetch (background-download.ts): the package the
 * server describes, the signed files fetched with retries, the device's playlists and captions.
 */
import { captionFile, offlineUrl } from './offline-flags';

export interface LessonPackage {
  lesson_id: number;
  course_id: number;
  course_slug: string;
  course_title: string;
  title: string;
  content_type: string | null;
  video: {
    asset_id: number;
    duration_seconds: number | null;
    poster_url: string;
    rungs: { height: number; bytes: number; segments: number; playlist_url: string }[];
    /** The audio-only rendition, when the video has one. */
    audio?: { bytes: number; segments: number; playlist_url: string } | null;
    /** WebVTT captions, stored with any quality. */
    captions?: Caption[];
  } | null;
}

export interface Caption {
  lang: string;
  label: string;
  url: string;
}

/** What the study page knows of the lesson beyond the package. */
export interface LessonExtras {
  document_url?: string | null;
}

export type Progress = (stored: number, total: number) => void;

export class DownloadRefused extends Error {}

/**
 * What the learner will open offline is made ready now: the worker keeps the downloads page (its
 * copy and its scripts), and the code that queues offline work is fetched (so the worker has it).
 */
export function keepForOffline(): void {
  const worker = navigator.serviceWorker?.controller;
  worker?.postMessage({ type: 'visited', url: new URL('/tai-khoan/tai-ve', window.location.href).href });
  worker?.postMessage({ type: 'visited', url: window.location.href });
  void import('./connection-tasks').catch(() => undefined);
}

/** The choice "Chỉ âm thanh": no video rung has height 0. */
export const AUDIO_ONLY = 0;

/**
 * A file for the device: not also kept in the browser's HTTP cache (`no-store`), since Cache Storage
 * keeps it; writing every segment twice cost a slow phone time and space.
 */
export async function fetchOk(url: string, signal?: AbortSignal): Promise<Response> {
  let lastError: unknown = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const response = await fetch(url, {
        credentials: 'same-origin',
        cache: 'no-store',
        ...(signal ? { signal } : {}),
      });
      if (response.ok) return response;
      if (response.status === 403 || response.status === 404)
        throw new DownloadRefused(
          'Không tải được bài này nữa (hết quyền học hoặc video đã thay đổi). Hãy tải lại trang.',
        );
      lastError = new Error(`HTTP ${response.status}`);
    } catch (error) {
      if (error instanceof DownloadRefused || (error as Error).name === 'AbortError') throw error;
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
  }
  throw lastError instanceof Error ? lastError : new Error('download failed');
}

export interface FileJob {
  /** Where it is kept on the device. */
  key: string;
  source: string;
}

/** The rung's playlist with its segments renamed `seg_N.ts`, and their signed sources. */
export function segmentJobs(lessonId: number, playlist: string): { text: string; jobs: FileJob[] } {
  const jobs: FileJob[] = [];
  const text = playlist
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return line;
      const name = `seg_${jobs.length}.ts`;
      jobs.push({ key: offlineUrl(lessonId, name), source: trimmed });
      return name;
    })
    .join('\n');
  return { text, jobs };
}

/** The device's master playlist naming its one rendition (audio only: AAC, no resolution). */
export function masterPlaylist(height: number, bytes: number, seconds: number | null): string {
  const bandwidth = Math.max(1, Math.round((bytes * 8) / Math.max(1, seconds ?? 60)));
  const width = Math.round((height * 16) / 9 / 2) * 2;
  const variant = height === AUDIO_ONLY ? 'CODECS="mp4a.40.2"' : `RESOLUTION=${width}x${height}`;
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},${variant}\nindex.m3u8\n`;
}

/** Stores a body read once (its size is known without reading it again). */
export async function put(cache: Cache, key: string, body: ArrayBuffer | string, type: string): Promise<number> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body);
  await cache.put(key, new Response(bytes, { headers: { 'content-type': type } }));
  return bytes.byteLength;
}

/**
 * The video's captions (`captions/<lang>.vtt`) and their list (`captions.json`, read by the player's
 * device copy, use-device-copy.ts), each file skipped when already stored.
 */
export async function storeCaptions(
  lessonId: number,
  captions: Caption[],
  files: {
    count: (key: string) => Promise<boolean>;
    keep: (key: string, body: ArrayBuffer | string, type: string) => Promise<void>;
  },
  signal?: AbortSignal,
): Promise<void> {
  if (captions.length === 0) return;
  for (const caption of captions) {
    const key = offlineUrl(lessonId, captionFile(caption.lang));
    if (await files.count(key)) continue;
    await files.keep(key, await (await fetchOk(caption.url, signal)).text(), 'text/vtt; charset=utf-8');
  }
  const list = captions.map(({ lang, label }) => ({ lang, label }));
  await files.keep(offlineUrl(lessonId, 'captions.json'), JSON.stringify(list), 'application/json');
}

export interface DeviceFiles {
  count: (key: string) => Promise<boolean>;
  keep: (key: string, body: ArrayBuffer | string, type: string) => Promise<void>;
  stored: () => number;
  /** Back to an earlier count (files counted for a handover the browser refused are counted again). */
  recount: (bytes: number) => void;
}
