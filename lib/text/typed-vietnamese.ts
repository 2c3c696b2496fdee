/**
 * Vietnamese typed in Telex or VNI when the keyboard did not convert it (`tieengs`, `tie6ng1` →
 * `tiếng`). A pure function over one lowercase word of [a-z0-9]: it reads the tone and vowel
 * keys wherever they were typed (`tiesng`, `tiengse`, `tie1ng6` all give `tiếng`), applies them,
 * and answers the syllable only when it is a valid Vietnamese one (an initial consonant, a rhyme
 * from the table below, a tone that rhyme allows). Anything else answers null, and so does a word
 * that used no key at all (`tieng`): whether a valid result should replace the word (`cos` is also
 * English) is the caller's decision (the search converts only words it does not know).
 *
 * Telex: s f r x j (sắc huyền hỏi ngã nặng), z (no tone), aa ee oo (â ê ô), aw ow uw (ă ơ ư), a
 * lone w (ư), dd (đ). VNI: 1–5 tones, 6 (â ê ô), 7 (ơ ư), 8 (ă), 9 (đ), 0 (no tone).
 */

type Mark = '' | '^' | '(' | '+';

interface Letter {
  ch: string;
  mark: Mark;
}

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);
const TONE_KEYS: Record<string, number> = { s: 1, f: 2, r: 3, x: 4, j: 5, z: 0 };
/** Combining marks of the tones 1–5: sắc, huyền, hỏi, ngã, nặng. */
const TONE_MARKS = ['', '\u0301', '\u0300', '\u0309', '\u0303', '\u0323'];
const MARKED: Record<string, string> = {
  'a^': 'â',
  'e^': 'ê',
  'o^': 'ô',
  'a(': 'ă',
  'o+': 'ơ',
  'u+': 'ư',
};

/** Initial consonants, longest first. */
const INITIALS = [
  'ngh',
  'ng',
  'gh',
  'gi',
  'kh',
  'nh',
  'ph',
  'qu',
  'th',
  'tr',
  'ch',
  'b',
  'c',
  'd',
  'đ',
  'g',
  'h',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'x',
];

/** Every Vietnamese rhyme (vowels and final consonant, without tone). */
const RHYMES = new Set(
  (
    'a ac ach ai am an ang anh ao ap at au ay ăc ăk ăm ăn ăng ăp ăt âc âm ân âng âp ât âu ây ' +
    'e ec em en eng eo ep et ê êch êm ên ênh êp êt êu ' +
    'i ia ich im in inh ip it iu iêc iêm iên iêng iêp iêt iêu yêm yên yêt yêu y ' +
    'o oc oi om on ong op ot oa oac oach oai oam oan oang oanh oao oap oat oay oăc oăm oăn oăng oăt ' +
    'oe oen oeo oet ooc oong ô ôc ôi ôm ôn ông ôp ôt ơ ơi ơm ơn ơp ơt ' +
    'u ua uc ui um un ung up ut uân uâng uât uây uê uêch uênh uơ uy uya uych uyên uyêt uynh uyt uyu ' +
    'uôc uôi uôm uôn uông uôt ư ưa ưc ưi ưm ưn ưng ưt ưu ươc ươi ươm ươn ương ươp ươt ươu'
  ).split(' '),
);

/** Rhymes ending in a stop take only sắc or nặng. */
const STOP_FINAL = /(c|ch|k|p|t)$/;

function letterText(letter: Letter): string {
  return MARKED[`${letter.ch}${letter.mark}`] ?? letter.ch;
}

/** Which letter of the vowel run a mark key applies to: the nearest fitting vowel before the key, else the first. */
function markTarget(letters: Letter[], before: number, fits: (ch: string) => boolean): number {
  for (let at = Math.min(before, letters.length) - 1; at >= 0; at -= 1) {
    if (VOWELS.has(letters[at]!.ch) && fits(letters[at]!.ch)) return at;
  }
  return letters.findIndex((letter) => VOWELS.has(letter.ch) && fits(letter.ch));
}

interface Keys {
  letters: Letter[];
  tone: number;
  stroke: boolean;
  /** Vowel mark keys (6 7 8, w) and where they were typed (letters before them). */
  marks: { mark: Mark; at: number; telex: boolean }[];
  used: boolean;
}

