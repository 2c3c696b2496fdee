import { Form, Link } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format/date';
import { PushToggle } from '../../components/push-toggle';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/notifications';

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .catch(1)
    .parse(new URL(request.url).searchParams.get('trang') ?? 1);
  const result = await context.services.notifications.list(viewer.id, page, PAGE_SIZE);
  return {
    ...result,
    page,
    pages: Math.max(1, Math.ceil(result.total / PAGE_SIZE)),
    pushKey: context.services.push.publicKey(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const updated = await context.services.notifications.markAllRead(viewer.id);
  return { notice: updated > 0 ? `Đã đánh dấu ${updated} thông báo là đã đọc.` : 'Không còn thông báo chưa đọc.' };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Thông báo' });

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, unread, page, pages, pushKey } = loaderData;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Thông báo</h1>
        {unread > 0 ? (
          <Form method="post">
            <button
              type="submit"
              className="rounded-xl border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50"
            >
              Đánh dấu tất cả đã đọc ({unread})
            </button>
          </Form>
        ) : null}
      </div>
      <PushToggle publicKey={pushKey} />
      {actionData?.notice ? (
        <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {actionData.notice}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-10 text-center text-slate-600">
          Bạn chưa có thông báo nào.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`/tai-khoan/thong-bao/${item.slug}`} className="flex gap-3 px-4 py-3 hover:bg-slate-50">
                <span
                  aria-hidden="true"
                  className={`mt-2 h-2 w-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-brand-600'}`}
                />
                <span className="min-w-0">
                  <span className={`block ${item.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>
                    {item.title}
                    {item.read ? null : <span className="sr-only"> (chưa đọc)</span>}
                  </span>
                  <span className="block truncate text-sm text-slate-600">{item.body}</span>
                  <span className="block text-xs text-slate-500">{formatDateTime(item.created_at)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Phân trang" className="mt-4 flex justify-between text-sm">
          {page > 1 ? <Link to={`?trang=${page - 1}`}>← Trang trước</Link> : <span />}
          <span>
            Trang {page}/{pages}
          </span>
          {page < pages ? <Link to={`?trang=${page + 1}`}>Trang sau →</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
