import { Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { FormMessage } from '../../components/form-field';
import { DetailsForm } from '../../components/studio/course-editor/details-form';
import { LessonTree } from '../../components/studio/course-editor/lesson-tree';
import { PodsTable } from '../../components/studio/course-editor/pods-table';
import { ComboChildren, SchedulePanel } from '../../components/studio/course-publishing';
import { Badge, buttonClass, PageTitle, textLinkClass } from '../../components/studio/studio-ui';
import { can } from '../../../modules/studio/permissions';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import { courseEditorAction } from './course-actions.server';
import type { Route } from './+types/course';

function readId(raw: string) {
  const parsed = z.coerce.number().int().positive().safeParse(raw);
  return parsed.success ? parsed.data : 0;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'courses.write');
  const { studioCourses, catalog, courseExtras } = context.services;
  const id = readId(params.id);
  // A teacher opens only the courses they teach (403 page otherwise).
  const course = await loadInStudio(async () => {
    await studioCourses.assertCanEdit(viewer, id);
    return studioCourses.detail(id);
  });
  const [categories, teachers] = await Promise.all([catalog.listCategories('course'), catalog.listTeachers(1, 100)]);
  const manage = can(viewer.role, 'courses.manage');
  const query = (new URL(request.url).searchParams.get('tim') ?? '').trim().slice(0, 100);
  const combo = manage && course.type === 'combo';
  const [children, found] = await Promise.all([
    combo ? courseExtras.children(id) : [],
    combo && query ? studioCourses.list({ page: 1, limit: 10, q: query }).then((r) => r.items) : [],
  ]);
  return {
    manage,
    children: children.map((c) => ({ id: c.id, title: c.title, type: c.type, is_published: c.is_published })),
    found: found.map((c) => ({ id: c.id, title: c.title, type: c.type, is_published: c.is_published })),
    query,
    course,
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    teachers: teachers.items.map((t) => ({ id: t.id, full_name: t.full_name })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'courses.write');
  return courseEditorAction(await request.formData(), context, viewer, readId(params.id));
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  buildMeta(matches, { title: `${data?.course.title ?? 'Khóa học'} — Studio` });

export default function StudioCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { course, categories, teachers, manage, children, found, query } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const feedback = actionData && 'fields' in actionData ? actionData : undefined;
  const notice = feedback?.notice;
  return (
    <div className="space-y-4">
      <PageTitle title={course.title} back={{ to: '/studio/khoa-hoc', label: 'Khóa học' }} />
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 text-sm">
        <Badge
          value={course.is_published ? 'completed' : 'draft'}
          text={course.is_published ? 'Đã xuất bản' : 'Bản nháp'}
        />
        <span>
          {course.lesson_count} bài học · {course.pods.filter((p) => p.is_active).length} gói đang bán
        </span>
        {course.is_published ? (
          <Link to={`/khoa-hoc/${course.slug}`} className={textLinkClass}>
            Xem trang khóa học
          </Link>
        ) : null}
        {manage ? (
          <Form method="post" className="ml-auto">
            <input type="hidden" name="intent" value={course.is_published ? 'unpublish' : 'publish'} />
            <button type="submit" className={buttonClass} disabled={busy}>
              {course.is_published ? 'Ngừng xuất bản' : 'Xuất bản'}
            </button>
          </Form>
        ) : (
          <span className="ml-auto text-slate-600">Biên tập viên sẽ xuất bản khóa học.</span>
        )}
      </div>
      <FormMessage message={notice} tone="success" />
      <FormMessage message={!notice ? feedback?.message : undefined} />
      {manage ? <SchedulePanel course={course} feedback={feedback} /> : null}
      <DetailsForm course={course} feedback={feedback} categories={categories} teachers={teachers} />
      {manage && course.type === 'combo' ? <ComboChildren children={children} found={found} query={query} /> : null}
      {manage ? <PodsTable course={course} feedback={feedback} /> : null}
      <LessonTree course={course} feedback={feedback} />
    </div>
  );
}
