import { Form, Link } from 'react-router';
import { z } from 'zod';
import { formatDate, formatDateTime } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { can } from '../../../modules/studio/permissions';
import { FormMessage } from '../../components/form-field';
import { answerFor, EnrolmentRow, GrantForm, RoleForm, type FormAnswer } from '../../components/studio/people-forms';
import {
  Badge,
  buttonClass,
  Empty,
  PageTitle,
  textLinkClass,
  USER_STATUS_TEXT,
} from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import { ROLE_LABELS } from './layout';
import { userAction } from './user-actions.server';
import type { Route } from './+types/user';

const idParam = z.coerce.number().int().positive();

function readId(raw: string) {
  const parsed = idParam.safeParse(raw);
  return parsed.success ? parsed.data : 0;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'users.read');
  const user = await loadInStudio(() => context.services.studio.userDetail(readId(params.id)));
  const canEnrol = can(viewer.role, 'enrolments.write');
  return {
    user,
    canLock: can(viewer.role, 'users.lock') && user.id !== viewer.id,
    canRole: can(viewer.role, 'roles.write') && user.id !== viewer.id,
    canEnrol,
    courses: canEnrol ? await context.services.enrolmentGrants.courseChoices() : [],
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return userAction(request, context, readId(params.id));
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Người dùng — Studio' });

export default function StudioUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, canLock, canRole, canEnrol, courses } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const lock = answerFor(answer, 'lock') ?? answerFor(answer, 'unlock');
  return (
    <div>
      <PageTitle title={user.full_name} back={{ to: '/studio/hoc-vien', label: 'Học viên' }} />
      <FormMessage message={lock?.notice} tone="success" />
      <FormMessage message={!lock?.notice ? lock?.message : undefined} />
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
        {canRole ? <RoleForm role={user.role} labels={ROLE_LABELS} answer={answerFor(answer, 'role')} /> : null}
      </section>
      {canEnrol ? <GrantForm courses={courses} answer={answerFor(answer, 'grant')} /> : null}
      <h2 className="mb-2 font-semibold">Khóa học đã ghi danh</h2>
      {user.enrolments.length === 0 ? (
        <Empty>Chưa ghi danh khóa học nào.</Empty>
      ) : (
        <ul className="mb-4 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {user.enrolments.map((e) => (
            <EnrolmentRow key={e.id} enrolment={e} canWrite={canEnrol} answer={answer} />
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
              <Link to={`/studio/don-hang/${o.code}`} className={`${textLinkClass} font-medium`}>
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
