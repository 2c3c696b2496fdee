import { Form, redirect, useNavigation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { formatAmount } from '../../../lib/format/money';
import { PROMOTION_STATE_TEXT, PROMOTION_TYPE_TEXT, promotionInput } from '../../../modules/promotions/public';
import { idParams } from '../../../kernel/http/index';
import { can } from '../../../modules/studio/permissions';
import { FormField, FormMessage } from '../../components/form-field';
import { Badge, buttonClass, inputClass, PageTitle, textLinkClass } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import type { Route } from './+types/promotion';

const FIELDS = [
  'code',
  'name',
  'description',
  'type',
  'value',
  'max_discount',
  'min_order',
  'quantity',
  'per_user',
  'customer_type',
  'scope',
  'target_ids',
  'starts_at',
  'ends_at',
  'is_active',
  'is_public',
];
const CUSTOMER_TEXT = {
  all_user: 'Mọi học viên',
  user_sub: 'Học viên có gói cước',
  user_active: 'Học viên đang có khóa học',
  user_inactive: 'Học viên chưa có khóa học',
};
const SCOPE_TEXT = { all: 'Mọi khóa học', courses: 'Một số khóa học', categories: 'Một số danh mục' };

function promotionId(raw: string): number | null {
  if (raw === 'moi') return null;
  const parsed = idParams.safeParse({ id: raw });
  if (!parsed.success) throw new Response('Không tìm thấy ưu đãi.', { status: 404 });
  return parsed.data.id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, params.id === 'moi' ? 'promotions.write' : 'promotions.read');
  const id = promotionId(params.id);
  const promotions = context.services.promotionsAdmin;
  const promotion = id === null ? null : await loadInStudio(() => promotions.detail(id));
  const usages = id === null ? null : await promotions.usages(id, { page: 1, limit: 50 });
  const saved = new URL(request.url).searchParams.has('da-luu');
  return { promotion, usages, saved, canWrite: can(viewer.role, 'promotions.write') };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'promotions.write');
  const id = promotionId(params.id);
  const form = await request.formData();
  const values = keepValues(form, FIELDS);
  const parsed = parseForm(promotionInput, values);
  if (isFormState(parsed)) return formError(parsed, values);
  const actor = { viewer, ip: context.clientIp };
  const promotions = context.services.promotionsAdmin;
  return runForm(values, async () => {
    if (id === null) {
      const created = await promotions.create(actor, parsed);
      throw redirect(`/studio/khuyen-mai/${created.id}?da-luu=1`);
    }
    await promotions.update(actor, id, parsed);
    return {
      notice: 'Đã lưu ưu đãi.',
      message: '',
      fields: {} as Record<string, string>,
      values: {} as Record<string, string>,
    };
  });
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  buildMeta(matches, { title: `${params.id === 'moi' ? 'Tạo ưu đãi' : 'Ưu đãi'} — Studio` });

const local = (iso: string | null | undefined) => (iso ? formatDateTime(iso, 'YYYY-MM-DDTHH:mm') : '');

