/** /studio/cong-tac-vien/ty-le: each course's own commission rate (empty = the default). Audited. */
import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { courseRatesQuery } from '../../../modules/affiliates/affiliates.schemas';
import { FormMessage } from '../../components/form-field';
import { buttonClass, Empty, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { runForm, formError } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/affiliate-rates';

const rateForm = z.object({
  course_id: z.coerce.number().int().positive(),
  rate: z
    .string()
    .trim()
    .regex(/^(\d{1,3})?$/, 'Tỷ lệ hoa hồng phải là số nguyên từ 0 đến 100.')
    .refine((value) => value === '' || Number(value) <= 100, 'Tỷ lệ hoa hồng phải là số nguyên từ 0 đến 100.'),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'affiliates.manage');
  const { query } = readListQuery(courseRatesQuery, request, '/api/admin/affiliates/course-rates.json');
  return {
    courses: await context.services.affiliatesStudio.courseRates(query.q),
    q: query.q ?? '',
    defaultRate: context.services.affiliates.defaultRate,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'affiliates.manage');
  const form = Object.fromEntries(await request.formData());
  const values = { course_id: String(form.course_id ?? ''), rate: String(form.rate ?? '') };
  const parsed = rateForm.safeParse(values);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Vui lòng kiểm tra lại thông tin.';
    return formError({ message, fields: { rate: message }, values }, values);
  }
  const rate = parsed.data.rate === '' ? null : Number(parsed.data.rate);
  return runForm(values, async () => {
    await context.services.affiliatesStudio.setCourseRate(
      { viewer, ip: context.clientIp },
      parsed.data.course_id,
      rate,
    );
    return { notice: 'Đã lưu tỷ lệ hoa hồng.', message: '', fields: {}, values };
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Tỷ lệ hoa hồng — Studio' });

export default function StudioAffiliateRates({ loaderData, actionData }: Route.ComponentProps) {
  const { courses, q, defaultRate } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const state = actionData as { notice?: string; message: string; values: Record<string, string> } | undefined;
  return (
    <div>
      <PageTitle title="Tỷ lệ hoa hồng theo khóa học" back={{ to: '/studio/cong-tac-vien', label: 'Cộng tác viên' }} />
      <p className="mb-3 text-sm text-slate-700">Để trống để dùng tỷ lệ mặc định {defaultRate}%.</p>
      <FormMessage message={state?.notice} tone="success" />
      <FormMessage message={!state?.notice ? state?.message || undefined : undefined} />
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-2 rounded-2xl border border-slate-200 bg-white p-3"
      >
        <label className="min-w-0 flex-1 text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên khóa học</span>
          <input type="search" name="q" defaultValue={q} className={inputClass} />
        </label>
        <button type="submit" className={buttonClass}>
          Tìm
        </button>
      </Form>
      {courses.length === 0 ? (
        <Empty>Không có khóa học nào khớp từ khóa.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {courses.map((course) => {
            const mine = state?.values?.course_id === String(course.id);
            return (
              <li key={course.id} className="px-4 py-3">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="course_id" value={course.id} />
                  <label className="min-w-0 flex-1">
                    <span className="block font-medium">{course.title}</span>
                    <span className="text-slate-600">Tỷ lệ (%) — đang áp dụng {course.effective_rate}%</span>
                    <input
                      name="rate"
                      inputMode="numeric"
                      defaultValue={mine ? state?.values.rate : (course.rate?.toString() ?? '')}
                      key={mine ? `${course.id}-${state?.values.rate}` : course.id}
                      className={`${inputClass} mt-1 max-w-32`}
                    />
                  </label>
                  <button type="submit" className={buttonClass} disabled={busy}>
                    Lưu
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
