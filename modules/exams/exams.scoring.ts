/**
 * The scoring rules, as pure functions. Points are counted in thousandths of a point (integers) so
 * that sums are exact: every THPT 2025 amount (0.1, 0.25, 0.5, 1) is a whole number of thousandths.
 * See docs/decisions/0010-exams-thpt-2025.md for the sources and the choices made here.
 */

export type QuestionType = 'single' | 'true_false' | 'short' | 'multiple' | 'fill';
/** How a part scores its questions: all or nothing, or the THPT ladder of a true/false group. */
export type PartScoring = 'all_or_nothing' | 'true_false_ladder';
export type ExamTemplate = 'thpt_math' | 'thpt_science' | 'thpt_language' | 'custom';

export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

/** THPT 2025 part II: 1, 2, 3, 4 correct statements earn 0.1, 0.25, 0.5, 1 of the group's point. */
const TRUE_FALSE_LADDER = [0, 100, 250, 500, 1000] as const;

/** The share (in thousandths) of a true/false group's points earned with `correct` right statements. */
export function trueFalseShare(correct: number): number {
  if (!Number.isInteger(correct) || correct < 0 || correct > 4) throw new RangeError('0–4 statements');
  return TRUE_FALSE_LADDER[correct]!;
}

export interface PartTemplate {
  title: string;
  type: QuestionType;
  count: number;
  scoring: PartScoring;
  /** Points per question, in thousandths. */
  points: number;
}

export interface ExamStructure {
  durationMinutes: number;
  parts: PartTemplate[];
}

const partOne = (count: number): PartTemplate => ({
  title: 'Phần I. Trắc nghiệm nhiều phương án lựa chọn',
  type: 'single',
  count,
  scoring: 'all_or_nothing',
  points: 250,
});
const partTwo: PartTemplate = {
  title: 'Phần II. Trắc nghiệm đúng sai',
  type: 'true_false',
  count: 4,
  scoring: 'true_false_ladder',
  points: 1000,
};
const partThree = (points: number): PartTemplate => ({
  title: 'Phần III. Trắc nghiệm trả lời ngắn',
  type: 'short',
  count: 6,
  scoring: 'all_or_nothing',
  points,
});

/** The Ministry's 2025 structure of each template (custom exams define their own parts). */
export const THPT_STRUCTURES: Record<Exclude<ExamTemplate, 'custom'>, ExamStructure> = {
  thpt_math: { durationMinutes: 90, parts: [partOne(12), partTwo, partThree(500)] },
  thpt_science: { durationMinutes: 50, parts: [partOne(18), partTwo, partThree(250)] },
  thpt_language: {
    durationMinutes: 50,
    parts: [{ ...partOne(40), title: 'Trắc nghiệm nhiều phương án lựa chọn' }],
  },
};

/** The maximum of a structure, in thousandths (10 000 for every THPT template). */
export function structureMax(structure: ExamStructure): number {
  return structure.parts.reduce((sum, part) => sum + part.count * part.points, 0);
}

// ── Short answers ────────────────────────────────────────────────────────────────────────────────

/** The official answer sheet has four boxes per short answer, each a digit, "-" or ",". */
export const SHORT_ANSWER_BOXES = 4;

const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2212\uFE63\uFF0D]/g;

/**
 * The canonical form of a short numeric answer, or null when it is not a number: Unicode minus and
 * dashes become "-", spaces go, a leading "+" goes, "." and "," are both the decimal separator
 * (at most one), leading zeros of the integer part and trailing zeros of the decimals go, "-0" is
 * "0", ",5" is "0,5" and "5," is "5". The decimal separator of the canonical form is "," (the
 * answer sheet's). No thousands separators: "1.000" is one.
 */
export function normalizeShortAnswer(raw: string): string | null {
  const text = raw.normalize('NFKC').replace(DASHES, '-').replace(/\s+/g, '');
  const match = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const integer = whole.replace(/^0+(?=\d)/, '') || '0';
  const decimals = fraction.replace(/0+$/, '');
  const body = decimals ? `${integer},${decimals}` : integer;
  return sign === '-' && body !== '0' ? `-${body}` : body;
}

