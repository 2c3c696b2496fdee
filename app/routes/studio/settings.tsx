import { Form, useNavigation } from 'react-router';
import { settingsInput } from '../../../modules/site';
import { FormMessage } from '../../components/form-field';
import { buttonClass, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm, type FormState } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/settings';

/** SPEC §3 site setting keys, with what each one does on the public site. */
const LABELS: Record<string, { label: string; hint: string; type?: string }> = {
  BACKGROUND_HOME_PC: { label: 'Ảnh nền trang chủ (máy tính)', hint: 'Địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.' },
  BACKGROUND_HOME_MB: {
    label: 'Ảnh nền trang chủ (điện thoại)',
    hint: 'Địa chỉ http(s) hoặc đường dẫn bắt đầu bằng /.',
  },
  NUMBER_SCHOOL: { label: 'Số trường học', hint: 'Số nguyên không âm.', type: 'number' },
  NUMBER_LESSON: { label: 'Số bài giảng', hint: 'Số nguyên không âm.', type: 'number' },
  NUMBER_STUDENT: { label: 'Số học viên', hint: 'Số nguyên không âm.', type: 'number' },
  NUMBER_PARTNER: { label: 'Số đối tác', hint: 'Số nguyên không âm.', type: 'number' },
  COLOR_BANNER_HOME: { label: 'Màu nền banner trang chủ', hint: 'Dạng #RRGGBB, ví dụ #0F4C81.' },
};

const KEYS = Object.keys(LABELS);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'settings.write');
  return { settings: await context.services.siteAdmin.getSettings() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'settings.write');
  const form = await request.formData();
  const values = keepValues(form, KEYS);
  const input = parseForm(settingsInput, values);
  if (isFormState(input)) return formError(input, values);
  return runForm(values, async () => {
    await context.services.siteAdmin.saveSettings({ viewer, ip: context.clientIp }, input);
    return {
      notice: 'Đã lưu cấu hình. Trang chủ hiển thị ngay giá trị mới.',
      message: '',
      fields: {},
      values,
    } as FormState;
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Cấu hình site — Studio' });

export default function StudioSettings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const value = (key: string) => actionData?.values[key] ?? loaderData.settings[key] ?? '';
  return (
    <div>
      <PageTitle title="Cấu hình site" />
      {actionData?.notice ? (
        <p role="status" className="mb-3 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-800">
          {actionData.notice}
        </p>
      ) : null}
      <FormMessage message={actionData?.message || undefined} />
      <Form method="post" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {KEYS.map((key) => {
          const meta = LABELS[key]!;
          const error = actionData?.fields[key];
          return (
            <label key={key} className="text-sm">
              <span className="mb-1 block font-medium text-slate-800">{meta.label}</span>
              <span className="flex items-center gap-2">
                <input
                  name={key}
                  inputMode={meta.type === 'number' ? 'numeric' : undefined}
                  defaultValue={value(key)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${key}-hint`}
                  className={inputClass}
                />
                {key === 'COLOR_BANNER_HOME' && /^#[0-9a-f]{3,6}$/i.test(value(key)) ? (
                  <span
                    aria-hidden="true"
                    className="h-9 w-9 shrink-0 rounded-lg border"
                    style={{ background: value(key) }}
                  />
                ) : null}
              </span>
              <span id={`${key}-hint`} className="block text-xs text-slate-600">
                {key} · {meta.hint}
              </span>
              {error ? <span className="text-red-700">{error}</span> : null}
            </label>
          );
        })}
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? 'Đang lưu…' : 'Lưu cấu hình'}
          </button>
        </div>
      </Form>
    </div>
  );
}
