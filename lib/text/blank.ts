/**
 * "A value empty or only whitespace counts as empty" (SPEC §5).
 *
 * Whitespace here is everything JavaScript's `\s` matches (space, tab, CR/LF,
 * VT, FF, NBSP U+00A0, U+1680, U+2000–U+200A, U+2028/9, U+202F, U+205F,
 * ideographic space U+3000, BOM U+FEFF) plus the invisible format characters
 * U+180E, U+200B–U+200D (zero-width space/non-joiner/joiner) and U+2060 (word joiner).
 */

export const INVISIBLE_SPACE_CLASS = '\\s\\u180E\\u200B-\\u200D\\u2060';

const ONLY_INVISIBLE = new RegExp(`^[${INVISIBLE_SPACE_CLASS}]*$`);

/**
 * True for null, undefined and strings that are empty or only whitespace.
 * Everything else — numbers (even 0 and NaN), booleans, objects, arrays — is not blank.
 */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return typeof value === 'string' && ONLY_INVISIBLE.test(value);
}

/** The value itself (untrimmed) unless it is blank, in which case the fallback. */
export function valueOrFallback<T, F>(value: T, fallback: F): NonNullable<T> | F {
  return isBlank(value) ? fallback : (value as NonNullable<T>);
}
