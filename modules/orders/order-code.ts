/** Order codes: `KT` + the date in Vietnam (yyyyMMdd) + 6 characters without look-alikes. */
import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: read aloud or typed from a screenshot without mistakes. */
export const UNAMBIGUOUS_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function randomUnambiguous(length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += UNAMBIGUOUS_ALPHABET[randomInt(UNAMBIGUOUS_ALPHABET.length)];
  return text;
}

export function generateOrderCode(now = new Date()): string {
  const vietnam = new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `KT${vietnam}${randomUnambiguous(6)}`;
}
