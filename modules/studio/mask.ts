/**
 * Raw gateway payloads (notifications, query and refund answers) shown in the studio with their
 * secrets masked: signatures, secure hashes, keys, tokens, passwords and card numbers. JSON keeps
 * its shape; a query string keeps its order; anything else is shown as stored.
 */
const SECRET_KEY = /signature|secure_?hash|secret|access_?key|password|token|checksum|card_?num|card_?number|otp/i;
export const MASK = '••••••';

function maskValue(key: string, value: unknown): unknown {
  if (SECRET_KEY.test(key) && value !== null && value !== undefined && value !== '') return MASK;
  return maskJson(value);
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskValue(key, inner)]));
  return value;
}

export function maskSecrets(payload: string): string;
export function maskSecrets(payload: string | null): string | null;
export function maskSecrets(payload: string | null): string | null {
  if (payload === null) return null;
  const text = payload.trim();
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.stringify(maskJson(JSON.parse(text)), null, 2);
    } catch {
      return payload;
    }
  }
  if (/^[^\s=&]+=[^\s]*$/.test(text.replace(/^\?/, ''))) {
    const params = new URLSearchParams(text.replace(/^\?/, ''));
    const masked = [...params].map(([key, value]) => [key, SECRET_KEY.test(key) && value ? MASK : value]);
    return new URLSearchParams(masked).toString();
  }
  return payload;
}
