import { Fragment, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

/**
 * A section's menu: a scrolling row of links on a phone, a column beside the page on a laptop,
 * where links with a `group` get that group's heading above the first of them.
 */
export function SideNav({
  label,
  links,
}: {
  label: string;
  links: readonly { to: string; label: string; end?: boolean; group?: string }[];
}) {
  // On a phone the row scrolls sideways: bring the current page's link into view.
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label={label} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-2">
      <ul ref={listRef} className="relative flex gap-1 overflow-x-auto lg:flex-col">
        {links.map((link, index) => (
          <Fragment key={link.to}>
            {link.group && link.group !== links[index - 1]?.group ? (
              <li className="hidden px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:block">
                {link.group}
              </li>
            ) : null}
            <li className="shrink-0">
              <NavLink
                to={link.to}
                end={link.end ?? false}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          </Fragment>
        ))}
      </ul>
    </nav>
  );
}
