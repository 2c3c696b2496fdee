/** Search text for LIKE queries: escaped patterns and the folded forms of a typed search. */
import { normalizePhone } from '../../lib/phone.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';

/** `%text%` for LIKE, with the wildcard characters of the text escaped (`\` is the escape). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface SearchTerms {
  /** The search text folded (lib/text/fold.ts). */
  q?: string | undefined;
  /** The search text lowercased with its marks, for names. */
  raw?: string | undefined;
  /** The stored phone form, when the text reads as a phone number. */
  phone?: string | undefined;
}

/** The search text folded (marks and case), and the stored phone form when it reads as a number. */
export function searchTerms(q: string | undefined) {
  const folded = foldVietnamese(q);
  if (!folded) return {};
  const raw = q!.normalize('NFC').trim().toLowerCase();
  const phone = /^[\d\s.+-]{6,}$/.test(folded) ? (normalizePhone(folded) ?? folded.replace(/\D/g, '')) : undefined;
  return { q: folded, raw, phone };
}
