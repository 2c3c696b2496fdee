import { useEffect, useRef } from 'react';
import { Form, Link, useLocation } from 'react-router';
import type { Role } from '../../db/schema';
import { STUDIO_ROLES } from '../../modules/studio/studio-roles';
import type { NavigationItem } from '../../modules/site';
import { InstallMenuItem } from './install/install-offer';
import { SearchForm } from './search/search-box';
import { SmartLink } from './smart-link';

interface HeaderViewer {
  id: number;
  fullName: string;
  role?: Role;
  avatarUrl?: string | null;
}

/** The first letter of the given name (the last word of a Vietnamese full name). */
function initialOf(fullName: string): string {
  const word = fullName.trim().split(/\s+/).pop() ?? '';
  return (Array.from(word)[0] ?? '?').toLocaleUpperCase('vi');
}

function AccountMenu({ viewer, unread }: { viewer: HeaderViewer; unread: number }) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [pathname]);
  return (
    <details ref={menuRef} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-800 max-sm:min-h-10">
        {viewer.avatarUrl ? (
          <img
            src={viewer.avatarUrl}
            alt=""
            width={24}
            height={24}
            className="-my-1 -ml-1 h-6 w-6 shrink-0 rounded-full object-cover"
            data-testid="header-avatar"
          />
        ) : (
          <span
            aria-hidden="true"
            className="-my-1 -ml-1 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs text-white sm:hidden"
          >
            {initialOf(viewer.fullName)}
          </span>
        )}
        {/* On a phone the avatar (or initial) stands for the name; screen readers still hear it. */}
        <span className="max-w-32 truncate max-sm:sr-only">{viewer.fullName}</span>
        {unread > 0 ? (
          <span className="rounded-full bg-red-600 px-1.5 text-xs text-white" data-testid="unread-count">
            {unread}
            <span className="sr-only"> thông báo chưa đọc</span>
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 top-12 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        <Link to="/tai-khoan/ho-so" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100">
          Hồ sơ
        </Link>
        <Link to="/tai-khoan/khoa-hoc-cua-toi" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100">
          Khóa học của tôi
        </Link>
        <Link to="/tai-khoan/tai-ve" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100">
          Bài học đã tải về
        </Link>
        <Link to="/tai-khoan/chung-chi" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100">
          Chứng chỉ
        </Link>
        <Link to="/tai-khoan/thong-bao" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100">
          Thông báo{unread > 0 ? ` (${unread})` : ''}
        </Link>
        {viewer.role && STUDIO_ROLES.includes(viewer.role) ? (
          <Link
            to="/studio"
            className="block rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100"
          >
            Studio
          </Link>
        ) : null}
        <InstallMenuItem />
        <Form method="post" action="/dang-xuat">
          <button
            type="submit"
            className="block w-full rounded-lg px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50"
          >
            Đăng xuất
          </button>
        </Form>
      </div>
    </details>
  );
}

export function SiteHeader({
  items,
  viewer,
  signingIn = false,
  unread,
  cartCount,
  siteName,
}: {
  items: NavigationItem[];
  viewer: HeaderViewer | null;
  /** Signed in, but who is not known yet (a shared page before /ca-nhan.json answers). */
  signingIn?: boolean;
  unread: number;
  /** Lines in the cart; a badge on the cart icon when there are any. */
  cartCount: number;
  siteName: string;
}) {
  // The header stays mounted across client-side navigations: close the phone menu behind each one.
  const menuRef = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [pathname, search]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 sm:gap-3">
        <details ref={menuRef} className="group relative lg:hidden">
          <summary
            className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg border border-slate-200"
            aria-label="Mở menu"
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
              <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
            </svg>
          </summary>
          <nav
            aria-label="Menu chính (di động)"
            className="absolute left-0 top-12 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
          >
            <ul>
              {items.map((item) => (
                <li key={item.id}>
                  <SmartLink href={item.url} className="block rounded-lg px-3 py-2 hover:bg-slate-100">
                    {item.title}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        </details>
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 text-xl font-extrabold text-brand-700"
          aria-label={`${siteName} — Trang chủ`}
        >
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M9 8h4v7l6-7h5l-7 8 7 8h-5l-6-7v7H9z" fill="#fff" />
          </svg>
          {/* Below 360 px the mark alone keeps the header on one line; the link keeps its label. */}
          <span className="max-[359px]:sr-only">{siteName}</span>
        </Link>
        <nav aria-label="Menu chính" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.id}>
                <SmartLink
                  href={item.url}
                  className="rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-700"
                >
                  {item.title}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden max-w-xs flex-1 md:block">
          <SearchForm id="tim-kiem-dau-trang" />
        </div>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <Link
            to="/gio-hang"
            className="relative flex h-11 w-11 items-center justify-center rounded-lg hover:bg-slate-100"
            aria-label={cartCount > 0 ? `Giỏ hàng (${cartCount} khóa học)` : 'Giỏ hàng'}
          >
            {cartCount > 0 ? (
              <span
                aria-hidden="true"
                data-testid="cart-count"
                className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
              >
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            ) : null}
            <svg
              aria-hidden="true"
              width="22"
              height="22"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
              <circle cx="10" cy="20" r="1.5" />
              <circle cx="18" cy="20" r="1.5" />
            </svg>
          </Link>
          {viewer ? (
            <AccountMenu viewer={viewer} unread={unread} />
          ) : signingIn ? (
            <Link
              to="/tai-khoan"
              className="flex h-11 items-center rounded-lg px-3 text-sm font-medium hover:bg-slate-100"
              data-testid="account-pending"
            >
              Tài khoản
            </Link>
          ) : (
            <Link to="/dang-nhap" className="btn-primary whitespace-nowrap px-3 py-2 text-sm sm:px-4">
              Đăng nhập
            </Link>
          )}
        </div>
      </div>
      <div className="px-4 pb-3 md:hidden">
        <SearchForm id="tim-kiem-di-dong" />
      </div>
    </header>
  );
}