/** Reads the keys of a word: letters, the tone, đ, and the vowel-mark keys still to apply. */
function readKeys(word: string): Keys | null {
  const keys: Keys = { letters: [], tone: 0, stroke: false, marks: [], used: false };
  const { letters } = keys;
  let vowelSeen = false;
  let finalSeen = false;
  for (const ch of word) {
    const previous = letters.at(-1);
    if (/[0-9]/.test(ch)) {
      const digit = Number(ch);
      if (digit <= 5) keys.tone = digit;
      else if (digit === 9) {
        if (letters[0]?.ch !== 'd') return null;
        keys.stroke = true;
      } else keys.marks.push({ mark: digit === 6 ? '^' : digit === 7 ? '+' : '(', at: letters.length, telex: false });
      keys.used = true;
    } else if (vowelSeen && ch in TONE_KEYS) {
      keys.tone = TONE_KEYS[ch]!;
      keys.used = true;
    } else if (ch === 'w') {
      if (vowelSeen) keys.marks.push({ mark: '+', at: letters.length, telex: true });
      else {
        letters.push({ ch: 'u', mark: '+' });
        vowelSeen = true;
      }
      keys.used = true;
    } else if (ch === 'd' && letters.length === 1 && previous?.ch === 'd' && !keys.stroke) {
      keys.stroke = true;
      keys.used = true;
    } else if ((ch === 'a' || ch === 'e' || ch === 'o') && previous?.ch === ch && previous.mark === '' && !finalSeen) {
      previous.mark = '^';
      keys.used = true;
    } else if ((ch === 'a' || ch === 'e' || ch === 'o') && finalSeen) {
      // The circumflex typed after the final consonant (`tienge`): on the same vowel of the run.
      const at = letters.findIndex((letter) => letter.ch === ch && letter.mark === '');
      if (at < 0) return null;
      letters[at]!.mark = '^';
      keys.used = true;
    } else if (VOWELS.has(ch)) {
      if (finalSeen) return null;
      letters.push({ ch, mark: '' });
      vowelSeen = true;
    } else {
      if (vowelSeen) finalSeen = true;
      letters.push({ ch, mark: '' });
    }
  }
  return keys;
}

/** Applies the vowel-mark keys (6 7 8 and w) to the vowel each one belongs to. */
function applyMarks(keys: Keys): boolean {
  const { letters } = keys;
  for (const { mark, at, telex } of keys.marks) {
    if (mark === '+') {
      const pair = letters.findIndex((letter, index) => letter.ch === 'u' && letters[index + 1]?.ch === 'o');
      // `uo` takes the horn on both (ươ), except after q, where u belongs to the consonant.
      if (pair > 0 && letters[pair - 1]!.ch !== 'q' && letters[pair + 1]!.mark === '') {
        letters[pair]!.mark = '+';
        letters[pair + 1]!.mark = '+';
        continue;
      }
      const target = markTarget(letters, at, (ch) => ch === 'u' || ch === 'o' || (telex && ch === 'a'));
      if (target < 0) return false;
      letters[target]!.mark = letters[target]!.ch === 'a' ? '(' : '+';
    } else {
      const target = markTarget(letters, at, mark === '(' ? (ch) => ch === 'a' : (ch) => 'aeo'.includes(ch));
      if (target < 0) return false;
      letters[target]!.mark = mark;
    }
  }
  return true;
}

/** Where the tone goes in a vowel run (index into `vowels`), the traditional placement (hòa, thủy). */
function tonePosition(vowels: string[], hasFinal: boolean): number {
  const marked = vowels.findLastIndex((vowel) => /[ăâêôơư]/.test(vowel));
  if (marked >= 0) return marked;
  if (hasFinal) return vowels.length - 1;
  if (vowels.length === 3) return 1;
  return 0;
}

/** Builds the syllable from an initial and the marked letters after it; null when it is not Vietnamese. */
function compose(initial: string, rest: string[], tone: number): string | null {
  const firstConsonant = rest.findIndex((ch) => !/^[aeiouyăâêôơư]$/.test(ch));
  const vowels = firstConsonant < 0 ? rest : rest.slice(0, firstConsonant);
  const final = firstConsonant < 0 ? '' : rest.slice(firstConsonant).join('');
  const rhyme = vowels.join('') + final;
  if (vowels.length === 0 || !RHYMES.has(rhyme)) return null;
  if (STOP_FINAL.test(final) && tone !== 0 && tone !== 1 && tone !== 5) return null;
  const toned = [...vowels];
  const at = tonePosition(vowels, final !== '');
  toned[at] = `${toned[at]}${TONE_MARKS[tone]}`;
  return `${initial}${toned.join('')}${final}`.normalize('NFC');
}

/**
 * The Vietnamese syllable a word typed in Telex or VNI stands for, or null (not a valid syllable,
 * or no Telex/VNI key used). Input: one lowercase word of [a-z0-9].
 */
export function fromTypedVietnamese(word: string): string | null {
  if (!/^[a-z0-9]{1,12}$/.test(word)) return null;
  const keys = readKeys(word);
  if (!keys || !keys.used || !applyMarks(keys)) return null;
  const text = keys.letters.map(letterText);
  if (keys.stroke) {
    if (text[0] !== 'd') return null;
    text[0] = 'đ';
  }
  const joined = text.join('');
  for (const initial of ['', ...INITIALS]) {
    if (!joined.startsWith(initial)) continue;
    const rest = text.slice(initial.length === 0 ? 0 : [...initial].length);
    // `gi` and `qu` are also `g`/`q` + a vowel run starting with i/u (giếng, gì).
    const syllable = compose(initial, rest, keys.tone);
    if (syllable && (initial !== '' || !/^[bcdđghklmnpqrstvx]/.test(joined))) return syllable;
  }
  return null;
}
