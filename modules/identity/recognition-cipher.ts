/**
 * The operator recognition cipher (vectors/PROTOCOLS.md): AES-128-ECB with PKCS#7 padding, a
 * 16-character key, base64 on the wire. ECB is the operator's choice, not ours: it only carries
 * the back link out and the number back.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';

function toKey(key: string): Buffer {
  const bytes = Buffer.from(key, 'utf8');
  if (bytes.length !== 16) throw new Error('The recognition key must be exactly 16 bytes.');
  return bytes;
}

/** base64(AES-128-ECB(key, text)) with PKCS#7 padding. */
export function encryptRecognition(key: string, text: string): string {
  const cipher = createCipheriv('aes-128-ecb', toKey(key), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The text behind a base64 AES-128-ECB value, or null when it is not one (bad base64, wrong
 * length, wrong key, bad padding). Spaces (a `+` decoded from a query string) and the URL-safe
 * alphabet are accepted, since operators differ in how they put the value in the URL.
 */
export function decryptRecognition(key: string, encoded: string): string | null {
  const normalized = encoded.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!normalized || normalized.length > 4096) return null;
  const padded = normalized.padEnd(normalized.length + ((4 - (normalized.length % 4)) % 4), '=');
  if (!BASE64.test(padded)) return null;
  const bytes = Buffer.from(padded, 'base64');
  if (bytes.length === 0 || bytes.length % 16 !== 0) return null;
  try {
    const decipher = createDecipheriv('aes-128-ecb', toKey(key), null);
    return Buffer.concat([decipher.update(bytes), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
