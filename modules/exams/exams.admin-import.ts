/**
 * The exam import format (docs/exam-import.md): a plain-text file, one field per line — a header
 * (Tiêu đề:, Môn:, Mẫu đề:…), passages between `[ĐOẠN ref] …` and `[HẾT ĐOẠN]`, part headers
 * (`PHẦN I`), questions (`Câu 1.`), options `A.`–`D.` or statements `a)`–`d)`, and labelled lines
 * (Đáp án:, Lời giải:, Chuyên đề:, Mức độ:, Hình:, Sai số:, Điểm:, Đoạn:). A line that is none of
 * these continues the field above it. Every problem is reported with its line; nothing is written
 * unless the whole file is valid (exams.admin.ts).
 */
import { isAppError } from '../../lib/errors.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { slugify } from '../../lib/text/slug.ts';
import { partsOf, prepareQuestion, type ExamInput, type KeyInput, type QuestionInput } from './exams.authoring.ts';
import { normalizeShortAnswer, type ExamTemplate, type QuestionType } from './exams.scoring.ts';
import { DIFFICULTY_WORDS, PART_NAMES, QUESTION_TYPE_WORDS, TEMPLATE_WORDS, partLabel } from './exams.admin-labels.ts';

export interface ImportProblem {
  line: number;
  message: string;
}

interface Draft {
  line: number;
  part: number;
  number: number;
  prompt: string[];
  options: { letter: string; text: string[]; image_url: string | null; line: number }[];
  fields: Map<string, { value: string[]; line: number }>;
}

interface PartDraft {
  line: number;
  number: number;
  title: string;
  type?: string;
  points?: string;
}

const LABELS: Record<string, string> = {
  'tieu de': 'title',
  'duong dan': 'slug',
  mon: 'subject',
  'mau de': 'template',
  'thoi gian': 'duration',
  'mo ta': 'description',
  'dap an': 'key',
  'loi giai': 'explanation',
  'chuyen de': 'topic',
  'muc do': 'difficulty',
  hinh: 'image',
  'sai so': 'tolerance',
  diem: 'points',
  doan: 'passage',
  loai: 'type',
  'am thanh': 'audio',
};
const MULTI_LINE = new Set(['explanation', 'description']);

const PART_HEADER = /^PH[ẦÂA]N\s+([IVX]+|\d+)\b[.:]?\s*(.*)$/iu;
const QUESTION = /^C[âa]u\s+(\d+)\s*[.:]\s*(.*)$/iu;
const OPTION = /^([A-D])[.)]\s+(.*)$/u;
const STATEMENT = /^([a-d])\)\s*(.*)$/u;
const PASSAGE_START = /^\[ĐOẠN\s+([^\]\s]+)\]\s*(.*)$/iu;
const PASSAGE_END = /^\[HẾT ĐOẠN\]$/iu;
const ROMAN: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4, V: 5, VI: 6, VII: 7, VIII: 8, IX: 9, X: 10 };

function labelOf(line: string): { field: string; value: string } | null {
  const match = /^([^:]{2,24}):\s*(.*)$/u.exec(line);
  if (!match) return null;
  const field = LABELS[foldVietnamese(match[1]!).trim()];
  return field ? { field, value: match[2]!.trim() } : null;
}

function pick<T extends string>(table: Record<string, T>, raw: string): T | undefined {
  return table[foldVietnamese(raw).trim()];
}

/** A decimal written either way ("0,25" or "0.25"), or null. */
function decimal(raw: string): number | null {
  const canonical = normalizeShortAnswer(raw);
  return canonical === null ? null : Number(canonical.replace(',', '.'));
}

type ParsedKey = { key: KeyInput } | { error: string };

