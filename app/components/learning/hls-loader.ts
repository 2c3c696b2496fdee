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
  /** Stops fetching segments (a download has the link), and takes up again. */
  pauseLoading(): void;
  resumeLoading(): void;
  destroy(): void;
}

let hlsModule: Promise<typeof import('hls.js/light')> | null = null;

/** hls.js's light build, downloaded once; asked for as early as the player knows it will need it. */
function loadHls() {
  // A download that failed (the connection dropped) is tried again next time, not remembered.
  hlsModule ??= import('hls.js/light').catch((error: unknown) => {
    hlsModule = null;
    throw error;
  });
  return hlsModule;
}

/**
 * Starts downloading hls.js while the page is still hydrating (the player's first render in the
 * browser), instead of after it: on a slow phone that is a few hundred milliseconds of the time
 * between tapping play and the first frame. Nothing happens on the server or for plain files.
 */
export function preloadHlsFor(src: string): void {
  if (typeof window === 'undefined' || !isHlsUrl(src) || !('MediaSource' in window)) return;
  void loadHls().catch(() => undefined);
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
  const { default: Hls } = await loadHls();
  if (!Hls.isSupported()) {
    if (!nativeHls) throw new Error('HLS is not supported here');
    video.src = src;
    return null;
  }
  const estimate = measuredBandwidth();
  const hls = new Hls({
    capLevelToPlayerSize: true,
    startLevel: -1,
    // No probe: hls.js would fetch the first segment at the lowest rung to time it, then the same
    // segment again at the rung it then picks. The page's own downloads have already shown what
    // the connection carries; the first segment is fetched once, at that rung.
    testBandwidth: false,
    ...(estimate ? { abrEwmaDefaultEstimate: estimate } : {}),
  });
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
    pauseLoading: () => hls.stopLoad(),
    resumeLoading: () => hls.startLoad(),
    destroy: () => hls.destroy(),
  };
}

/** Below this a download mostly measures the round trip, not the link. */
const MIN_SAMPLE_BYTES = 16_000;

/**
 * What the connection carries, in bits per second, as this page's own downloads showed it: the
 * fastest of the document and the resources of at least 16 KB that came over the network (bytes
 * over the time from the first byte to the last, so the round trip does not count; downloads that
 * shared the link make it an underestimate, which only starts the video a rung lower). Falls back
 * to the browser's own estimate (Network Information API), else null (hls.js's default).
 */
export function measuredBandwidth(): number | null {
  let best = 0;
  if (typeof performance !== 'undefined' && typeof performance.getEntriesByType === 'function') {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    for (const entry of entries) {
      const seconds = (entry.responseEnd - entry.responseStart) / 1000;
      if (entry.transferSize < MIN_SAMPLE_BYTES || seconds < 0.02) continue;
      best = Math.max(best, (entry.transferSize * 8) / seconds);
    }
  }
  if (best > 0) return Math.round(best);
  const downlink = (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink;
  return downlink && downlink > 0 ? Math.round(downlink * 1_000_000) : null;
}
