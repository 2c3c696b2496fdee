/**
 * The host names this site answers under: PUBLIC_URL's host plus ALLOWED_HOSTS (config/env.ts).
 * An entry is `name` (any port) or `name:port`; names compare in their ASCII (punycode) form, so a
 * look-alike Unicode name never matches a listed one.
 */

export interface SiteHosts {
  /** The public address (PUBLIC_URL): the origin redirect targets are resolved against. */
  publicUrl: string;
  /** Other host names the site may be opened under (ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

interface ParsedHost {
  hostname: string;
  port: string;
}

function parseHost(value: string, protocol = 'http:'): ParsedHost | null {
  if (!value || /[\s/\\?#@]/.test(value)) return null;
  try {
    const url = new URL(`${protocol}//${value}`);
    return { hostname: url.hostname, port: url.port };
  } catch {
    return null;
  }
}

/** Whether `host` (a Host header or a URL's host, with or without a port) is one of the site's hosts. */
export function isAllowedHost(host: string | null | undefined, sites: SiteHosts, protocol = 'http:'): boolean {
  const parsed = host ? parseHost(host.toLowerCase(), protocol) : null;
  if (!parsed) return false;
  const publicUrl = new URL(sites.publicUrl);
  if (parsed.hostname === publicUrl.hostname && parsed.port === publicUrl.port && protocol === publicUrl.protocol)
    return true;
  return sites.allowedHosts.some((entry) => {
    const allowed = parseHost(entry.toLowerCase(), protocol);
    if (!allowed || allowed.hostname !== parsed.hostname) return false;
    // `name` allows every port; `name:port` (or `[v6]:port`) only that one.
    const hasPort = /:\d+$/.test(entry) && !/^[^[]*:.*:/.test(entry);
    return !hasPort || allowed.port === parsed.port;
  });
}

/**
 * The origin a browser used (`protocol://host`) when it is one of the site's hosts; PUBLIC_URL's
 * origin otherwise. Links that must come back to the same browser session (a gateway's return URL)
 * are built on it: the session cookie lives on the host the learner opened.
 */
export function siteOrigin(request: { protocol: string; host: string | undefined }, sites: SiteHosts): string {
  const protocol = request.protocol === 'https' ? 'https:' : 'http:';
  if (request.host && isAllowedHost(request.host, sites, protocol)) {
    const parsed = parseHost(request.host.toLowerCase(), protocol)!;
    return `${protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
  }
  return new URL(sites.publicUrl).origin;
}
