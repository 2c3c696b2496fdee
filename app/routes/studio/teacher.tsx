import { data, Form, redirect, useNavigation } from 'react-router';
import { teacherInput } from '../../../modules/catalog';
import { FormMessage } from '../../components/form-field';
import { ImageCropField } from '../../components/studio/image-crop-field';
import { buttonClass, dangerButtonClass, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import type { Route } from './+types/teacher';
import { checkbox, imageField } from './site-forms.server';

const FIELDS = ['full_name', 'headline', 'bio', 'avatar', 'user_id'];

function teacherId(param: string): number | null {
  if (param === 'moi') return null;
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Không tìm thấy giảng viên.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStudio(request, context, 'site.write');
  const id = teacherId(params.id);
  const admin = context.services.catalogAdmin;
  const saved = new URL(request.url).searchParams.has('da-luu');
  const accounts = await admin.teacherAccounts();
  const teacher = id === null ? null : await loadInStudio(() => admin.teacher(id));
  return { teacher, accounts, saved };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'site.write');
  const id = teacherId(params.id);
  const actor = { viewer, ip: context.clientIp };
  const admin = context.services.catalogAdmin;
  const form = await request.formData();
  if (form.get('intent') === 'delete' && id !== null) {
    return runForm({}, async () => {
      await admin.deleteTeacher(actor, id);
      return redirect('/studio/giang-vien');
    });
  }
  const values: Record<string, string> = { ...keepValues(form, FIELDS), is_active: checkbox(form, 'is_active') };
  return runForm(values, async () => {
    values.avatar = await imageField(form, 'avatar', 'teacher_avatar', context);
    const input = parseForm(teacherInput, values);
    if (isFormState(input)) return formError(input, values);
    const saved = await admin.saveTeacher(actor, id, input);
    return redirect(`/studio/giang-vien/${saved.id}?da-luu=1`);
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Giảng viên — Studio' });

export default function StudioTeacher({ loaderData, actionData }: Route.ComponentProps) {
  const { teacher, accounts, saved } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const initial: Record<string, string> = teacher
    ? {
        full_name: teacher.full_name,
        headline: teacher.headline ?? '',
        bio: teacher.bio ?? '',
        avatar: teacher.avatar ?? '',
        user_id: teacher.user_id === null ? '' : String(teacher.user_id),
        is_active: teacher.is_active ? 'on' : '',
      }
    : { is_active: 'on' };
  const value = (name: string) => actionData?.values[name] ?? initial[name] ?? '';
  const error = (name: string) => actionData?.fields[name];
  const text = (name: string, label: string) => (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <input
        name={name}
        defaultValue={value(name)}
        aria-invalid={error(name) ? true : undefined}
        className={inputClass}
      />
      {error(name) ? <span className="text-red-700">{error(name)}</span> : null}
    </label>
  );
  return (
    <div>
      <PageTitle
        title={teacher ? teacher.full_name : 'Thêm giảng viên'}
        back={{ to: '/studio/giang-vien', label: 'Giảng viên' }}
      />
      {saved && !actionData ? (
        <p role="status" className="mb-3 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-800">
          Đã lưu giảng viên{teacher ? ` (trang công khai: /giang-vien-hidden/${teacher.slug})` : ''}.
        </p>
      ) : null}
      <FormMessage message={actionData?.message} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
      >
        {text('full_name', 'Họ tên')}
        {text('headline', 'Chức danh')}
        <div className="sm:col-span-2">
          <ImageCropField
            name="avatar"
            use="teacher_avatar"
            label="Ảnh đại diện"
            defaultValue={value('avatar')}
            error={error('avatar')}
          />
        </div>
        <label className="text-sm sm:col-span-2">
          <span className="mb-1 block font-medium text-slate-800">Giới thiệu</span>
          <textarea name="bio" rows={5} defaultValue={value('bio')} className={inputClass} />
          {error('bio') ? <span className="text-red-700">{error('bio')}</span> : null}
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tài khoản giảng viên liên kết</span>
          <select name="user_id" defaultValue={value('user_id')} className={inputClass}>
            <option value="">(Không liên kết)</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.full_name} · {account.phone ?? account.email ?? `#${account.id}`}
              </option>
            ))}
          </select>
          {error('user_id') ? <span className="text-red-700">{error('user_id')}</span> : null}
        </label>
        <label className="flex items-center gap-2 self-end py-2 text-sm">
          <input type="checkbox" name="is_active" defaultChecked={value('is_active') === 'on'} className="h-5 w-5" />
          Hiện trên site
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? 'Đang lưu…' : 'Lưu giảng viên'}
          </button>
        </div>
      </Form>
      {teacher ? (
        <Form
          method="post"
          className="mt-4"
          onSubmit={(event) => {
            if (!window.confirm('Xóa giảng viên này? Các khóa học của họ sẽ không còn giảng viên.'))
              event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className={dangerButtonClass}>
            Xóa giảng viên
          </button>
        </Form>
      ) : null}
    </div>
  );
}
