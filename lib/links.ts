/**
 * Link display rules (SPEC §5).
 *
 * A link target becomes `#` when it is empty/blank, when it contains a space,
 * `@`, `%`, `$`, backslash or `;`, or when it is exactly `/`. "Space" is read as
 * any whitespace or control character (browsers silently strip tabs, newlines
 * and leading control characters from URLs). As a safety addition beyond the
 * spec, `javascript:`, `vbscript:` and `data:` targets also become `#`.
 */
import { isBlank } from './text/blank.ts';

export const EMPTY_LINK_TARGET = '#';
export const NEW_TAB_REL = 'noopener noreferrer';

export interface LinkAttributes {
  href: string;
  target?: '_blank';
  rel?: typeof NEW_TAB_REL;
}

// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\s\u0000-\u001F\u007F@%$\\;]/;
const SCRIPTABLE_SCHEME = /^(?:javascript|vbscript|data):/i;
const ABSOLUTE_HTTP = /^https?:\/\//i;
const PROTOCOL_RELATIVE = /^\/\/[^/]/;

/** The href to render, or `#` when the rules above reject it. */
export function toLinkTarget(href: string | null | undefined): string {
  if (typeof href !== 'string' || isBlank(href)) return EMPTY_LINK_TARGET;
  if (href === '/' || FORBIDDEN_CHARACTERS.test(href) || SCRIPTABLE_SCHEME.test(href)) {
    return EMPTY_LINK_TARGET;
  }
  return href;
}

/** The `scheme://host[:port]` of an http(s) origin or URL, or undefined. */
export function normalizeOrigin(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || !ABSOLUTE_HTTP.test(value.trim())) return undefined;
  try {
    return new URL(value.trim()).origin;
  } catch {
    return undefined;
  }
}

/**
 * True for absolute http/https links (and protocol-relative `//host/…` links,
 * which are absolute in practice) that lead away from the site's own origin.
 * Links on the site's origin (compared as parsed origins: scheme, host and
 * port, case-insensitive host, default ports ignored) and relative, `#`,
 * `mailto:`/`tel:` links open in the same tab. With no valid siteOrigin every
 * absolute link opens in a new tab.
 */
export function linkOpensInNewTab(href: string | null | undefined, siteOrigin: string | null | undefined): boolean {
  if (typeof href !== 'string') return false;
  const site = normalizeOrigin(siteOrigin);
  let absolute: string;
  if (ABSOLUTE_HTTP.test(href)) absolute = href;
  else if (PROTOCOL_RELATIVE.test(href)) absolute = `${site?.startsWith('http:') ? 'http:' : 'https:'}${href}`;
  else return false;
  const origin = normalizeOrigin(absolute);
  if (origin === undefined) return false; // not a navigable URL, e.g. `https://`
  return origin !== site;
}

/** Attributes for an anchor: the safe target plus `_blank`/rel for external links. */
export function describeLink(href: string | null | undefined, siteOrigin: string | null | undefined): LinkAttributes {
  const target = toLinkTarget(href);
  if (!linkOpensInNewTab(target, siteOrigin)) return { href: target };
  return { href: target, target: '_blank', rel: NEW_TAB_REL };
}
