import type { BannerView, NavigationItem } from '../../modules/site';
import { BannerSlot } from './banner-slot';
import { SmartLink } from './smart-link';

export function SiteFooter({
  groups,
  banners,
  siteName,
}: {
  groups: NavigationItem[];
  banners: BannerView[];
  siteName: string;
}) {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-10">
        <BannerSlot banners={banners} placement={7} className="mb-8" />
        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="text-lg font-extrabold text-brand-700">{siteName}</p>
            <p className="mt-2 text-sm text-slate-600">
              Học trực tuyến mọi lúc, mọi nơi — trên điện thoại và máy tính.
            </p>
            <p className="mt-2 text-sm text-slate-600">
              Tổng đài hỗ trợ:{' '}
              <a className="font-semibold text-slate-800" href="tel:18001090">
                1800 1090
              </a>{' '}
              (miễn phí)
            </p>
          </div>
          {groups.map((group) => (
            <nav key={group.id} aria-label={group.title}>
              <p className="font-semibold text-slate-800">{group.title}</p>
              <ul className="mt-2 space-y-1 text-sm">
                {group.children.map((child) => (
                  <li key={child.id}>
                    <SmartLink
                      href={child.url}
                      className="inline-flex min-h-6 items-center text-slate-700 hover:text-brand-700 hover:underline"
                    >
                      {child.title}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="mt-10 border-t border-slate-200 pt-6 text-center text-xs text-slate-600">
          © {new Date().getFullYear()} {siteName}. Mọi quyền được bảo lưu.
        </p>
      </div>
    </footer>
  );
}