function Select({
  label,
  name,
  value,
  options,
  error,
}: {
  label: string;
  name: string;
  value: string;
  options: Record<string, string>;
  error?: string | undefined;
}) {
  return (
    <label className="mb-4 block text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <select name={name} defaultValue={value} className={inputClass} aria-invalid={error ? true : undefined}>
        {Object.entries(options).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
      {error ? <span className="mt-1 block text-sm text-red-700">{error}</span> : null}
    </label>
  );
}

export default function StudioPromotion({ loaderData, actionData }: Route.ComponentProps) {
  const { promotion: p, usages, saved, canWrite } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const notice = actionData && 'notice' in actionData ? actionData.notice : saved ? 'Đã tạo ưu đãi.' : undefined;
  const failed = actionData && !('notice' in actionData && actionData.notice) ? actionData : undefined;
  const v = (name: string, fallback: string) => failed?.values[name] ?? fallback;
  const err = (name: string) => failed?.fields[name];
  const checked = (name: string, fallback: boolean) => (failed ? failed.values[name] === 'on' : fallback);
  return (
    <div>
      <PageTitle title={p ? `Ưu đãi ${p.code}` : 'Tạo ưu đãi'} back={{ to: '/studio/khuyen-mai', label: 'Ưu đãi' }} />
      <FormMessage message={notice} tone="success" />
      <FormMessage message={failed?.message} />
      {p ? (
        <p className="mb-3">
          <Badge value={p.state === 'running' ? 'active' : p.state} text={PROMOTION_STATE_TEXT[p.state]} /> · đã dùng{' '}
          {p.used}
          {p.quantity !== null ? `/${p.quantity}` : ''}
        </p>
      ) : null}
      <Form method="post" className="mb-6 max-w-2xl rounded-2xl border border-slate-200 bg-white p-4" noValidate>
        <fieldset disabled={!canWrite || busy} className="grid gap-x-4 sm:grid-cols-2">
          <legend className="sr-only">Thông tin ưu đãi</legend>
          <FormField
            label="Mã giảm giá"
            name="code"
            defaultValue={v('code', p?.code ?? '')}
            error={err('code')}
            hint="Dấu được bỏ, chữ viết hoa: “chào bạn” thành CHAOBAN."
          />
          <FormField label="Tên ưu đãi" name="name" defaultValue={v('name', p?.name ?? '')} error={err('name')} />
          <Select
            label="Loại"
            name="type"
            value={v('type', p?.type ?? 'percentage')}
            options={PROMOTION_TYPE_TEXT}
            error={err('type')}
          />
          <FormField
            label="Giá trị (% hoặc đồng)"
            name="value"
            inputMode="numeric"
            defaultValue={v('value', p ? String(p.value) : '')}
            error={err('value')}
          />
          <FormField
            label="Giảm tối đa (đồng, chỉ loại phần trăm)"
            name="max_discount"
            inputMode="numeric"
            defaultValue={v('max_discount', p?.max_discount ? String(p.max_discount) : '')}
            error={err('max_discount')}
          />
          <FormField
            label="Đơn tối thiểu (đồng)"
            name="min_order"
            inputMode="numeric"
            defaultValue={v('min_order', p ? String(p.min_order) : '0')}
            error={err('min_order')}
          />
          <FormField
            label="Tổng số lượt (để trống: không giới hạn)"
            name="quantity"
            inputMode="numeric"
            defaultValue={v('quantity', p?.quantity ? String(p.quantity) : '')}
            error={err('quantity')}
          />
          <FormField
            label="Số lần mỗi học viên"
            name="per_user"
            inputMode="numeric"
            defaultValue={v('per_user', p ? String(p.per_user) : '1')}
            error={err('per_user')}
          />
          <Select
            label="Đối tượng học viên"
            name="customer_type"
            value={v('customer_type', p?.customer_type ?? 'all_user')}
            options={CUSTOMER_TEXT}
            error={err('customer_type')}
          />
          <Select
            label="Phạm vi"
            name="scope"
            value={v('scope', p?.scope ?? 'all')}
            options={SCOPE_TEXT}
            error={err('scope')}
          />
          <div className="sm:col-span-2">
            <FormField
              label="Mã khóa học hoặc danh mục áp dụng"
              name="target_ids"
              defaultValue={v('target_ids', p?.target_ids.join(', ') ?? '')}
              error={err('target_ids')}
              hint={
                p && p.targets.length > 0
                  ? `Hiện tại: ${p.targets.map((t) => `${t.id} – ${t.title}`).join('; ')}`
                  : 'Các mã số cách nhau bởi dấu phẩy; để trống khi phạm vi là mọi khóa học.'
              }
            />
          </div>
          <FormField
            label="Bắt đầu (giờ Việt Nam)"
            name="starts_at"
            type="datetime-local"
            defaultValue={v('starts_at', local(p?.starts_at))}
            error={err('starts_at')}
          />
          <FormField
            label="Kết thúc (để trống: không hạn)"
            name="ends_at"
            type="datetime-local"
            defaultValue={v('ends_at', local(p?.ends_at))}
            error={err('ends_at')}
          />
          <div className="sm:col-span-2">
            <label htmlFor="truong-description" className="mb-1 block text-sm font-medium text-slate-800">
              Mô tả
            </label>
            <textarea
              id="truong-description"
              name="description"
              rows={3}
              defaultValue={v('description', p?.description ?? '')}
              className={`${inputClass} mb-4`}
            />
          </div>
          <label className="mb-3 flex items-center gap-2 text-sm">
            <input type="checkbox" name="is_active" defaultChecked={checked('is_active', p?.is_active ?? true)} /> Đang
            hoạt động
          </label>
          <label className="mb-3 flex items-center gap-2 text-sm">
            <input type="checkbox" name="is_public" defaultChecked={checked('is_public', p?.is_public ?? false)} /> Hiện
            ở trang ưu đãi
          </label>
        </fieldset>
        {canWrite ? (
          <button type="submit" className={`${buttonClass} mt-2`} disabled={busy}>
            {busy ? 'Đang lưu…' : p ? 'Lưu ưu đãi' : 'Tạo ưu đãi'}
          </button>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Chỉ quản trị viên sửa được ưu đãi.</p>
        )}
      </Form>
      {usages ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 className="mb-2 font-semibold">Lượt dùng ({usages.total})</h2>
          {p ? (
            <a
              href={`/api/admin/promotions/${p.id}/usages.json?format=csv`}
              className={`${textLinkClass} mb-2 text-sm`}
              download
            >
              Xuất CSV
            </a>
          ) : null}
          {usages.items.length === 0 ? (
            <p className="text-sm text-slate-600">Chưa có ai dùng ưu đãi này.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {usages.items.map((u) => (
                <li key={u.id} className="py-2">
                  {formatDateTime(u.created_at)} · {u.full_name} · {u.phone ?? '—'} · đơn {u.order_code} (
                  {u.order_status}) · giảm {formatAmount(u.discount)}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
