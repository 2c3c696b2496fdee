/**
 * What a download of a lesson's video costs, per rung (issue 21, parts 3 and 6): the rungs named by
 * the stored master playlist, each with the byte size of its stored segments (read once per asset
 * from storage: a ready asset never changes) and its signed playlist URL, which the downloader
 * follows like the player does (the segments stay behind the same signed, access-bound URLs).
 */
import { AUDIO_ONLY_DIR } from './ffmpeg.ts';
import { resolveInside } from './signing.ts';

export interface OfflineRung {
  /** The video's height; 0 for the audio-only rendition. */
  height: number;
  /** The audio-only rendition (`audio/index.m3u8`, not in the master playlist), or a video rung. */
  audio: boolean;
  /** The rung's variant playlist inside the asset, e.g. `v2/index.m3u8`. */
  file: string;
  /** The bytes of its segments. */
  bytes: number;
  segments: number;
}

/** The variant playlists of a master playlist with their heights (`RESOLUTION=WxH`). */
export function variantsOf(master: string): { file: string; height: number }[] {
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  const variants: { file: string; height: number }[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF')) return;
    const height = Number(/RESOLUTION=\d+x(\d+)/i.exec(line)?.[1] ?? 0);
    const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'));
    const file = uri ? resolveInside('master.m3u8', uri) : null;
    if (file) variants.push({ file, height });
  });
  return variants;
}

/** The segment files a variant playlist names, inside the asset. */
export function segmentsOf(playlist: string, playlistFile: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((uri) => resolveInside(playlistFile, uri))
    .filter((file): file is string => file !== null);
}

const MEMO_LIMIT = 500;

/** The two reads of the storage driver the sizes need. */
interface StoredFiles {
  getObject(key: string): Promise<Buffer | null>;
  headObject(key: string): Promise<{ size: number } | null>;
}

/** Sizes per asset, computed once (a ready asset's files never change; a new video is a new asset). */
export function createRungSizer(storage: StoredFiles, keyOf: (assetId: number, file: string) => string) {
  const memo = new Map<number, Promise<OfflineRung[]>>();

  /** A playlist's own bytes plus its segments', or null when the playlist is not stored. */
  async function sizeOf(assetId: number, file: string): Promise<{ bytes: number; segments: number } | null> {
    const playlist = await storage.getObject(keyOf(assetId, file));
    if (!playlist) return null;
    const segments = segmentsOf(playlist.toString('utf8'), file);
    let bytes = playlist.length;
    // A few at a time: S3 answers each HEAD in tens of milliseconds.
    for (let start = 0; start < segments.length; start += 8) {
      const infos = await Promise.all(
        segments.slice(start, start + 8).map((segment) => storage.headObject(keyOf(assetId, segment))),
      );
      bytes += infos.reduce((sum, info) => sum + (info?.size ?? 0), 0);
    }
    return { bytes, segments: segments.length };
  }

  async function measure(assetId: number): Promise<OfflineRung[]> {
    const master = await storage.getObject(keyOf(assetId, 'master.m3u8'));
    if (!master) return [];
    const rungs: OfflineRung[] = [];
    for (const variant of variantsOf(master.toString('utf8'))) {
      const size = await sizeOf(assetId, variant.file);
      if (size) rungs.push({ height: variant.height, audio: false, file: variant.file, ...size });
    }
    rungs.sort((a, b) => a.height - b.height);
    // Videos transcoded before the audio-only rendition existed (or without sound) have none.
    const audioFile = `${AUDIO_ONLY_DIR}/index.m3u8`;
    const audio = await sizeOf(assetId, audioFile);
    if (audio && audio.segments > 0) rungs.push({ height: 0, audio: true, file: audioFile, ...audio });
    return rungs;
  }

  return (assetId: number): Promise<OfflineRung[]> => {
    let sizes = memo.get(assetId);
    if (!sizes) {
      sizes = measure(assetId).catch((error: unknown) => {
        memo.delete(assetId);
        throw error;
      });
      if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
      memo.set(assetId, sizes);
    }
    return sizes;
  };
}
