import { NavLink } from 'react-router';

/** A section's menu: a scrolling row of links on a phone, a column beside the page on a laptop. */
export function SideNav({
  label,
  links,
}: {
  label: string;
  links: readonly { to: string; label: string; end?: boolean }[];
}) {
  return (
    <nav aria-label={label} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-2">
      <ul className="flex gap-1 overflow-x-auto lg:flex-col">
        {links.map((link) => (
          <li key={link.to} className="shrink-0">
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
        ))}
      </ul>
    </nav>
  );
}
