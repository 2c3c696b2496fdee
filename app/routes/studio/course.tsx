import { Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { FormMessage } from '../../components/form-field';
import { DetailsForm, LessonTree, PodsTable } from '../../components/studio/course-editor';
import { Badge, buttonClass, PageTitle } from '../../components/studio/studio-ui';
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
  requireStudio(request, context, 'courses.write');
  const { studioCourses, catalog } = context.services;
  const course = await loadInStudio(() => studioCourses.detail(readId(params.id)));
  const [categories, teachers] = await Promise.all([catalog.listCategories('course'), catalog.listTeachers(1, 100)]);
  return {
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
  const { course, categories, teachers } = loaderData;
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
          <Link to={`/khoa-hoc/${course.slug}`} className="text-brand-700 underline">
            Xem trang khóa học
          </Link>
        ) : null}
        <Form method="post" className="ml-auto">
          <input type="hidden" name="intent" value={course.is_published ? 'unpublish' : 'publish'} />
          <button type="submit" className={buttonClass} disabled={busy}>
            {course.is_published ? 'Ngừng xuất bản' : 'Xuất bản'}
          </button>
        </Form>
      </div>
      <FormMessage message={notice} tone="success" />
      <FormMessage message={!notice ? feedback?.message : undefined} />
      <DetailsForm course={course} feedback={feedback} categories={categories} teachers={teachers} />
      <PodsTable course={course} feedback={feedback} />
      <LessonTree course={course} feedback={feedback} />
    </div>
  );
}
