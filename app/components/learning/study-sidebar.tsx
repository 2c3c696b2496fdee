import { Link } from 'react-router';
import { formatMinutesSeconds } from '../../../lib/format/duration';
import { studyUrl } from '../../../lib/learning/lesson-rules';
import type { LessonNodeShape } from '../../../modules/catalog/catalog.schemas';
import { ProgressBar } from './progress-bar';

export const LESSON_TYPE_LABELS: Record<string, string> = {
  youtube: 'Video',
  video: 'Video',
  paragraph: 'Bài đọc',
  exam: 'Bài kiểm tra',
  document: 'Tài liệu',
};

function LessonLink({ lesson, slug, currentId }: { lesson: LessonNodeShape; slug: string; currentId: number | null }) {
  const current = lesson.id === currentId;
  return (
    <li>
      <Link
        to={studyUrl(slug, lesson.id)}
        preventScrollReset
        aria-current={current ? 'page' : undefined}
        className={`flex items-start gap-2 px-3 py-2.5 text-sm ${current ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800/60'}`}
      >
        <span
          aria-hidden="true"
          className={`mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full border text-[10px] ${
            lesson.done ? 'border-emerald-500 bg-emerald-500 text-slate-950' : 'border-slate-500'
          }`}
        >
          {lesson.done ? '✓' : ''}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block">{lesson.title}</span>
          <span className="text-xs text-slate-400">
            {LESSON_TYPE_LABELS[lesson.content_type ?? ''] ?? 'Bài học'} ·{' '}
            {formatMinutesSeconds(lesson.duration_seconds)}
            {lesson.is_preview ? ' · Học thử' : ''}
            {lesson.done ? <span className="sr-only"> (đã hoàn thành)</span> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The curriculum beside the lesson: progress, chapters, lessons with their done marks. */
export function StudySidebar({
  slug,
  lessons,
  currentId,
  percent,
  doneCount,
  lessonCount,
}: {
  slug: string;
  lessons: LessonNodeShape[];
  currentId: number | null;
  percent: number | null;
  /** Null while the learner's marks are on their way (the shared frame of the study page). */
  doneCount: number | null;
  lessonCount: number;
}) {
  return (
    <nav aria-label="Mục lục khóa học" className="text-slate-100">
      <div className="border-b border-slate-800 px-3 py-3">
        <p className="mb-1 text-sm font-semibold" aria-busy={doneCount === null}>
          {doneCount === null ? `${lessonCount} bài học` : `Đã hoàn thành ${doneCount}/${lessonCount} bài`}
        </p>
        {percent !== null ? <ProgressBar percent={percent} tone="dark" /> : null}
      </div>
      {lessons.map((node) =>
        node.type === 'category' ? (
          <section key={node.id} className="border-b border-slate-800">
            <h2 className="bg-slate-900 px-3 py-2 text-sm font-semibold text-slate-200">{node.title}</h2>
            <ul>
              {node.children.map((lesson) => (
                <LessonLink key={lesson.id} lesson={lesson} slug={slug} currentId={currentId} />
              ))}
            </ul>
          </section>
        ) : (
          <ul key={node.id} className="border-b border-slate-800">
            <LessonLink lesson={node} slug={slug} currentId={currentId} />
          </ul>
        ),
      )}
    </nav>
  );
}
