import { Form, Link } from 'react-router';
import { z } from 'zod';
import { formatDate, formatDateTime } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { can } from '../../../modules/studio/permissions';
import { FormMessage } from '../../components/form-field';
import { Badge, buttonClass, Empty, PageTitle, USER_STATUS_TEXT } from '../../components/studio/studio-ui';
import { runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import { ROLE_LABELS } from './layout';
import type { Route } from './+types/user';

const idParam = z.coerce.number().int().positive();

function readId(raw: string) {
  const parsed = idParam.safeParse(raw);
  return parsed.success ? parsed.data : 0;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'users.read');
  const user = await loadInStudio(() => context.services.studio.userDetail(readId(params.id)));
  return { user, canLock: can(viewer.role, 'users.lock') && user.id !== viewer.id };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'users.lock');
  const lock = (await request.formData()).get('intent') === 'lock';
  return runForm({}, async () => {
    const user = await context.services.studio.setLocked({ viewer, ip: context.clientIp }, readId(params.id), lock);
    const ended = user.sessions_revoked ? ` Đã đăng xuất ${user.sessions_revoked} phiên.` : '';
    return {
      notice: lock ? `Đã khóa tài khoản.${ended}` : 'Đã mở khóa tài khoản.',
      message: '',
      fields: {},
      values: {},
    };
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Người dùng — Studio' });

export default function StudioUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, canLock } = loaderData;
  const notice = actionData && 'notice' in actionData ? actionData.notice : undefined;
  return (
    <div>
      <PageTitle title={user.full_name} back={{ to: '/studio/hoc-vien', label: 'Học viên' }} />
      <FormMessage message={notice} tone="success" />
      <FormMessage message={!notice ? actionData?.message : undefined} />
      <section className="mb-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
        <p className="mb-2">
          <Badge value={user.status} text={USER_STATUS_TEXT[user.status]} /> {ROLE_LABELS[user.role] ?? user.role}
        </p>
        <p>Số điện thoại: {user.phone ?? '—'}</p>
        <p>E-mail: {user.email ?? '—'}</p>
        <p>Tham gia: {formatDate(user.created_at)}</p>
        {canLock && user.status !== 'pending' ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value={user.status === 'locked' ? 'unlock' : 'lock'} />
            <button type="submit" className={buttonClass}>
              {user.status === 'locked' ? 'Mở khóa tài khoản' : 'Khóa tài khoản (đăng xuất mọi thiết bị)'}
            </button>
          </Form>
        ) : null}
      </section>
      <h2 className="mb-2 font-semibold">Khóa học đã ghi danh</h2>
      {user.enrolments.length === 0 ? (
        <Empty>Chưa ghi danh khóa học nào.</Empty>
      ) : (
        <ul className="mb-4 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {user.enrolments.map((e) => (
            <li key={e.id} className="px-4 py-2">
              <span className="font-medium">{e.course_title}</span> · {e.source} · từ {formatDate(e.starts_at)}
              {e.ends_at ? ` đến ${formatDate(e.ends_at)}` : ' · không thời hạn'}
              {e.revoked_at ? ` · đã thu hồi ${formatDateTime(e.revoked_at)}` : ''}
            </li>
          ))}
        </ul>
      )}
      <h2 className="mb-2 font-semibold">Đơn hàng gần đây</h2>
      {user.orders.length === 0 ? (
        <Empty>Chưa có đơn hàng.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {user.orders.map((o) => (
            <li key={o.code} className="flex flex-wrap justify-between gap-2 px-4 py-2">
              <Link to={`/studio/don-hang/${o.code}`} className="font-medium text-brand-700 underline">
                {o.code}
              </Link>
              <span>{formatDateTime(o.created_at)}</span>
              <span>{formatMoney(o.total)}</span>
              <Badge value={o.status} text={o.status_label} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
