/**
 * The learning log of the lesson on screen: one write when it opens (texts and documents count as
 * done once opened), then, for videos, the position every 10 s while playing, on pause and end, and
 * when the learner leaves (keepalive). `onChange` runs when a write completes the lesson.
 */
import { useCallback, useEffect, useRef } from 'react';
import { LOG_INTERVAL_MS, sendLearningLog, type LogResult } from './learning-log';

export interface LessonLogSubject {
  id: number;
  content_type: string | null;
  /** Null before the first write; undefined while not known yet (the study page's shared frame). */
  progress: { resume_seconds: number; watched_seconds: number; completed: boolean } | null | undefined;
}

/** A jump larger than this between two time updates is a seek, not watching. */
const MAX_TICK_SECONDS = 2.5;

export function useLessonLog(lesson: LessonLogSubject, enabled: boolean, onChange: () => void) {
  const state = useRef({ position: 0, last: 0, watched: 0, sentAt: 0, completed: false, dirty: false });
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const handle = useCallback((result: LogResult | null) => {
    if (result?.completed && !state.current.completed) {
      state.current.completed = true;
      onChangeRef.current();
    }
  }, []);

  const flush = useCallback(
    (keepalive = false) => {
      const current = state.current;
      if (!enabled || !current.dirty) return;
      current.dirty = false;
      current.sentAt = Date.now();
      void sendLearningLog(
        { lesson_id: lesson.id, position: current.position, watched_seconds: current.watched },
        keepalive,
      ).then(handle);
    },
    [enabled, lesson.id, handle],
  );

  const known = lesson.progress !== undefined;
  useEffect(() => {
    const resume = lesson.progress?.resume_seconds ?? 0;
    state.current = {
      position: resume,
      last: resume,
      watched: lesson.progress?.watched_seconds ?? 0,
      sentAt: Date.now(),
      completed: lesson.progress?.completed ?? false,
      dirty: false,
    };
    if (!enabled) return;
    const isVideo = lesson.content_type === 'video';
    // The opening write waits for the learner's progress (the study page's shared frame): a video's
    // carries its resume point, and either would otherwise report a finished lesson as news.
    if (known)
      void sendLearningLog({
        lesson_id: lesson.id,
        position: resume,
        ...(isVideo ? { watched_seconds: state.current.watched } : {}),
      }).then(handle);
    const leave = () => flush(true);
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      flush(true);
    };
    // One opening per lesson (and once more when the learner's progress arrives on the shared frame):
    // later loader data (after a revalidation) must not count as a new opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson.id, enabled, known]);

  /** The video player's time updates. */
  const onVideoTime = useCallback(
    (event: { position: number; playing: boolean; kind: 'tick' | 'pause' | 'ended' }) => {
      const current = state.current;
      const delta = event.position - current.last;
      if (event.playing && delta > 0 && delta <= MAX_TICK_SECONDS) current.watched += delta;
      current.last = event.position;
      if (Math.floor(event.position) !== Math.floor(current.position) || event.kind !== 'tick') current.dirty = true;
      current.position = event.position;
      if (event.kind !== 'tick' || Date.now() - current.sentAt >= LOG_INTERVAL_MS) flush();
    },
    [flush],
  );

  return { onVideoTime };
}
