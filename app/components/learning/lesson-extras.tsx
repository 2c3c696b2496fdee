/**
 * What sits below a lesson: notes (with video timestamps), documents and discussion. Placeholder:
 * the lesson-extras module brings the real component with these very props.
 */
export interface LessonExtrasProps {
  lessonId: number;
  courseId: number;
  /** The video's current second (notes are stamped with it); 0 for lessons without a video. */
  getCurrentTime: () => number;
  /** Jumps the video to a second (a note's timestamp). */
  seekTo: (seconds: number) => void;
}

export function LessonExtras(_props: LessonExtrasProps) {
  return null;
}
