/**
 * How a learner's name is shown to other learners (a contest's ranking): the given name — the last
 * word of a Vietnamese name — whole, the family and middle names as initials: "Nguyễn Văn An" →
 * "N. V. An", "Đặng Thị Mỹ Linh" → "Đ. T. M. Linh". Enough to find oneself and a friend, not enough to
 * identify a stranger (the Personal Data Protection Law asks for the least data a purpose needs).
 * The learner sees their own name whole; the studio sees every name whole.
 */
export const ANONYMOUS_NAME = 'Thí sinh';

export function publicName(fullName: string | null | undefined): string {
  const words = (fullName ?? '').normalize('NFC').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return ANONYMOUS_NAME;
  const given = words.at(-1)!;
  const initials = words.slice(0, -1).map((word) => `${Array.from(word)[0]!.toLocaleUpperCase('vi')}.`);
  return [...initials, given].join(' ');
}