function parseKey(type: QuestionType, raw: string): ParsedKey {
  const ok = (key: KeyInput): ParsedKey => ({ key });
  const fail = (error: string): ParsedKey => ({ error });
  const text = raw.trim();
  switch (type) {
    case 'single':
      return /^[A-D]$/i.test(text)
        ? ok(text.toUpperCase())
        : fail('Đáp án của câu một lựa chọn là một chữ A, B, C hoặc D.');
    case 'multiple': {
      const letters = text
        .toUpperCase()
        .split(/[\s,;]+/)
        .filter(Boolean);
      return letters.length > 0 && letters.every((l) => /^[A-D]$/.test(l))
        ? ok(letters)
        : fail('Đáp án của câu nhiều lựa chọn là các chữ A–D, cách nhau bởi dấu phẩy.');
    }
    case 'true_false': {
      const words = foldVietnamese(text.replace(/\b[a-d]\)/g, ' '))
        .split(/[\s,;]+/)
        .filter(Boolean);
      const values = words.map((word) =>
        word === 'd' || word === 'dung' ? true : word === 's' || word === 'sai' ? false : null,
      );
      return values.length === 4 && values.every((v) => v !== null)
        ? ok(values as boolean[])
        : fail('Đáp án câu đúng sai là bốn giá trị Đ hoặc S (ví dụ: Đ S Đ S).');
    }
    case 'short': {
      const forms = text
        .split(';')
        .map((form) => form.trim())
        .filter(Boolean);
      return forms.length > 0 ? ok(forms) : fail('Thiếu đáp án.');
    }
    case 'fill': {
      const blanks = text.split(';').map((blank) =>
        blank
          .split('|')
          .map((w) => w.trim())
          .filter(Boolean),
      );
      return blanks.length > 0 && blanks.every((b) => b.length > 0)
        ? ok(blanks)
        : fail('Đáp án điền từ: các chỗ trống cách nhau bởi “;”, các cách viết của một chỗ cách nhau bởi “|”.');
    }
  }
}

export interface ParsedImport {
  exam: ExamInput | null;
  problems: ImportProblem[];
}

