/**
 * The one place a redirect target that came from input (`?redirect=`, a form field, a cookie, an
 * SSO state) becomes a Location: it is resolved against PUBLIC_URL and must stay on the site.
 * The answer is always a path (`/…`), so the browser stays on the host it is on (ALLOWED_HOSTS).
 */
import { isAllowedHost, type SiteHosts } from './allowed-hosts.ts';

const MAX_LENGTH = 2000;
/**
 * Control characters, every kind of whitespace and the backslash: browsers drop tabs and line
 * breaks inside a URL and read `\` as `/`, so `/\t/evil.example` or `/\evil.example` would leave the
 * site. Nothing legitimate carries them unencoded.
 */
const REFUSED_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f\u2060\u3000\ufeff\\]/;
/** The same, percent-encoded (a second decoding step somewhere must not reveal them). */
const REFUSED_ENCODED = /%(?:[01][0-9a-f]|7f|5c)/i;
/** `/%2F…` or `/%5C…`: a path that decodes to `//host`. */
const ENCODED_SECOND_SLASH = /^\/(?:%2f|%5c)/i;

/**
 * `target` as a same-site path, or `fallback` when it is missing, malformed or leads elsewhere.
 * Accepted: a path starting with a single `/`, or an absolute http(s) URL on PUBLIC_URL's host or
 * one of `sites.allowedHosts` (reduced to its path). Without `sites` only paths are accepted.
 */
export function resolveRedirectTarget(target: unknown, sites?: SiteHosts | null, fallback = '/'): string {
  if (typeof target !== 'string' || target === '' || target.length > MAX_LENGTH) return fallback;
  if (REFUSED_CHARACTERS.test(target) || REFUSED_ENCODED.test(target)) return fallback;
  const base = sites?.publicUrl ?? 'http://site.invalid';
  let url: URL;
  if (target.startsWith('/')) {
    if (target.startsWith('//') || ENCODED_SECOND_SLASH.test(target)) return fallback;
    url = parse(target, base) ?? new URL('http://refused.invalid');
    if (url.origin !== new URL(base).origin) return fallback;
  } else {
    if (!sites || !/^https?:\/\/[^/]/i.test(target)) return fallback;
    const absolute = parse(target);
    if (!absolute || absolute.username || absolute.password) return fallback;
    if (!isAllowedHost(absolute.host, sites, absolute.protocol)) return fallback;
    url = absolute;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/a/..//evil.example` normalises to `//evil.example`.
  if (!path.startsWith('/') || path.startsWith('//') || ENCODED_SECOND_SLASH.test(path)) return fallback;
  return path;
}

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
