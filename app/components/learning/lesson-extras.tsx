import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LessonDiscussion } from './lesson-discussion';
import { LessonErrorReport } from './lesson-error-report';
import { LessonNotes } from './lesson-notes';
import { useApiData } from './use-api-data';

const TABS = [
  { id: 'ghi-chu', label: 'Ghi chú' },
  { id: 'thao-luan', label: 'Thảo luận' },
  { id: 'bao-loi', label: 'Báo lỗi' },
] as const;

type TabId = (typeof TABS)[number]['id'];

function LessonDocuments({ lessonId }: { lessonId: number }) {
  const { state } = useApiData<{ documents: { title: string; url: string }[] }>(
    `/api/user/lesson/data.json?lesson_id=${lessonId}&type=document`,
  );
  const documents = state.status === 'ready' ? (state.result.data.documents ?? []) : [];
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby={`tai-lieu-${lessonId}`} className="rounded-xl border border-slate-200 bg-white p-3">
      <h3 id={`tai-lieu-${lessonId}`} className="mb-1 text-sm font-semibold text-slate-900">
        Tài liệu của bài
      </h3>
      <ul className="space-y-1 text-sm">
        {documents.map((document) => (
          <li key={document.url}>
            <a href={document.url} download className="font-semibold text-brand-700 underline" rel="noopener">
              ⬇ {document.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Under a lesson: its documents, then three tabs — private notes at video times ("Ghi chú"), the
 * discussion ("Thảo luận"), and error reports ("Báo lỗi"). A link ending in #thao-luan (the reply
 * notification) opens the discussion.
 */
export function LessonExtras(props: {
  lessonId: number;
  courseId: number;
  getCurrentTime?: () => number;
  seekTo?: (seconds: number) => void;
  /** Who is studying: notes are for enrolled learners, error reports for signed-in ones. */
  participation?: 'enrolled' | 'preview' | 'anonymous';
}) {
  const { lessonId, getCurrentTime, seekTo, participation = 'enrolled' } = props;
  const [tab, setTab] = useState<TabId>('ghi-chu');
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    const follow = () => {
      if (window.location.hash === '#thao-luan') setTab('thao-luan');
    };
    const frame = window.requestAnimationFrame(follow);
    window.addEventListener('hashchange', follow);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('hashchange', follow);
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((item) => item.id === tab);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + TABS.length - 1) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setTab(TABS[next]!.id);
    buttons.current[TABS[next]!.id]?.focus();
  }

  return (
    <section
      aria-label="Ghi chú, thảo luận và báo lỗi"
      className="space-y-3 rounded-2xl bg-slate-50 p-3 text-slate-900 sm:p-5"
      id="thao-luan"
      data-testid="lesson-extras"
    >
      <LessonDocuments lessonId={lessonId} />
      <div
        role="tablist"
        aria-label="Tiện ích bài học"
        className="flex gap-1 border-b border-slate-200"
        onKeyDown={onKeyDown}
      >
        {TABS.map((item) => (
          <button
            key={item.id}
            ref={(element) => {
              buttons.current[item.id] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${item.id}-${lessonId}`}
            aria-selected={tab === item.id}
            aria-controls={`panel-${item.id}-${lessonId}`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => setTab(item.id)}
            className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold ${tab === item.id ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}-${lessonId}`} aria-labelledby={`tab-${tab}-${lessonId}`} tabIndex={0}>
        {tab === 'ghi-chu' ? (
          participation === 'enrolled' ? (
            <LessonNotes lessonId={lessonId} getCurrentTime={getCurrentTime} seekTo={seekTo} />
          ) : (
            <p className="py-3 text-sm text-slate-600">Ghi chú dành cho học viên đã đăng ký khóa học.</p>
          )
        ) : tab === 'thao-luan' ? (
          <LessonDiscussion lessonId={lessonId} />
        ) : participation === 'anonymous' ? (
          <p className="py-3 text-sm text-slate-600">Vui lòng đăng nhập để báo lỗi bài học.</p>
        ) : (
          <LessonErrorReport lessonId={lessonId} />
        )}
      </div>
    </section>
  );
}
