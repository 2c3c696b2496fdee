import { Link } from 'react-router';
import { formatMinutesSeconds } from '../../../lib/format/duration';
import type { LessonNodeShape } from '../../../modules/catalog/catalog.schemas';

const TYPE_LABELS: Record<string, string> = {
  youtube: 'Video',
  video: 'Video',
  paragraph: 'Bài đọc',
  exam: 'Bài kiểm tra',
  document: 'Tài liệu',
};

function LessonRow({ lesson, active }: { lesson: LessonNodeShape; active: number | null }) {
  return (
    <li className="relative flex min-h-11 items-center justify-between gap-3 px-4 py-2.5 text-sm">
      <span className="min-w-0">
        <span className="mr-2 text-xs text-slate-600">{TYPE_LABELS[lesson.content_type ?? ''] ?? 'Bài học'}</span>
        {lesson.is_preview ? (
          <Link
            to={`?xem-thu=${lesson.id}#xem-thu`}
            preventScrollReset
            // The whole row is the link's target: a thumb finds it on a phone.
            className="font-medium text-brand-700 after:absolute after:inset-0 hover:underline"
            aria-current={active === lesson.id ? 'true' : undefined}
          >
            {lesson.title}
          </Link>
        ) : (
          <span className="text-slate-800">{lesson.title}</span>
        )}
      </span>
      <span className="flex shrink-0 items-center gap-2 text-xs text-slate-600">
        {lesson.is_preview ? (
          <span className="rounded bg-emerald-100 px-1.5 py-0.5 font-semibold text-emerald-800">Học thử</span>
        ) : null}
        {formatMinutesSeconds(lesson.duration_seconds)}
      </span>
    </li>
  );
}

/** The public curriculum: chapters (open by default) with their lessons; previews are links. */
export function Curriculum({ lessons, active }: { lessons: LessonNodeShape[]; active: number | null }) {
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {lessons.map((node) =>
        node.type === 'category' ? (
          <details key={node.id} open>
            <summary className="cursor-pointer bg-slate-50 px-4 py-3 font-semibold text-slate-900">
              {node.title} <span className="text-sm font-normal text-slate-600">({node.children.length} bài)</span>
            </summary>
            <ul className="divide-y divide-slate-100">
              {node.children.map((lesson) => (
                <LessonRow key={lesson.id} lesson={lesson} active={active} />
              ))}
            </ul>
          </details>
        ) : (
          <ul key={node.id}>
            <LessonRow lesson={node} active={active} />
          </ul>
        ),
      )}
    </div>
  );
}
