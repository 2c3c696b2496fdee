/** The course's details: title, type, category, teacher, cover, prices, summary and description. */
import { Form } from 'react-router';
import { ImageCropField } from '../image-crop-field';
import { buttonClass, inputClass } from '../studio-ui';
import { Field, type FormFeedback, type StudioCourseDetail } from './form-parts';
import { COURSE_TYPE_TEXT } from './labels';

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
