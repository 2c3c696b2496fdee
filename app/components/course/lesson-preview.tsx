import { Link } from 'react-router';
import { DocumentLesson, VideoLesson, YoutubeLesson, type LessonContent } from '../learning/lesson-media';

/**
 * "Học thử" on the course page: a free preview lesson with the study page's own media (the HLS
 * player, the YouTube facade, the document), its text, and a way into the study page.
 */
export function LessonPreview({ lesson }: { lesson: LessonContent }) {
  const type = lesson.content_type;
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-bold text-slate-900">Học thử: {lesson.title}</h2>
      {type === 'video' ? <VideoLesson key={lesson.id} lesson={lesson} /> : null}
      {type === 'youtube' && lesson.youtube_id ? (
        <YoutubeLesson key={lesson.id} id={lesson.youtube_id} title={lesson.title} startAt={0} />
      ) : null}
      {type === 'document' ? <DocumentLesson url={lesson.document_url} title={lesson.title} /> : null}
      {lesson.content ? (
        <div
          className="prose-content rounded-xl bg-white p-4 text-slate-800"
          dangerouslySetInnerHTML={{ __html: lesson.content }}
        />
      ) : null}
      <Link
        to={`/vao-hoc/${lesson.course_slug}?bai=${lesson.id}`}
        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
      >
        Mở bài học thử trong trang học
      </Link>
    </div>
  );
}
