/**
 * Attaches a lesson video to a <video>: plain files directly, HLS natively where the browser has no
 * Media Source Extensions (iOS Safari), and through hls.js (imported on demand, so only lesson pages
 * download it) everywhere else.
 */
export interface HlsHandle {
  /** The rungs of the ladder, lowest first. */
  levels(): { index: number; height: number }[];
  onLevels(listener: () => void): void;
  /** -1 = automatic. */
  setLevel(index: number): void;
  /** The data saver: automatic choice never above this height (null = no cap). */
  capHeight(height: number | null): void;
  destroy(): void;
}

export function isHlsUrl(src: string): boolean {
  return /\.m3u8(?:[?#]|$)/i.test(src);
}

export async function attachSource(
  video: HTMLVideoElement,
  src: string,
  options: { maxHeight: number | null; onFatal: () => void },
): Promise<HlsHandle | null> {
  const nativeHls = video.canPlayType('application/vnd.apple.mpegurl') !== '';
  if (!isHlsUrl(src) || (nativeHls && !('MediaSource' in window))) {
    video.src = src;
    return null;
  }
  // The light build (no in-manifest subtitles, DRM or CMCD): captions come as <track> elements.
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    if (!nativeHls) throw new Error('HLS is not supported here');
    video.src = src;
    return null;
  }
  const hls = new Hls({ capLevelToPlayerSize: true, startLevel: -1 });
  const listeners: (() => void)[] = [];
  let recovered = false;
  const levels = () => hls.levels.map((level, index) => ({ index, height: level.height }));
  const capHeight = (height: number | null) => {
    if (height === null) {
      hls.autoLevelCapping = -1;
      return;
    }
    const allowed = levels().filter((level) => level.height <= height);
    hls.autoLevelCapping = allowed.length > 0 ? allowed[allowed.length - 1]!.index : 0;
    if (hls.currentLevel > hls.autoLevelCapping) hls.currentLevel = -1;
  };
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    capHeight(options.maxHeight);
    listeners.forEach((listener) => listener());
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (!recovered && data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      recovered = true;
      hls.recoverMediaError();
    } else if (!recovered && data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      recovered = true;
      hls.startLoad();
    } else options.onFatal();
  });
  hls.loadSource(src);
  hls.attachMedia(video);
  return {
    levels,
    onLevels: (listener) => listeners.push(listener),
    setLevel: (index) => {
      hls.currentLevel = index;
    },
    capHeight,
    destroy: () => hls.destroy(),
  };
}
