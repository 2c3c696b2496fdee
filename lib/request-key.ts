/**
 * Request keys (SPEC §9: "Request keys use a 10-character hash").
 *
 * FNV-1a 64-bit over the UTF-8 bytes of the input, reduced modulo 36^10 and
 * written in base 36, left-padded with `0`: always exactly 10 characters of
 * [0-9a-z]. Pure JS (BigInt + TextEncoder), identical in browsers and Node.
 * Not a cryptographic hash: use it for de-duplication and cache keys only.
 */

export const REQUEST_KEY_LENGTH = 10;

const FNV_OFFSET_BASIS = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const KEY_SPACE = 36n ** 10n;
const encoder = new TextEncoder();

/** FNV-1a 64-bit of the UTF-8 encoding (lone surrogates become U+FFFD). */
export function computeFnv1a64(input: string): bigint {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of encoder.encode(input)) {
    hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * FNV_PRIME);
  }
  return hash;
}

/** A stable 10-character [0-9a-z] key for any string. */
export function computeRequestKey(input: string): string {
  return (computeFnv1a64(input) % KEY_SPACE).toString(36).padStart(REQUEST_KEY_LENGTH, '0');
}

export type RequestParams = Readonly<Record<string, unknown>>;

/** JSON with object keys sorted at every level, so key order never changes the result. */
export function stringifyStable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => stringifyStable(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${stringifyStable(item)}`);
    return `{${entries.join(',')}}`;
  }
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? 'null';
}

function stringifyParamValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return stringifyStable(value);
}

function collectPairs(params: RequestParams | undefined): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(params ?? {})) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== null && item !== undefined) pairs.push([key, stringifyParamValue(item)]);
    }
  }
  return pairs;
}

/**
 * Canonical `METHOD path?sorted-query` form of a request: the method is
 * upper-cased (empty → GET), the fragment dropped, the URL's own query merged
 * with `params`, null/undefined params dropped, arrays expanded to repeated
 * keys, objects serialised as key-sorted JSON, and all pairs sorted by key
 * (stable: values of one key keep their order) and percent-encoded.
 */
export function canonicalizeRequest(method: string, url: string, params?: RequestParams): string {
  const verb = method.trim().toUpperCase() || 'GET';
  const withoutFragment = url.split('#', 1)[0] ?? '';
  const queryStart = withoutFragment.indexOf('?');
  const path = queryStart === -1 ? withoutFragment : withoutFragment.slice(0, queryStart);
  const pairs: Array<[string, string]> =
    queryStart === -1 ? [] : [...new URLSearchParams(withoutFragment.slice(queryStart + 1))];
  pairs.push(...collectPairs(params));
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return query === '' ? `${verb} ${path}` : `${verb} ${path}?${query}`;
}

/** Request key of the canonical form above. */
export function computeRequestKeyFor(method: string, url: string, params?: RequestParams): string {
  return computeRequestKey(canonicalizeRequest(method, url, params));
}
