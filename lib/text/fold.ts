/**
 * Vietnamese folding for search matching (PROTOCOLS.md "Vietnamese search"):
 * NFC, lowercase, strip combining marks, map đ/Đ → d explicitly (đ is a letter
 * of its own, not d + a mark, so stripping marks alone never folds it), and
 * collapse whitespace. Letters with two marks (ậ ệ ữ ộ ẫ) lose both.
 *
 * Folding loses meaning ("con dế" and "con dê" both give "con de"): use it for
 * matching, and rank exact-mark matches above folded ones.
 */
import { INVISIBLE_SPACE_CLASS } from './blank.ts';

const COMBINING_MARKS = /\p{M}/gu;
// Đ U+0110 / đ U+0111, plus the look-alike Ð U+00D0 / ð U+00F0 that some
// keyboards and legacy encodings emit in place of Đ/đ.
const D_WITH_STROKE = /[\u0110\u0111\u00D0\u00F0]/g;
const WHITESPACE_RUN = new RegExp(`[${INVISIBLE_SPACE_CLASS}]+`, 'g');

/** `Đà Nẵng` → `da nang`; `  Tiếng   Việt ` → `tieng viet`; null/undefined → ''. */
export function foldVietnamese(text: string | null | undefined): string {
  if (typeof text !== 'string') return '';
  return text
    .normalize('NFC')
    .replace(D_WITH_STROKE, 'd')
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .normalize('NFC')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

/**
 * Vietnamese without its marks, case and spacing kept, for texts that must stay in GSM-7 (SMS):
 * `Đơn hàng đã thanh toán` → `Don hang da thanh toan`.
 */
export function stripVietnameseMarks(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u0110\u00D0]/g, 'D')
    .replace(/[\u0111\u00F0]/g, 'd')
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .normalize('NFC');
}
