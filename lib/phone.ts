/**
 * Vietnamese mobile numbers (PRODUCT.md "Identity"): accept 0912345678, +84912345678,
 * 84912345678 (spaces, dots and dashes ignored) and store 84912345678.
 */
const MOBILE_PREFIXES = /^(3[2-9]|5[2689]|7[06-9]|8[1-9]|9\d)\d{7}$/;

/** The stored form `84xxxxxxxxx`, or null when the input is not a Vietnamese mobile number. */
export function normalizePhone(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const compact = input.trim().replace(/[\s.\-()]/g, '');
  let national: string;
  if (/^\+84\d+$/.test(compact)) national = compact.slice(3);
  else if (/^84\d{9}$/.test(compact)) national = compact.slice(2);
  else if (/^0\d{9}$/.test(compact)) national = compact.slice(1);
  else return null;
  return MOBILE_PREFIXES.test(national) ? `84${national}` : null;
}

/** 84912345678 → 0912345678, for display. */
export function formatPhone(stored: string): string {
  return stored.startsWith('84') ? `0${stored.slice(2)}` : stored;
}

/** 84912345678 → 091****678, for messages that confirm where a code went. */
export function maskPhone(stored: string): string {
  const local = formatPhone(stored);
  return `${local.slice(0, 3)}****${local.slice(-3)}`;
}

/** hocvien@khaitri.vn → ho*****@khaitri.vn */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(name.length - 2, 3))}@${domain}`;
}

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@.]{2,}$/;

export function normalizeEmail(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const email = input.trim().normalize('NFC').toLowerCase();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : null;
}

/** A sign-in name is a phone number (any accepted form) or an e-mail. */
export function parseUsername(input: string | null | undefined): { phone: string } | { email: string } | null {
  const phone = normalizePhone(input);
  if (phone) return { phone };
  const email = normalizeEmail(input);
  return email ? { email } : null;
}
