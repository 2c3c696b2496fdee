import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** The frame every content page shares: breadcrumb, heading, content. */
export function PageFrame({
  title,
  crumbs = [],
  children,
  wide = false,
}: {
  title: string;
  crumbs?: Crumb[];
  children?: ReactNode;
  wide?: boolean;
}) {
  const trail: Crumb[] = [{ label: 'Trang chủ', to: '/' }, ...crumbs, { label: title }];
  return (
    <div className={`mx-auto w-full ${wide ? 'max-w-7xl' : 'max-w-5xl'} px-4 py-6 sm:py-8`}>
      <nav aria-label="Đường dẫn" className="mb-3 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          {trail.map((crumb, index) => (
            <li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
              {index > 0 ? <span aria-hidden="true">›</span> : null}
              {crumb.to && index < trail.length - 1 ? (
                <Link to={crumb.to} className="inline-flex min-h-6 items-center hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={index === trail.length - 1 ? 'page' : undefined} className="text-slate-800">
                  {crumb.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** The honest state of a page whose content arrives with a later part of the product. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <p
      className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center text-slate-600"
      data-testid="page-frame-empty"
    >
      {what} sẽ sớm có tại đây.
    </p>
  );
}
