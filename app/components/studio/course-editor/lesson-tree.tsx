/** The course's chapters and lessons: order (buttons or drag), edit, delete, and add. */
import { Form } from 'react-router';
import { QuizEditor } from '../quiz-editor';
import { buttonClass, Empty, inputClass } from '../studio-ui';
import { useTreeDrag } from '../tree-drag';
import { VideoUpload } from '../video-upload';
import { Field, smallButton, type FormFeedback, type StudioCourseDetail } from './form-parts';
import { LESSON_KIND_TEXT } from './labels';

type TreeNode = StudioCourseDetail['chapters'][number];

function NodeActions({ node, first, last }: { node: { id: number; title: string }; first: boolean; last: boolean }) {
  return (
    <span className="flex shrink-0 gap-1">
      {(['up', 'down'] as const).map((direction) => (
        <Form method="post" key={direction}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="lesson_id" value={node.id} />
          <input type="hidden" name="direction" value={direction} />
          <button
            type="submit"
            className={smallButton}
            disabled={direction === 'up' ? first : last}
            aria-label={`${direction === 'up' ? 'Chuyển lên' : 'Chuyển xuống'}: ${node.title}`}
          >
            {direction === 'up' ? '↑' : '↓'}
          </button>
        </Form>
      ))}
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="lesson_id" value={node.id} />
        <button type="submit" className={smallButton} aria-label={`Xóa: ${node.title}`}>
          Xóa
        </button>
      </Form>
    </span>
  );
}

function LessonEditor({ courseId, lesson }: { courseId: number; lesson: TreeNode['lessons'][number] }) {
  return (
    <details className="mt-1 rounded-xl bg-slate-50 p-2">
      <summary className="cursor-pointer text-sm text-brand-700">Sửa bài học</summary>
      <Form method="post" className="mt-2 grid gap-2">
        <input type="hidden" name="intent" value="lesson-edit" />
        <input type="hidden" name="lesson_id" value={lesson.id} />
        <Field scope={`bai-${lesson.id}`} label="Tiêu đề" name="title" value={lesson.title} />
        {lesson.content_type === 'youtube' ? (
          <Field scope={`bai-${lesson.id}`} label="Địa chỉ video" name="video_url" value={lesson.video_url ?? ''} />
        ) : null}
        {lesson.content_type === 'paragraph' ? (
          <Field
            scope={`bai-${lesson.id}`}
            label="Nội dung (HTML)"
            name="content"
            multiline
            value={lesson.content ?? ''}
          />
        ) : null}
        {lesson.content_type === 'document' ? (
          <Field
            scope={`bai-${lesson.id}`}
            label="Địa chỉ tài liệu"
            name="document_url"
            value={lesson.document_url ?? ''}
          />
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="is_preview" value="1" defaultChecked={lesson.is_preview} /> Cho học thử
        </label>
        <div>
          <button type="submit" className={smallButton}>
            Lưu bài học
          </button>
        </div>
      </Form>
      {lesson.content_type === 'video' ? <VideoUpload courseId={courseId} lesson={lesson} /> : null}
      {lesson.content_type === 'exam' ? <QuizEditor courseId={courseId} lessonId={lesson.id} /> : null}
    </details>
  );
}

export function LessonTree({ course, feedback }: { course: StudioCourseDetail; feedback: FormFeedback | undefined }) {
  const mine = feedback?.intent === 'lesson' || feedback?.intent === 'chapter' ? feedback : undefined;
  const tree = useTreeDrag(course.id, course.chapters);
  const chapters = tree.arrange(course.chapters);
  const lifted = (id: number) => (tree.dragged?.id === id ? ' bg-brand-50 ring-2 ring-brand-700' : '');
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-semibold">Bài học</h2>
      {course.chapters.length === 0 ? <Empty>Chưa có chương nào. Thêm chương đầu tiên bên dưới.</Empty> : null}
      <p
        role="status"
        aria-live="polite"
        className={`text-sm ${tree.status.error ? 'text-red-700' : 'text-slate-600'}`}
      >
        {tree.status.text}
      </p>
      <ol className="space-y-3">
        {chapters.map((chapter, ci) => (
          <li
            key={chapter.id}
            data-drop-chapter={chapter.id}
            className={`rounded-xl border border-slate-200 p-3${lifted(chapter.id)}`}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="flex min-w-0 items-center gap-1 font-semibold">
                <button {...tree.handle('chapter', chapter.id, chapter.title)}>⠿</button>
                <span className="truncate">{chapter.title}</span>
              </h3>
              <NodeActions node={chapter} first={ci === 0} last={ci === chapters.length - 1} />
            </div>
            <ol className="mt-2 space-y-2">
              {chapter.lessons.map((lesson, li) => (
                <li
                  key={lesson.id}
                  data-drop-lesson={lesson.id}
                  className={`border-t border-slate-100 pt-2${lifted(lesson.id)}`}
                >
                  <div className="flex items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 truncate">
                      <button {...tree.handle('lesson', lesson.id, lesson.title)}>⠿</button>
                      {lesson.title}{' '}
                      <span className="text-slate-600">
                        · {LESSON_KIND_TEXT[lesson.content_type ?? ''] ?? lesson.content_type}
                        {lesson.is_preview ? ' · học thử' : ''}
                      </span>
                    </span>
                    <NodeActions node={lesson} first={li === 0} last={li === chapter.lessons.length - 1} />
                  </div>
                  <LessonEditor courseId={course.id} lesson={lesson} />
                </li>
              ))}
            </ol>
            <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-[1fr_150px_auto] sm:items-end">
              <input type="hidden" name="intent" value="lesson" />
              <input type="hidden" name="chapter_id" value={chapter.id} />
              <Field
                scope={`chuong-${chapter.id}`}
                label="Tiêu đề bài học mới"
                name="title"
                value={
                  mine?.intent === 'lesson' && mine.values.chapter_id === String(chapter.id)
                    ? (mine.values.title ?? '')
                    : ''
                }
              />
              <label className="text-sm">
                <span className="mb-1 block font-medium text-slate-800">Loại bài</span>
                <select name="content_type" defaultValue="video" className={inputClass}>
                  {Object.entries(LESSON_KIND_TEXT).map(([key, text]) => (
                    <option key={key} value={key}>
                      {text}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={smallButton}>
                Thêm bài học
              </button>
            </Form>
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="chapter" />
        <Field
          scope="chuong-moi"
          label="Tên chương mới"
          name="title"
          value={mine?.intent === 'chapter' ? (mine.values.title ?? '') : ''}
        />
        <button type="submit" className={buttonClass}>
          Thêm chương
        </button>
      </Form>
    </section>
  );
}
