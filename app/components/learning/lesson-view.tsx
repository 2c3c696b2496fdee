/** The lesson area of the study page, one view per lesson type. */
import { useRef } from 'react';
import { DocumentLesson, VideoLesson, YoutubeLesson, type LessonContent } from './lesson-media';
import { LessonExtras } from './lesson-extras';
import { QuizLesson } from './quiz-lesson';
import { useLessonLog } from './use-lesson-log';

export type { LessonContent };

export function LessonView({
  lesson,
  signedIn,
  onCompleted,
}: {
  lesson: LessonContent;
  signedIn: boolean;
  /** A write completed the lesson: reload the curriculum marks and the progress. */
  onCompleted: () => void;
}) {
  const video = useRef<HTMLVideoElement | null>(null);
  const { onVideoTime } = useLessonLog(lesson, signedIn, onCompleted);
  const type = lesson.content_type;
  return (
    <div className="space-y-4">
      {type === 'video' ? (
        <VideoLesson
          key={lesson.id}
          lesson={lesson}
          onTime={onVideoTime}
          onVideo={(element) => {
            video.current = element;
          }}
        />
      ) : null}
      {type === 'youtube' && lesson.youtube_id ? (
        <YoutubeLesson
          key={lesson.id}
          id={lesson.youtube_id}
          title={lesson.title}
          startAt={lesson.progress?.resume_seconds ?? 0}
        />
      ) : null}
      {type === 'document' ? <DocumentLesson url={lesson.document_url} title={lesson.title} /> : null}
      {lesson.content ? (
        <div className="prose-content max-w-none text-slate-200" dangerouslySetInnerHTML={{ __html: lesson.content }} />
      ) : null}
      {type === 'exam' ? <QuizLesson lessonId={lesson.id} onPassed={onCompleted} /> : null}
      <LessonExtras
        lessonId={lesson.id}
        courseId={lesson.course_id}
        getCurrentTime={() => video.current?.currentTime ?? 0}
        seekTo={(seconds) => {
          if (video.current) video.current.currentTime = seconds;
        }}
        participation={lesson.access === 'enrolled' ? 'enrolled' : signedIn ? 'preview' : 'anonymous'}
      />
    </div>
  );
}
