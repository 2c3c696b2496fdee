/**
 * How a video lesson plays: the video module's playback (`services.video`) when the lesson has a
 * transcoded video; otherwise its `lessons.video_url`. The caller has checked access.
 */
import type { VideoPlayback } from '../video/video.service.ts';

export type { VideoPlayback };

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
