import { data, Form, Link, redirect, useLocation, useNavigation } from 'react-router';
import { formatDate } from '../../../lib/format/date';
import { courseAdminSchemas } from '../../../modules/catalog';
import { FormMessage } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { Badge, buttonClass, Empty, FilterSelect, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { COURSE_TYPE_TEXT } from '../../components/studio/course-editor/labels';
import { can } from '../../../modules/studio/permissions';
import type { Route } from './+types/courses';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'courses.write');
  const parsed = courseAdminSchemas.coursesQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success)
    throw data({ message: parsed.error.issues[0]?.message ?? 'Bộ lọc không hợp lệ.' }, { status: 400 });
  const { status, ...query } = parsed.data;
  const published = status === undefined ? undefined : status === 'published';
  // A teacher sees the courses they teach, and creates none.
  const teacherId = await context.services.studioCourses.teacherScope(viewer);
  return {
    ...(await context.services.studioCourses.list({ ...query, published, teacherId })),
    query: parsed.data,
    manage: can(viewer.role, 'courses.manage'),
  };
}

/** Creates a draft and opens its editor; the typed title stays on error. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'courses.manage');
  const form = await request.formData();
  const values = keepValues(form, ['title', 'type']);
  const input = parseForm(courseAdminSchemas.courseInput, values);
  if (isFormState(input)) return formError(input, values);
  return runForm(values, async () => {
    const course = await context.services.studioCourses.create({ viewer, ip: context.clientIp }, input);
    return redirect(`/studio/khoa-hoc/${course.id}`);
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Khóa học — Studio' });

export default function StudioCourses({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, query, manage } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  return (
    <div>
      <PageTitle title="Khóa học" />
      {manage ? (
        <Form method="post" className="mb-4 rounded-2xl border border-slate-200 bg-white p-3">
          <h2 className="mb-2 font-semibold">Tạo khóa học mới</h2>
          <FormMessage message={actionData?.message} />
          <div className="grid gap-3 sm:grid-cols-[1fr_180px_auto] sm:items-end">
            <label className="text-sm">
              <span className="mb-1 block font-medium text-slate-800">Tiêu đề</span>
              <input
                name="title"
                required
                defaultValue={actionData?.values.title ?? ''}
                aria-invalid={actionData?.fields.title ? true : undefined}
                className={inputClass}
              />
              {actionData?.fields.title ? <span className="text-red-700">{actionData.fields.title}</span> : null}
            </label>
            <label className="text-sm">
              <span className="mb-1 block font-medium text-slate-800">Loại</span>
              <select name="type" defaultValue={actionData?.values.type ?? 'retail'} className={inputClass}>
                {Object.entries(COURSE_TYPE_TEXT).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClass} disabled={busy}>
              {busy ? 'Đang tạo…' : 'Tạo bản nháp'}
            </button>
          </div>
        </Form>
      ) : null}
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_200px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên khóa học</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect
          label="Trạng thái"
          name="status"
          value={query.status}
          options={{ published: 'Đã xuất bản', draft: 'Bản nháp' }}
        />
        <div className="flex items-end">
          <button type="submit" className={buttonClass}>
            Lọc
          </button>
        </div>
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} khóa học</p>
      {items.length === 0 ? (
        <Empty>Không có khóa học nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((course) => (
            <li key={course.id}>
              <Link
                to={`/studio/khoa-hoc/${course.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4"
              >
                <span>
                  <span className="font-semibold">{course.title}</span>
                  <span className="block text-sm text-slate-700">
                    {COURSE_TYPE_TEXT[course.type] ?? course.type} · {course.lesson_count} bài học
                  </span>
                </span>
                <span className="text-sm text-slate-700">Sửa {formatDate(course.updated_at)}</span>
                <Badge
                  value={course.is_published ? 'completed' : 'draft'}
                  text={course.is_published ? 'Đã xuất bản' : 'Bản nháp'}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
