/**
 * The question editor's form ↔ the exam API's question (modules/exams/exams.admin.schemas.ts):
 * used by the page action (saving, the preview without JavaScript) and by the live preview in the
 * browser, so both read the form the same way.
 */
export type QuestionType = 'single' | 'true_false' | 'short' | 'multiple' | 'fill';

export const LETTERS = ['A', 'B', 'C', 'D'] as const;
export const STATEMENTS = ['a', 'b', 'c', 'd'] as const;

export const QUESTION_FIELDS = [
  'prompt',
  'image_url',
  ...[0, 1, 2, 3].flatMap((i) => [`option_${i}`, `option_${i}_image`, `key_${i}`]),
  ...LETTERS.map((letter) => `key_${letter}`),
  'key',
  'key_forms',
  'tolerance',
  'key_blanks',
  'explanation',
  'topic',
  'difficulty',
  'passage_id',
  'points',
];

export const hasOptions = (type: QuestionType) => type === 'single' || type === 'multiple' || type === 'true_false';

/** A decimal written with "," or "."; null when empty, NaN when not a number. */
function decimal(raw: string | undefined): number | null {
  const text = (raw ?? '').trim().replace(',', '.');
  if (!text) return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

export function keyFromForm(type: QuestionType, v: Record<string, string>): unknown {
  switch (type) {
    case 'single':
      return v.key ?? '';
    case 'multiple':
      return LETTERS.filter((letter) => v[`key_${letter}`] === 'on');
    case 'true_false':
      return [0, 1, 2, 3].map((i) => v[`key_${i}`] === 'true');
    case 'short':
      return {
        forms: (v.key_forms ?? '')
          .split(/\r?\n|;/)
          .map((form) => form.trim())
          .filter(Boolean),
        tolerance: decimal(v.tolerance),
      };
    case 'fill':
      return (v.key_blanks ?? '')
        .split(/\r?\n/)
        .map((line) =>
          line
            .split('|')
            .map((word) => word.trim())
            .filter(Boolean),
        )
        .filter((blank) => blank.length > 0);
  }
}

/** The API body of a question from the form's values (problems the API cannot word are returned apart). */
export function questionFromForm(type: QuestionType, part: number, v: Record<string, string>) {
  const problems: Record<string, string> = {};
  const tolerance = decimal(v.tolerance);
  if (type === 'short' && Number.isNaN(tolerance)) problems.tolerance = 'Sai số là một số không âm, ví dụ 0,05.';
  const points = decimal(v.points);
  if (Number.isNaN(points) || (points !== null && points < 0)) problems.points = 'Điểm là một số không âm, ví dụ 0,5.';
  const passage = Number(v.passage_id || 0);
  return {
    problems,
    body: {
      part,
      prompt: v.prompt ?? '',
      image_url: v.image_url?.trim() || null,
      options: hasOptions(type)
        ? [0, 1, 2, 3].map((i) => ({ text: v[`option_${i}`] ?? '', image_url: v[`option_${i}_image`]?.trim() || null }))
        : [],
      key: keyFromForm(type, v),
      explanation: v.explanation ?? '',
      topic: v.topic ?? '',
      difficulty: v.difficulty || 'medium',
      passage_id: passage > 0 ? passage : null,
      points: points === null || Number.isNaN(points) ? null : Math.round(points * 1000),
    },
  };
}

/** The form's values of a stored question (the editor's defaults). */
export function formFromQuestion(
  type: QuestionType,
  q: {
    prompt: string;
    image_url: string | null;
    options: { text: string; image_url: string | null }[];
    key: unknown;
    explanation: string;
    topic: string;
    difficulty: string;
    passage_id: number | null;
    points: number;
  },
): Record<string, string> {
  const v: Record<string, string> = {
    prompt: q.prompt,
    image_url: q.image_url ?? '',
    explanation: q.explanation,
    topic: q.topic,
    difficulty: q.difficulty,
    passage_id: q.passage_id ? String(q.passage_id) : '',
    points: String(q.points).replace('.', ','),
  };
  q.options.forEach((option, i) => {
    v[`option_${i}`] = option.text;
    v[`option_${i}_image`] = option.image_url ?? '';
  });
  if (type === 'single') v.key = String(q.key);
  if (type === 'multiple') for (const letter of q.key as string[]) v[`key_${letter}`] = 'on';
  if (type === 'true_false') (q.key as boolean[]).forEach((value, i) => (v[`key_${i}`] = String(value)));
  if (type === 'short') {
    const key = q.key as { forms: string[]; tolerance: number | null };
    v.key_forms = key.forms.join('\n');
    v.tolerance = key.tolerance === null ? '' : String(key.tolerance).replace('.', ',');
  }
  if (type === 'fill') v.key_blanks = (q.key as string[][]).map((blank) => blank.join(' | ')).join('\n');
  return v;
}

/** The key in words, for an exam whose keys are frozen. */
export function keyText(type: QuestionType, key: unknown): string {
  if (type === 'single') return String(key);
  if (type === 'multiple') return (key as string[]).join(', ');
  if (type === 'true_false')
    return (key as boolean[]).map((value, i) => `${STATEMENTS[i]}) ${value ? 'Đúng' : 'Sai'}`).join(' · ');
  if (type === 'short') {
    const { forms, tolerance } = key as { forms: string[]; tolerance: number | null };
    return `${forms.join(' hoặc ')}${tolerance !== null ? ` (sai số ±${String(tolerance).replace('.', ',')})` : ''}`;
  }
  return (key as string[][]).map((blank, i) => `(${i + 1}) ${blank.join(' / ')}`).join(' · ');
}
