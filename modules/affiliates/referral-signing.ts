/** Signs and checks the referral cookie's value (referral-cookie.ts). */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { REFERRAL_MAX_AGE_SECONDS } from './referral-cookie.ts';

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`referral:${payload}`).digest('base64url').slice(0, 27);
}

export function encodeReferral(secret: string, affiliateId: number, issuedAt = new Date()): string {
  const payload = `${affiliateId}.${Math.floor(issuedAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The affiliate id of a valid, unexpired referral value; null otherwise. */
export function decodeReferral(secret: string, value: string | undefined, now = new Date()): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{27})$/.exec(value ?? '');
  if (!match) return null;
  const [, id, issued, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${id}.${issued}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const age = now.getTime() / 1000 - Number(issued);
  if (age < -300 || age > REFERRAL_MAX_AGE_SECONDS) return null;
  return Number(id);
}
