/** HMAC helpers shared by the gateway providers; comparisons are constant-time. */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(algorithm: 'sha256' | 'sha512', key: string | Buffer, data: string): string {
  return createHmac(algorithm, key).update(data, 'utf8').digest('hex');
}

/** Case-insensitive, constant-time comparison of two hex signatures. */
export function sameHex(expected: string, received: string | undefined): boolean {
  if (!received) return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** PHP urlencode (what VNPay's reference code signs): RFC 3986 escapes plus `!'()*~`, space as `+`. */
export function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** The fields whose names start with one of the prefixes, empty values and hash fields dropped, sorted by key. */
export function sortedFields(
  params: Record<string, string>,
  prefixes: string[],
  exclude: string[],
): [string, string][] {
  return Object.entries(params)
    .filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix)) && !exclude.includes(key))
    .filter(([, value]) => value !== undefined && value !== null && String(value) !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => [key, String(value)]);
}

/** The time in Asia/Ho_Chi_Minh (GMT+7, no DST) as yyyyMMddHHmmss. */
export function formatGmt7(date: Date): string {
  return new Date(date.getTime() + 7 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