/** Whether a canonical answer can be written in the answer sheet's four boxes. */
export function fitsAnswerSheet(canonical: string): boolean {
  return canonical.length <= SHORT_ANSWER_BOXES;
}

function numericValue(canonical: string): number {
  return Number(canonical.replace(',', '.'));
}

export interface ShortKey {
  /** Accepted answers, each in canonical form. */
  forms: readonly string[];
  /** An absolute tolerance around the first form; null = exact forms only. */
  tolerance: number | null;
}

/** Whether a candidate's short answer matches the key (any canonical form, or within the tolerance). */
export function shortAnswerCorrect(answer: string, key: ShortKey): boolean {
  const canonical = normalizeShortAnswer(answer);
  if (canonical === null) return false;
  if (key.forms.includes(canonical)) return true;
  if (key.tolerance === null || key.forms.length === 0) return false;
  const difference = Math.abs(numericValue(canonical) - numericValue(key.forms[0]!));
  // Half a millionth of slack so that 0.1 + 0.2-style binary error never decides a mark.
  return difference <= key.tolerance + 5e-7;
}

// ── Fill-in words ────────────────────────────────────────────────────────────────────────────────

/** A filled-in word compared without case, surrounding spaces or repeated inner spaces. */
export function normalizeWords(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('vi');
}

// ── Grading one question ─────────────────────────────────────────────────────────────────────────

export type Answer = string | string[] | (boolean | null)[] | null;

export type Key =
  | { type: 'single'; correct: OptionLetter }
  | { type: 'multiple'; correct: readonly OptionLetter[] }
  | { type: 'true_false'; correct: readonly [boolean, boolean, boolean, boolean] }
  | { type: 'short'; correct: ShortKey }
  | { type: 'fill'; correct: readonly (readonly string[])[] };

export interface Graded {
  /** Points earned, in thousandths. */
  awarded: number;
  /** Whether the answer earns the full points. */
  correct: boolean;
  /** True/false groups: how many statements are right (0–4). */
  statementsRight?: number;
}

/** Grades one answer against its key; `points` is the question's worth in thousandths. */
export function gradeAnswer(key: Key, answer: Answer, points: number, scoring: PartScoring): Graded {
  const full = (ok: boolean): Graded => ({ awarded: ok ? points : 0, correct: ok });
  switch (key.type) {
    case 'single':
      return full(typeof answer === 'string' && answer === key.correct);
    case 'multiple': {
      const chosen = Array.isArray(answer) ? [...new Set(answer as string[])].sort() : [];
      const wanted = [...key.correct].sort();
      return full(chosen.length === wanted.length && chosen.every((letter, i) => letter === wanted[i]));
    }
    case 'short':
      return full(typeof answer === 'string' && shortAnswerCorrect(answer, key.correct));
    case 'fill': {
      const given = Array.isArray(answer) ? (answer as unknown[]) : [];
      const ok =
        given.length === key.correct.length &&
        key.correct.every((accepted, i) => {
          const word = given[i];
          return typeof word === 'string' && accepted.some((form) => normalizeWords(form) === normalizeWords(word));
        });
      return full(ok);
    }
    case 'true_false': {
      const marks = Array.isArray(answer) ? (answer as unknown[]) : [];
      // An unanswered statement (null) is never right.
      const right = key.correct.filter((value, i) => marks[i] === value).length;
      if (scoring === 'all_or_nothing') return { ...full(right === 4), statementsRight: right };
      return { awarded: (points * trueFalseShare(right)) / 1000, correct: right === 4, statementsRight: right };
    }
  }
}

/** Thousandths to points, as shown (2025 totals are exact multiples of 0.05). */
export function toPoints(thousandths: number): number {
  return Math.round(thousandths) / 1000;
}

/**
 * A total on the 10-point scale. THPT totals are already on 10 and exact; a custom exam whose
 * maximum is not 10 is scaled and rounded half up to 0.01 (documented in decision 0010).
 */
export function scoreOnTen(thousandths: number, maxThousandths: number): number {
  if (maxThousandths <= 0) return 0;
  if (maxThousandths === 10_000) return toPoints(thousandths);
  return Math.round((thousandths * 1000) / maxThousandths + 1e-9) / 100;
}
