/** How a lesson's media shows (video, YouTube, document): on the study page and in the course page's preview. */
import { useState } from 'react';
import { isPdfUrl, youtubeEmbedUrl } from '../../../lib/learning/lesson-rules';
import type { LearningService } from '../../../modules/learning/learning.service';
import { useDeviceCopy } from '../offline/use-device-copy';
import { VideoPlayer } from './video-player';

type LoadedLesson = Awaited<ReturnType<LearningService['getLessonContent']>>;
/** A lesson on screen; its `progress` is undefined while the learner's own is on its way (the study frame). */
export type LessonContent = Omit<LoadedLesson, 'progress'> & { progress: LoadedLesson['progress'] | undefined };

export function YoutubeLesson({ id, title, startAt }: { id: string; title: string; startAt: number }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        className="aspect-video w-full rounded-xl bg-black"
        src={`${youtubeEmbedUrl(id, startAt)}&autoplay=1`}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  // A light facade (nothing from YouTube is fetched): its player and cookies load only when the learner asks.
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="relative block aspect-video w-full overflow-hidden rounded-xl bg-black"
    >
      <span className="absolute inset-x-0 bottom-0 truncate px-4 py-3 text-left text-sm text-slate-300">{title}</span>
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="rounded-full bg-red-600 px-5 py-3 font-semibold text-white shadow-lg">▶ Phát video</span>
      </span>
    </button>
  );
}

export function DocumentLesson({ url, title }: { url: string | null; title: string }) {
  if (!url) return <p className="text-slate-300">Tài liệu của bài này chưa có tệp đính kèm.</p>;
  return (
    <div className="space-y-3">
      {isPdfUrl(url) ? (
        <iframe src={url} title={`Tài liệu: ${title}`} loading="lazy" className="h-[70vh] w-full rounded-xl bg-white" />
      ) : null}
      <a href={url} download className="btn-primary inline-flex">
        Tải tài liệu về máy
      </a>
    </div>
  );
}

export function VideoLesson({
  lesson,
  onTime,
  onVideo,
}: {
  lesson: LessonContent;
  onTime?: Parameters<typeof VideoPlayer>[0]['onTime'];
  onVideo?: (element: HTMLVideoElement | null) => void;
}) {
  const video = lesson.video;
  // A downloaded lesson plays from the device (online too: no data spent on what is already here).
  const deviceCopy = useDeviceCopy(lesson.id);
  // An audio-only download plays offline; online the learner may stream the video instead.
  const [streamVideo, setStreamVideo] = useState(false);
  const copy = deviceCopy?.audioOnly && streamVideo ? null : deviceCopy;
  if (video && (video.status === 'queued' || video.status === 'processing')) {
    return (
      <p role="status" className="rounded-xl bg-slate-900 px-4 py-10 text-center text-slate-200">
        Video đang được xử lý ({Math.round(video.progress_percent)}%). Bạn quay lại sau ít phút nhé.
      </p>
    );
  }
  if (!video?.master_url || video.status === 'failed' || video.status === 'none') {
    return <p className="rounded-xl bg-slate-900 px-4 py-10 text-center text-slate-300">Bài học này chưa có video.</p>;
  }
  const player = (
    <VideoPlayer
      src={copy?.src ?? video.master_url}
      poster={copy?.poster ?? video.poster_url}
      captions={copy?.captions ?? video.captions}
      startAt={lesson.progress?.resume_seconds ?? 0}
      {...(onTime ? { onTime } : {})}
      {...(onVideo ? { videoRef: onVideo } : {})}
    />
  );
  if (!copy?.audioOnly) return player;
  return (
    <div className="space-y-2">
      <p
        role="note"
        data-testid="audio-only-copy"
        className="flex flex-wrap items-center gap-2 rounded-xl bg-slate-800 px-3 py-2 text-sm text-slate-100"
      >
        <span aria-hidden="true">🎧</span>
        <span className="font-semibold">Bản tải về chỉ có âm thanh:</span> bạn nghe bài giảng, không có hình.
        {navigator.onLine ? (
          <button
            type="button"
            className="min-h-10 rounded-lg border border-slate-500 px-3"
            onClick={() => setStreamVideo(true)}
          >
            Xem video (dùng mạng)
          </button>
        ) : null}
      </p>
      {player}
    </div>
  );
}
