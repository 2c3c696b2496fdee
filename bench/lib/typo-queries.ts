/**
 * The ways people mistype a search, for the search benchmark's query mix (decision 0009): two
 * letters swapped (`teing anh`), words run together (`tienganh`), and words typed in Telex or VNI
 * that the keyboard did not convert (`tieengs anh`, `tie6ng1 anh`).
 */
import { foldVietnamese } from '../../lib/text/fold.ts';

export type TypoKind = 'swap' | 'together' | 'telex' | 'vni';

/** Combining marks and what each keyboard types for them. */
const KEYS: Record<string, { telex: string; vni: string; tone: boolean }> = {
  '\u0301': { telex: 's', vni: '1', tone: true },
  '\u0300': { telex: 'f', vni: '2', tone: true },
  '\u0309': { telex: 'r', vni: '3', tone: true },
  '\u0303': { telex: 'x', vni: '4', tone: true },
  '\u0323': { telex: 'j', vni: '5', tone: true },
  '\u0302': { telex: '^', vni: '6', tone: false },
  '\u0306': { telex: 'w', vni: '8', tone: false },
  '\u031B': { telex: 'w', vni: '7', tone: false },
};

/**
 * A Vietnamese word as typed in Telex or VNI without conversion: each vowel mark right after its
 * letter (Telex doubles the letter for a circumflex), the tone key at the end (`tiếng` → `tieengs`,
 * `tie6ng1`; `đ` → `dd`, `d9`).
 */
export function typedAs(word: string, keyboard: 'telex' | 'vni'): string {
  let out = '';
  let tone = '';
  for (const char of word.toLowerCase().normalize('NFD')) {
    const key = KEYS[char];
    if (char === 'đ') out += keyboard === 'telex' ? 'dd' : 'd9';
    else if (!key) out += char;
    else if (key.tone) tone = key[keyboard];
    else if (keyboard === 'telex' && key.telex === '^') out += out.at(-1);
    else out += key[keyboard];
  }
  return out + tone;
}

/** The query mistyped one way. */
export function mistype(query: string, kind: TypoKind): string {
  const words = query.toLowerCase().split(' ');
  switch (kind) {
    case 'swap': {
      // The second and third letters swapped, in the longest word (`tieng anh` → `teing anh`).
      const folded = foldVietnamese(query).split(' ');
      const at = folded.reduce((best, word, index) => (word.length > folded[best]!.length ? index : best), 0);
      const word = folded[at]!;
      folded[at] = word.length < 3 ? word : word.charAt(0) + word.charAt(2) + word.charAt(1) + word.slice(3);
      return folded.join(' ');
    }
    case 'together':
      return (
        foldVietnamese(query).split(' ').slice(0, 2).join('') +
        foldVietnamese(query)
          .split(' ')
          .slice(2)
          .map((w) => ` ${w}`)
          .join('')
      );
    case 'telex':
    case 'vni':
      return words.map((word) => typedAs(word, kind)).join(' ');
  }
}

const KINDS: TypoKind[] = ['swap', 'together', 'telex', 'vni'];

/** Every other base query mistyped one of the four ways, in turn (50 bases: 25 queries). */
export function typoQueries(bases: readonly string[]): { q: string; shape: TypoKind }[] {
  return bases.flatMap((base, index) => {
    if (index % 2 !== 0) return [];
    const shape = KINDS[(index / 2) % KINDS.length]!;
    return [{ q: mistype(base, shape), shape }];
  });
}
