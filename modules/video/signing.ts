/**
 * Signed, expiring video URLs: `/media/hls/{asset}/{file}?l={lesson}&exp={unix}&sig={hex}`, an
 * HMAC-SHA256 (the server's secret) over the asset, the lesson, the file and the expiry. Playlists
 * are rewritten when served so every URI inside carries its own signature with the same expiry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const HLS_ROUTE_PREFIX = '/media/hls';

/** The files of an asset that may be served: playlists, segments (the audio-only rendition's too), the poster and captions. */
const SERVABLE_FILE =
  /^(master\.m3u8|v\d{1,2}\/index\.m3u8|v\d{1,2}\/seg_\d{3,6}\.ts|audio\/index\.m3u8|audio\/seg_\d{3,6}\.ts|poster\.jpg|captions\/[a-z]{2,3}(-[A-Za-z0-9]{2,8})?\.vtt)$/;

export function isServableFile(file: string): boolean {
  return SERVABLE_FILE.test(file);
}

export interface SignedTarget {
  assetId: number;
  lessonId: number;
  /** The file inside the asset: `master.m3u8`, `v0/seg_000.ts`… */
  file: string;
  /** Unix seconds. */
  expires: number;
}

export function createUrlSigner(secret: string) {
  function signature(target: SignedTarget): string {
    return createHmac('sha256', secret)
      .update(['khai-tri.video', target.assetId, target.lessonId, target.file, target.expires].join('\n'))
      .digest('hex');
  }

  return {
    /** The root-relative signed URL of one file. */
    url(target: SignedTarget): string {
      const query = new URLSearchParams({ l: String(target.lessonId), exp: String(target.expires) });
      query.set('sig', signature(target));
      return `${HLS_ROUTE_PREFIX}/${target.assetId}/${target.file}?${query.toString()}`;
    },

    /** Whether the signature is ours for exactly this asset, lesson, file and expiry (not whether it expired). */
    verify(target: SignedTarget, given: string): boolean {
      const expected = Buffer.from(signature(target), 'hex');
      const actual = /^[0-9a-f]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;

/** `v0/index.m3u8` + `seg_000.ts` → `v0/seg_000.ts`; null for URIs leaving the asset. */
export function resolveInside(playlistFile: string, uri: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\//i.test(uri)) return null;
  const parts = playlistFile.split('/').slice(0, -1);
  for (const part of uri.split('?')[0]!.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/**
 * Every URI of a playlist (plain lines and `URI="…"` attributes) replaced by its signed URL; a URI
 * that is not a servable file of this asset is dropped from the line.
 */
export function rewritePlaylist(text: string, playlistFile: string, sign: (file: string) => string): string {
  const signInside = (uri: string) => {
    const file = resolveInside(playlistFile, uri);
    return file !== null && isServableFile(file) ? sign(file) : null;
  };
  return text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (trimmed.startsWith('#')) {
        return line.replace(/URI="([^"]*)"/g, (_match, uri: string) => `URI="${signInside(uri) ?? ''}"`);
      }
      return signInside(trimmed) ?? '';
    })
    .join('\n');
}

export const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
