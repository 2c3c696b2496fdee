/**
 * The contract of the video module (services.video once wired): how a video lesson plays. The
 * caller has checked access. Without a provider, video lessons play `lessons.video_url`.
 */
export interface VideoPlayback {
  status: 'none' | 'queued' | 'processing' | 'ready' | 'failed';
  progressPercent: number;
  masterUrl: string | null;
  posterUrl: string | null;
  durationSeconds: number | null;
  rungs: number[];
  captions: { lang: string; label: string; url: string }[];
}

export interface VideoPlaybackProvider {
  playbackFor(lessonId: number): Promise<VideoPlayback>;
}

/** The playback of a lesson without the video module: its `video_url` (MP4 or HLS) when set. */
export function fallbackPlayback(videoUrl: string | null, durationSeconds: number): VideoPlayback {
  return {
    status: videoUrl ? 'ready' : 'none',
    progressPercent: videoUrl ? 100 : 0,
    masterUrl: videoUrl,
    posterUrl: null,
    durationSeconds: durationSeconds > 0 ? durationSeconds : null,
    rungs: [],
    captions: [],
  };
}