/** Reads the whole file; `exam` is null when any problem was found. */
export function parseExamText(source: string): ParsedImport {
  const problems: ImportProblem[] = [];
  const problem = (line: number, message: string) => problems.push({ line, message: `Dòng ${line}: ${message}` });
  const header = new Map<string, { value: string[]; line: number }>();
  const parts: PartDraft[] = [];
  const questions: Draft[] = [];
  const passages: { ref: string; title: string | null; content: string[]; audio_url: string | null; line: number }[] =
    [];
  let passage: (typeof passages)[number] | null = null;
  let current: { push: (text: string) => void } | null = null;

  const lines = source
    .normalize('NFC')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const n = index + 1;
    const line = raw.trim();
    if (passage) {
      if (PASSAGE_END.test(line)) passage = null;
      else if (/^(Âm thanh|Am thanh):/iu.test(line) && passage.content.length === 0)
        passage.audio_url = line.slice(line.indexOf(':') + 1).trim() || null;
      else passage.content.push(raw.trimEnd());
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    let match: RegExpExecArray | null;
    if ((match = PASSAGE_START.exec(line))) {
      passage = { ref: match[1]!, title: match[2]!.trim() || null, content: [], audio_url: null, line: n };
      passages.push(passage);
      current = null;
    } else if ((match = PART_HEADER.exec(line))) {
      const number = ROMAN[match[1]!.toUpperCase()] ?? Number(match[1]);
      parts.push({ line: n, number, title: match[2]!.replace(/^[.:\s-]+/, '').trim() });
      current = null;
    } else if ((match = QUESTION.exec(line))) {
      if (parts.length === 0) problem(n, 'câu hỏi phải nằm trong một phần (thêm dòng “PHẦN I” ở trên).');
      const draft: Draft = {
        line: n,
        part: parts.length,
        number: Number(match[1]),
        prompt: [match[2]!],
        options: [],
        fields: new Map(),
      };
      questions.push(draft);
      current = { push: (text) => draft.prompt.push(text) };
    } else if (
      questions.length > 0 &&
      questions.at(-1)!.part === parts.length &&
      questions.at(-1)!.fields.size === 0 &&
      (match = OPTION.exec(line) ?? STATEMENT.exec(line))
    ) {
      const draft = questions.at(-1)!;
      const option = { letter: match[1]!, text: [match[2]!], image_url: null as string | null, line: n };
      draft.options.push(option);
      current = { push: (text) => option.text.push(text) };
    } else {
      const labelled = labelOf(line);
      const draft = questions.at(-1);
      const inQuestion = draft !== undefined && draft.part === parts.length && parts.length > 0;
      if (labelled && inQuestion) {
        if (labelled.field === 'image' && draft.options.length > 0 && !draft.fields.has('key')) {
          draft.options.at(-1)!.image_url = labelled.value;
          current = null;
          continue;
        }
        if (draft.fields.has(labelled.field)) problem(n, `câu ${draft.number} có hai dòng “${line.split(':')[0]}”.`);
        const field = { value: [labelled.value], line: n };
        draft.fields.set(labelled.field, field);
        current = MULTI_LINE.has(labelled.field) ? { push: (text) => field.value.push(text) } : null;
      } else if (
        labelled &&
        parts.length > 0 &&
        !inQuestion &&
        (labelled.field === 'type' || labelled.field === 'points')
      ) {
        parts.at(-1)![labelled.field] = labelled.value;
      } else if (labelled && parts.length === 0) {
        const field = { value: [labelled.value], line: n };
        header.set(labelled.field, field);
        current = MULTI_LINE.has(labelled.field) ? { push: (text) => field.value.push(text) } : null;
      } else if (current) {
        current.push(line);
      } else {
        problem(n, `không hiểu dòng “${line.slice(0, 60)}”. Xem hướng dẫn định dạng.`);
      }
    }
  }
  if (passage) problem(passage.line, `đoạn “${passage.ref}” chưa có dòng [HẾT ĐOẠN].`);

  const text = (map: Map<string, { value: string[] }>, key: string) => map.get(key)?.value.join('\n').trim() ?? '';
  const title = text(header, 'title');
  if (!title) problem(1, 'thiếu dòng “Tiêu đề: …” ở đầu tệp.');
  const subject = slugify(text(header, 'subject'));
  if (!subject) problem(1, 'thiếu dòng “Môn: …” ở đầu tệp (ví dụ: Môn: Hóa học).');
  const templateLine = header.get('template')?.line ?? 1;
  const template = pick(TEMPLATE_WORDS, text(header, 'template'));
  if (!template)
    problem(templateLine, 'thiếu hoặc sai “Mẫu đề:” (THPT Toán, THPT Khoa học, THPT Ngoại ngữ hoặc Tự do).');
  const duration = Number(text(header, 'duration') || NaN);
  if (template === 'custom' && !(Number.isInteger(duration) && duration > 0 && duration <= 600))
    problem(header.get('duration')?.line ?? templateLine, 'đề tự do cần “Thời gian: …” là số phút (1–600).');

  const customParts = template === 'custom' ? parts.map((part) => customPart(part, problem)) : undefined;
  parts.forEach((part, index) => {
    if (part.number !== index + 1)
      problem(part.line, `phần thứ ${index + 1} phải là PHẦN ${PART_NAMES[index] ?? index + 1}.`);
  });
  if (parts.length === 0) problem(1, 'tệp chưa có phần nào (dòng “PHẦN I”).');
  if (!template) return { exam: null, problems };

  let structure: ReturnType<typeof partsOf>;
  try {
    structure = partsOf({ template, parts: customParts as never, duration_minutes: duration });
  } catch (error) {
    problem(templateLine, isAppError(error) ? error.message : String(error));
    return { exam: null, problems };
  }
  if (parts.length > structure.parts.length)
    problem(parts[structure.parts.length]!.line, `mẫu đề này chỉ có ${structure.parts.length} phần.`);
  const refs = new Set(passages.map((p) => p.ref));
  const inputs: QuestionInput[] = [];
  for (const draft of questions) {
    const part = structure.parts[draft.part - 1];
    if (!part) continue;
    const label = `${partLabel(draft.part)}, câu ${draft.number}`;
    const keyLine = draft.fields.get('key')?.line ?? draft.line;
    const parsed = draft.fields.has('key')
      ? parseKey(part.type, text(draft.fields, 'key'))
      : { error: 'thiếu dòng “Đáp án: …”.' };
    if ('error' in parsed) {
      problem(keyLine, `${label}: ${parsed.error}`);
      continue;
    }
    const key = parsed.key;
    const tolerance = draft.fields.has('tolerance') ? decimal(text(draft.fields, 'tolerance')) : null;
    if (draft.fields.has('tolerance') && tolerance === null)
      problem(draft.fields.get('tolerance')!.line, `${label}: sai số phải là một số.`);
    const difficultyText = text(draft.fields, 'difficulty');
    const difficulty = difficultyText ? pick(DIFFICULTY_WORDS, difficultyText) : 'medium';
    if (!difficulty)
      problem(
        draft.fields.get('difficulty')!.line,
        `${label}: mức độ là Nhận biết, Thông hiểu, Vận dụng (hoặc Dễ, Trung bình, Khó).`,
      );
    const passageRef = text(draft.fields, 'passage') || undefined;
    if (passageRef && !refs.has(passageRef))
      problem(draft.fields.get('passage')!.line, `${label}: không có đoạn “${passageRef}”.`);
    const pointsText = text(draft.fields, 'points');
    const points = pointsText ? decimal(pointsText) : null;
    const expected = part.type === 'true_false' ? ['a', 'b', 'c', 'd'] : ['A', 'B', 'C', 'D'];
    const letters = draft.options.map((o) => o.letter);
    if (letters.length > 0 && letters.join('') !== expected.slice(0, letters.length).join(''))
      problem(draft.options[0]!.line, `${label}: các lựa chọn phải theo thứ tự ${expected.join(', ')}.`);
    const input: QuestionInput = {
      part: draft.part,
      type: part.type,
      prompt: draft.prompt.join('\n').trim(),
      image_url: text(draft.fields, 'image') || null,
      options: draft.options.map((o) => ({ text: o.text.join('\n').trim(), image_url: o.image_url })),
      key: part.type === 'short' ? { forms: key as string[], tolerance } : (key as KeyInput),
      explanation: text(draft.fields, 'explanation'),
      topic: text(draft.fields, 'topic'),
      difficulty: difficulty ?? 'medium',
      ...(passageRef ? { passage: passageRef } : {}),
      ...(points !== null ? { points: Math.round(points * 1000) } : {}),
    };
    try {
      prepareQuestion(input, part, template, label);
    } catch (error) {
      if (!isAppError(error)) throw error;
      const line = /đáp án|sai số/i.test(error.message) ? keyLine : draft.line;
      problem(line, error.message);
    }
    inputs.push(input);
  }
  if (template !== 'custom') {
    structure.parts.forEach((part, index) => {
      const count = questions.filter((q) => q.part === index + 1).length;
      if (count !== part.count)
        problem(parts[index]?.line ?? lines.length, `${part.title} cần đúng ${part.count} câu (tệp có ${count}).`);
    });
  }
  if (problems.length > 0) return { exam: null, problems };
  return {
    exam: {
      slug: slugify(text(header, 'slug') || title),
      title,
      subject,
      template,
      description: text(header, 'description') || null,
      ...(template === 'custom' ? { parts: structure.parts, duration_minutes: duration } : {}),
      passages: passages.map((p) => ({
        ref: p.ref,
        title: p.title,
        content: p.content.join('\n').trim(),
        audio_url: p.audio_url,
      })),
      questions: inputs,
    },
    problems,
  };
}

function customPart(part: PartDraft, problem: (line: number, message: string) => void) {
  const type = part.type ? pick(QUESTION_TYPE_WORDS, part.type) : undefined;
  if (!type)
    problem(
      part.line,
      'phần của đề tự do cần dòng “Loại: …” (Một lựa chọn, Nhiều lựa chọn, Đúng sai, Trả lời ngắn, Điền từ).',
    );
  const points = part.points ? decimal(part.points) : null;
  if (points === null || points < 0)
    problem(part.line, 'phần của đề tự do cần dòng “Điểm: …” (điểm mỗi câu, ví dụ 0,25).');
  return {
    title: part.title || `Phần ${part.number}`,
    type: type ?? 'single',
    count: 0,
    scoring: type === 'true_false' ? ('true_false_ladder' as const) : ('all_or_nothing' as const),
    points: Math.round((points ?? 0) * 1000),
  };
}

export type { ExamTemplate };
