import { data, Link } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { isAppError } from '../../../lib/errors';
import { SmartLink } from '../../components/smart-link';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/notification-detail';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const id = /^\d{1,9}$/.test(params.slug) ? Number(params.slug) : null;
  const notFound = () => data({ message: `Page not found: ${new URL(request.url).pathname}` }, { status: 404 });
  if (id === null) throw notFound();
  try {
    return { notification: await context.services.notifications.open(viewer.id, id) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFound();
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildMeta(matches, { title: loaderData?.notification.title ?? 'Chi tiết thông báo' });

export default function NotificationDetailPage({ loaderData }: Route.ComponentProps) {
  const { notification } = loaderData;
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5">
      <Link to="/tai-khoan/thong-bao" className="text-sm font-medium text-brand-700 hover:underline">
        ← Tất cả thông báo
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{notification.title}</h1>
      <p className="mt-1 text-sm text-slate-600">{formatDateTime(notification.created_at)}</p>
      <p className="mt-4 whitespace-pre-line text-slate-800">{notification.body}</p>
      {notification.link ? (
        <SmartLink href={notification.link} className="btn-primary mt-5">
          Xem chi tiết
        </SmartLink>
      ) : null}
    </article>
  );
}
