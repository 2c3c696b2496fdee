import { Form, Link } from 'react-router';

const USEFUL_LINKS = [
  { to: '/khoa-hoc', label: 'Khóa học' },
  { to: '/tin-tuc', label: 'Tin tức' },
  { to: '/ho-tro-khach-hang', label: 'Trợ giúp' },
] as const;

/**
 * The not-found screen: a Vietnamese heading, a search box and the useful links, with the message of
 * SPEC §8 ("Page not found: {path}") kept as a small technical line under them.
 */
export function NotFoundScreen({ technical }: { technical?: string | undefined }) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      {/* Marked as the error screen's status only when it stands for one (the /404 page is a page). */}
      <p className="text-7xl font-extrabold text-brand-600" data-testid={technical ? 'error-status' : undefined}>
        404
      </p>
      <h1 className="text-xl font-semibold text-slate-800">Không tìm thấy trang bạn cần</h1>
      <p className="text-slate-600">Trang có thể đã được di chuyển hoặc không còn tồn tại. Bạn thử tìm lại nhé.</p>
      <Form method="get" action="/tim-kiem" role="search" className="flex w-full gap-2">
        <label htmlFor="tim-kiem-404" className="sr-only">
          Tìm khóa học, tin tức, hỗ trợ
        </label>
        <input
          id="tim-kiem-404"
          name="q"
          type="search"
          maxLength={200}
          placeholder="Tìm khóa học, tin tức…"
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-slate-300 px-4 text-base focus:border-brand-600"
        />
        <button
          type="submit"
          className="min-h-11 shrink-0 rounded-xl border border-brand-600 px-4 font-semibold text-brand-700"
        >
          Tìm
        </button>
      </Form>
      <Link to="/" className="btn-primary">
        Quay về trang chủ
      </Link>
      <nav aria-label="Liên kết hữu ích">
        <ul className="flex flex-wrap justify-center gap-2">
          {USEFUL_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-flex min-h-11 items-center rounded-xl px-4 font-medium text-brand-700 hover:bg-brand-50"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {technical ? (
        <p className="mt-2 break-all text-xs text-slate-500" data-testid="error-message">
          {technical}
        </p>
      ) : null}
    </div>
  );
}
