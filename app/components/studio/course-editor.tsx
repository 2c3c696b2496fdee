/** The course editor's pieces: the details form, the packages table and the lesson tree. */
import { Form } from 'react-router';
import { formatMoney } from '../../../lib/format/money';
import type { StudioCourseDetail } from '../../../modules/studio/courses.service';
import { ImageCropField } from './image-crop-field';
import { Badge, buttonClass, Empty, inputClass } from './studio-ui';
import { QuizEditor } from './quiz-editor';
import { useTreeDrag } from './tree-drag';
import { VideoUpload } from './video-upload';

export const COURSE_TYPE_TEXT: Record<string, string> = {
  retail: 'Khóa lẻ',
  no_retail: 'Không bán lẻ',
  combo: 'Combo',
  api: 'Khóa liên kết (API)',
};

/** SPEC §9 price period units. */
export const CYCLE_TEXT: Record<number, string> = {
  1: 'Gói ngày',
  2: 'Gói tuần',
  3: 'Gói tháng',
  4: 'Gói năm',
  5: 'Không thời hạn',
  6: 'Gói 10 ngày',
  7: 'Gói 30 ngày',
  8: 'Gói 90 ngày',
  9: 'Gói 180 ngày',
};

export const PAYMENT_TYPE_TEXT: Record<string, string> = {
  online: 'Thanh toán trực tuyến',
  sms: 'Trừ tiền tài khoản di động',
  sms_online: 'Cả hai',
};

export const LESSON_KIND_TEXT: Record<string, string> = {
  video: 'Video',
  youtube: 'YouTube',
  paragraph: 'Bài đọc',
  exam: 'Bài kiểm tra',
  document: 'Tài liệu',
};

export interface FormFeedback {
  intent?: string | undefined;
  message: string;
  fields: Record<string, string>;
  values: Record<string, string>;
}

const smallButton = 'rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-800 hover:bg-slate-100';

/** A labelled control whose value comes back after an error. */
function Field({
  label,
  name,
  value,
  error,
  type = 'text',
  multiline = false,
  scope = 'khoa-hoc',
}: {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  type?: string;
  multiline?: boolean;
  /** Makes the id unique when the same field appears in several forms. */
  scope?: string;
}) {
  const id = `${scope}-${name}`;
  const props = {
    id,
    name,
    defaultValue: value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-loi` : undefined,
    className: `${inputClass} ${error ? 'border-red-600' : ''}`,
  };
  return (
    <div className="text-sm">
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800">
        {label}
      </label>
      {multiline ? <textarea rows={5} {...props} /> : <input type={type} {...props} />}
      {error ? (
        <p id={`${id}-loi`} className="mt-1 text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function DetailsForm({
  course,
  feedback,
  categories,
  teachers,
}: {
  course: StudioCourseDetail;
  feedback: FormFeedback | undefined;
  categories: { id: number; name: string }[];
  teachers: { id: number; full_name: string }[];
}) {
  const mine = feedback?.intent === 'details' ? feedback : undefined;
  const value = (name: keyof StudioCourseDetail & string) =>
    mine?.values[name] ?? (course[name] === null || course[name] === undefined ? '' : String(course[name]));
  const select = (name: 'type' | 'category_id' | 'teacher_id', label: string, options: [string, string][]) => (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <select name={name} defaultValue={value(name)} className={inputClass}>
        {name === 'type' ? null : <option value="">— Không chọn —</option>}
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
      {mine?.fields[name] ? <span className="text-red-700">{mine.fields[name]}</span> : null}
    </label>
  );
  return (
    <Form method="post" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="details" />
      <div className="sm:col-span-2">
        <Field label="Tiêu đề" name="title" value={value('title')} error={mine?.fields.title} />
      </div>
      {select('type', 'Loại khóa học', Object.entries(COURSE_TYPE_TEXT))}
      {select(
        'category_id',
        'Danh mục',
        categories.map((c) => [String(c.id), c.name]),
      )}
      {select(
        'teacher_id',
        'Giảng viên',
        teachers.map((t) => [String(t.id), t.full_name]),
      )}
      <div className="sm:col-span-2">
        <ImageCropField
          name="thumbnail"
          use="course_cover"
          label="Ảnh bìa"
          defaultValue={value('thumbnail')}
          error={mine?.fields.thumbnail}
        />
      </div>
      <Field
        label="Giá bán (đồng)"
        name="price_new"
        type="number"
        value={value('price_new')}
        error={mine?.fields.price_new}
      />
      <Field
        label="Giá gốc (đồng)"
        name="price_old"
        type="number"
        value={value('price_old')}
        error={mine?.fields.price_old}
      />
      <div className="sm:col-span-2">
        <Field label="Tóm tắt" name="summary" value={value('summary')} error={mine?.fields.summary} />
      </div>
      <div className="sm:col-span-2">
        <Field
          label="Mô tả (HTML)"
          name="description"
          multiline
          value={value('description')}
          error={mine?.fields.description}
        />
      </div>
      <div>
        <button type="submit" className={buttonClass}>
          Lưu thông tin
        </button>
      </div>
    </Form>
  );
}

export function PodsTable({ course, feedback }: { course: StudioCourseDetail; feedback: FormFeedback | undefined }) {
  const mine = feedback?.intent === 'pod' ? feedback : undefined;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-semibold">Gói học</h2>
      {course.pods.length === 0 ? (
        <Empty>Chưa có gói học. Thêm ít nhất một gói để có thể xuất bản.</Empty>
      ) : (
        <ul className="mb-3 divide-y divide-slate-100 text-sm">
          {course.pods.map((pod) => (
            <li key={pod.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{pod.name ?? CYCLE_TEXT[pod.cycle]}</span> · {CYCLE_TEXT[pod.cycle]} ·{' '}
                {formatMoney(pod.price)} · {PAYMENT_TYPE_TEXT[pod.payment_type] ?? pod.payment_type}
              </span>
              <span className="flex items-center gap-2">
                <Badge value={pod.is_active ? 'active' : 'draft'} text={pod.is_active ? 'Đang bán' : 'Ngừng bán'} />
                <Form method="post">
                  <input type="hidden" name="intent" value="pod-toggle" />
                  <input type="hidden" name="pod_id" value={pod.id} />
                  <button type="submit" className={smallButton}>
                    {pod.is_active ? 'Ngừng bán' : 'Bán lại'}
                  </button>
                </Form>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_150px_130px_170px_auto] sm:items-end">
        <input type="hidden" name="intent" value="pod" />
        <Field scope="goi" label="Tên gói" name="name" value={mine?.values.name ?? ''} error={mine?.fields.name} />
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Chu kỳ</span>
          <select name="cycle" defaultValue={mine?.values.cycle ?? '3'} className={inputClass}>
            {Object.entries(CYCLE_TEXT).map(([key, text]) => (
              <option key={key} value={key}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <Field
          label="Giá (đồng)"
          name="price"
          type="number"
          value={mine?.values.price ?? ''}
          error={mine?.fields.price}
        />
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Thanh toán</span>
          <select name="payment_type" defaultValue={mine?.values.payment_type ?? 'online'} className={inputClass}>
            {Object.entries(PAYMENT_TYPE_TEXT).map(([key, text]) => (
              <option key={key} value={key}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass}>
          Thêm gói
        </button>
      </Form>
    </section>
  );
}

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
