import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { bannerInput } from '../../../modules/site';
import { FormMessage } from '../../components/form-field';
import { ImageCropField } from '../../components/studio/image-crop-field';
import {
  BANNER_TYPE_TEXT,
  DISPLAY_RULE_TEXT,
  MEDIA_TYPE_TEXT,
  placementLabel,
  toLocalInput,
} from '../../components/studio/site-labels';
import { buttonClass, dangerButtonClass, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import type { Route } from './+types/banner';
import { checkbox, imageField } from './site-forms.server';

const FIELDS = [
  'title',
  'type',
  'media_type',
  'display_rule',
  'placement',
  'image_pc',
  'image_mobile',
  'video_url',
  'link_url',
  'content',
  'starts_at',
  'ends_at',
  'position',
  'is_active',
];

function bannerId(param: string): number | null {
  if (param === 'moi') return null;
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Không tìm thấy banner.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStudio(request, context, 'site.write');
  const id = bannerId(params.id);
  const saved = new URL(request.url).searchParams.has('da-luu');
  if (id === null) return { banner: null, saved };
  return { banner: await loadInStudio(() => context.services.siteAdmin.banner(id)), saved };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'site.write');
  const id = bannerId(params.id);
  const actor = { viewer, ip: context.clientIp };
  const form = await request.formData();
  if (form.get('intent') === 'delete' && id !== null) {
    return runForm({}, async () => {
      await context.services.siteAdmin.deleteBanner(actor, id);
      return redirect('/studio/banner');
    });
  }
  const values = keepValues(form, FIELDS);
  values.is_active = checkbox(form, 'is_active');
  return runForm(values, async () => {
    values.image_pc = await imageField(form, 'image_pc', 'banner_pc', context);
    values.image_mobile = await imageField(form, 'image_mobile', 'banner_mobile', context);
    const input = parseForm(bannerInput, values);
    if (isFormState(input)) return formError(input, values);
    const saved = await context.services.siteAdmin.saveBanner(actor, id, input);
    return redirect(`/studio/banner/${saved.id}?da-luu=1`);
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Banner — Studio' });

export default function StudioBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { banner, saved } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const initial: Record<string, string> = banner
    ? {
        ...Object.fromEntries(FIELDS.map((name) => [name, String(banner[name as keyof typeof banner] ?? '')])),
        starts_at: toLocalInput(banner.starts_at),
        ends_at: toLocalInput(banner.ends_at),
        is_active: banner.is_active ? 'on' : '',
      }
    : { type: 'banner', media_type: 'static', display_rule: 'all', placement: '1', position: '0', is_active: 'on' };
  const value = (name: string) => actionData?.values[name] ?? initial[name] ?? '';
  const error = (name: string) => actionData?.fields[name];
  const select = (name: string, label: string, options: Record<string, string>) => (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <select name={name} defaultValue={value(name)} className={inputClass}>
        {Object.entries(options).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const text = (name: string, label: string, type = 'text') => (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <input
        name={name}
        type={type}
        defaultValue={value(name)}
        aria-invalid={error(name) ? true : undefined}
        className={inputClass}
      />
      {error(name) ? <span className="text-red-700">{error(name)}</span> : null}
    </label>
  );
  const placements = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [String(i + 1), placementLabel(i + 1)]));
  return (
    <div>
      <PageTitle
        title={banner ? `Banner: ${banner.title}` : 'Thêm banner'}
        back={{ to: '/studio/banner', label: 'Banner' }}
      />
      {saved && !actionData ? (
        <p role="status" className="mb-3 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-800">
          Đã lưu banner.{' '}
          {banner ? (
            <Link to={`/studio/banner/vi-tri/${banner.placement}`} className="underline">
              Xem trước vị trí {banner.placement}
            </Link>
          ) : null}
        </p>
      ) : null}
      <FormMessage message={actionData?.message} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
        key={banner?.updated_at ?? 'new'}
      >
        <div className="sm:col-span-2">{text('title', 'Tên banner')}</div>
        {select('placement', 'Vị trí hiển thị', placements)}
        {text('position', 'Thứ tự (nhỏ hiện trước)', 'number')}
        {select('type', 'Loại', BANNER_TYPE_TEXT)}
        {select('media_type', 'Kiểu nội dung', MEDIA_TYPE_TEXT)}
        {select('display_rule', 'Hiển thị cho', DISPLAY_RULE_TEXT)}
        {text('link_url', 'Liên kết khi bấm')}
        <div className="sm:col-span-2">
          <ImageCropField
            name="image_pc"
            use="banner_pc"
            label="Ảnh máy tính"
            defaultValue={value('image_pc')}
            error={error('image_pc')}
          />
        </div>
        <div className="sm:col-span-2">
          <ImageCropField
            name="image_mobile"
            use="banner_mobile"
            label="Ảnh điện thoại"
            defaultValue={value('image_mobile')}
            error={error('image_mobile')}
          />
        </div>
        {text('video_url', 'Địa chỉ video (banner video)')}
        <span />
        {text('starts_at', 'Bắt đầu hiển thị (giờ Việt Nam)', 'datetime-local')}
        {text('ends_at', 'Kết thúc hiển thị (giờ Việt Nam)', 'datetime-local')}
        <label className="text-sm sm:col-span-2">
          <span className="mb-1 block font-medium text-slate-800">Nội dung popup (HTML)</span>
          <textarea name="content" rows={4} defaultValue={value('content')} className={inputClass} />
          {error('content') ? <span className="text-red-700">{error('content')}</span> : null}
        </label>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name="is_active" defaultChecked={value('is_active') === 'on'} className="h-5 w-5" />
          Đang bật
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? 'Đang lưu…' : 'Lưu banner'}
          </button>
        </div>
      </Form>
      {banner ? (
        <Form
          method="post"
          className="mt-4"
          onSubmit={(event) => {
            if (!window.confirm('Xóa banner này?')) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className={dangerButtonClass}>
            Xóa banner
          </button>
        </Form>
      ) : null}
    </div>
  );
}
