/**
 * Activation codes (PRODUCT.md): 12 characters without look-alikes (no 0/O, 1/I/L), drawn with a
 * CSPRNG. Learners may type them in lower case, with spaces or dashes: `kt7m-q2xh-9pza`.
 */
import { randomUnambiguous, UNAMBIGUOUS_ALPHABET } from '../orders/order-code.ts';

export const ACTIVATION_CODE_LENGTH = 12;

const VALID = new RegExp(`^[${UNAMBIGUOUS_ALPHABET}]{${ACTIVATION_CODE_LENGTH}}$`);

/** Upper case, without spaces, dashes or dots (the way codes are printed on cards: XXXX-XXXX-XXXX). */
export function normaliseActivationCode(raw: string): string {
  return raw
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-–—._]/g, '');
}

export function isWellFormedActivationCode(code: string): boolean {
  return VALID.test(code);
}

export function generateActivationCode(): string {
  return randomUnambiguous(ACTIVATION_CODE_LENGTH);
}

/** `KT7MQ2XH9PZA` → `KT7M-Q2XH-9PZA`, for printing. */
export function formatActivationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
