/**
 * Writing exams and contests (the seed now, the studio's exams.admin.ts later): validated against
 * the template's structure, keys in canonical form, every text rendered once (KaTeX) and stored.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { partLabel } from './exams.admin-labels.ts';
import { inTransaction } from './exams.grading.ts';
import * as repo from './exams.repository.ts';
import { renderQuestion, renderRichText } from './exams.render.ts';
import {
  OPTION_LETTERS,
  SHORT_ANSWER_BOXES,
  THPT_STRUCTURES,
  fitsAnswerSheet,
  normalizeShortAnswer,
  type ExamTemplate,
  type PartTemplate,
  type QuestionType,
} from './exams.scoring.ts';
import type { ContestKind, Difficulty, EntryRule, KeyVisibility } from './exams.table.ts';

export interface OptionInput {
  text: string;
  image_url?: string | null;
}

export type KeyInput = string | string[] | boolean[] | { forms: string[]; tolerance?: number | null } | string[][];

export interface QuestionInput {
  /** 1-based part number. */
  part: number;
  type: QuestionType;
  prompt: string;
  image_url?: string | null;
  options?: (string | OptionInput)[];
  key: KeyInput;
  explanation: string;
  topic: string;
  difficulty: Difficulty;
  /** The passage's `ref` when the question shares one. */
  passage?: string;
  /** Custom parts only: thousandths; the part's points otherwise. */
  points?: number;
}

export interface ExamInput {
  slug: string;
  title: string;
  subject: string;
  template: ExamTemplate;
  description?: string | null;
  /** Custom exams: their parts and duration (THPT templates bring their own). */
  parts?: PartTemplate[];
  duration_minutes?: number;
  passages?: { ref: string; title?: string | null; content: string; audio_url?: string | null }[];
  questions: QuestionInput[];
}

export interface ContestInput {
  slug: string;
  exam_id: number;
  title: string;
  kind: ContestKind;
  opens_at?: Date | null;
  closes_at?: Date | null;
  duration_minutes?: number;
  max_attempts?: number | null;
  entry_rule?: EntryRule;
  entry_course_id?: number | null;
  entry_code?: string | null;
  key_visibility?: KeyVisibility;
  is_ranked?: boolean;
  shuffle?: boolean;
  post_id?: number | null;
  /** Points a submitted candidate needs for a certificate once the contest closes; null = none. */
  certificate_min_score?: number | null;
}

function invalid(message: string): never {
  throw new AppError('VALIDATION_FAILED', message);
}

export function hashEntryCode(code: string): string {
  return createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
}

/** The key in its stored form, checked against the question type. */
export function canonicalKey(type: QuestionType, key: KeyInput, boxes: number | null, label: string): unknown {
  const isLetter = (value: unknown) => OPTION_LETTERS.includes(value as never);
  switch (type) {
    case 'single':
      if (!isLetter(key)) invalid(`${label}: đáp án phải là một chữ A–D.`);
      return key;
    case 'multiple':
      if (!Array.isArray(key) || key.length === 0 || !key.every(isLetter)) invalid(`${label}: đáp án là các chữ A–D.`);
      return [...new Set(key as string[])].sort();
    case 'true_false':
      if (!Array.isArray(key) || key.length !== 4 || !key.every((v) => typeof v === 'boolean'))
        invalid(`${label}: đáp án là bốn giá trị Đúng/Sai.`);
      return key;
    case 'short': {
      const raw = typeof key === 'string' ? { forms: [key], tolerance: null } : (key as { forms: string[] });
      const tolerance = (raw as { tolerance?: number | null }).tolerance ?? null;
      if (!Array.isArray(raw.forms) || raw.forms.length === 0) invalid(`${label}: thiếu đáp án.`);
      const forms = raw.forms.map((form) => {
        const canonical = normalizeShortAnswer(form);
        if (canonical === null) invalid(`${label}: đáp án "${form}" không phải là một số.`);
        if (boxes !== null && !fitsAnswerSheet(canonical))
          invalid(`${label}: đáp án "${form}" không vừa ${SHORT_ANSWER_BOXES} ô của phiếu trả lời.`);
        return canonical;
      });
      if (tolerance !== null && !(tolerance >= 0)) invalid(`${label}: sai số phải không âm.`);
      return { forms: [...new Set(forms)], tolerance };
    }
    case 'fill':
      if (!Array.isArray(key) || !key.every((blank) => Array.isArray(blank) && blank.length > 0))
        invalid(`${label}: mỗi chỗ trống cần ít nhất một đáp án.`);
      return key;
  }
}

export function partsOf(input: Pick<ExamInput, 'template' | 'parts' | 'duration_minutes'>): {
  parts: PartTemplate[];
  durationMinutes: number;
} {
  if (input.template !== 'custom') return THPT_STRUCTURES[input.template];
  if (!input.parts?.length || !input.duration_minutes) invalid('Đề tự do cần các phần và thời gian làm bài.');
  return { parts: input.parts, durationMinutes: input.duration_minutes };
}

/** The answer-sheet boxes of a part (THPT short answers: 4; custom parts: no limit). */
export function boxesOf(template: ExamTemplate, type: QuestionType): number | null {
  return template !== 'custom' && type === 'short' ? SHORT_ANSWER_BOXES : null;
}

/**
 * One question checked against its part (type, four options or statements, texts, the key in
 * canonical form) and rendered: the columns of its row but its place (exam, part, passage, position).
 */
export function prepareQuestion(
  question: QuestionInput,
  part: Pick<PartTemplate, 'title' | 'type' | 'points'>,
  template: ExamTemplate,
  label: string,
) {
  if (part.type !== question.type) invalid(`${label}: ${part.title} chỉ nhận loại câu "${part.type}".`);
  if (!question.prompt.trim()) invalid(`${label}: thiếu đề bài.`);
  const options = (question.options ?? []).map((option) =>
    typeof option === 'string' ? { text: option, image_url: null } : { ...option, image_url: option.image_url ?? null },
  );
  const needsFour = ['single', 'multiple', 'true_false'].includes(question.type);
  if (needsFour && options.length !== 4) invalid(`${label}: cần đúng 4 phương án (hoặc 4 ý a–d).`);
  if (needsFour && options.some((option) => !option.text.trim() && !option.image_url))
    invalid(`${label}: mỗi phương án (hoặc ý) cần nội dung hoặc hình.`);
  if (!question.explanation.trim()) invalid(`${label}: thiếu lời giải.`);
  if (!question.topic.trim()) invalid(`${label}: thiếu chuyên đề.`);
  const boxes = boxesOf(template, part.type);
  const answerKey = JSON.stringify(canonicalKey(question.type, question.key, boxes, label));
  return {
    type: question.type,
    prompt: question.prompt,
    image_url: question.image_url ?? null,
    options: JSON.stringify(options),
    answer_key: answerKey,
    explanation: question.explanation,
    topic: question.topic,
    difficulty: question.difficulty,
    points: template === 'custom' && question.points !== undefined ? question.points : part.points,
    rendered: JSON.stringify(renderQuestion({ ...question, options })),
  };
}

/** What an exam still misses before a contest can use it: THPT parts off their count, or no question at all. */
export function structureGaps(
  template: ExamTemplate,
  parts: { position: number; count: number; required: number | null }[],
): string[] {
  if (template === 'custom') return parts.every((p) => p.count === 0) ? ['Đề chưa có câu hỏi nào.'] : [];
  return parts
    .filter((p) => p.required !== null && p.count !== p.required)
    .map((p) => `${partLabel(p.position)}: cần ${p.required} câu, đang có ${p.count}.`);
}

export function createAuthoring(db: Kysely<Database>) {
  async function createExam(input: ExamInput): Promise<number> {
    const { parts, durationMinutes } = partsOf(input);
    parts.forEach((part, index) => {
      const count = input.questions.filter((question) => question.part === index + 1).length;
      if (input.template !== 'custom' && count !== part.count)
        invalid(`${part.title}: cần đúng ${part.count} câu (đang có ${count}).`);
    });
    return inTransaction(db, async (trx) => {
      const now = nowIso();
      const examId = await repo.insertExam(trx, {
        slug: input.slug,
        title: input.title,
        subject: input.subject,
        template: input.template,
        duration_seconds: durationMinutes * 60,
        description: input.description ?? null,
        created_at: now,
        updated_at: now,
      });
      const partIds: number[] = [];
      for (const [index, part] of parts.entries()) {
        partIds.push(
          await repo.insertPart(trx, {
            exam_id: examId,
            position: index + 1,
            title: part.title,
            question_type: part.type,
            scoring: part.scoring,
            points: part.points,
            answer_boxes: boxesOf(input.template, part.type),
          }),
        );
      }
      const passageIds = new Map<string, number>();
      for (const passage of input.passages ?? []) {
        passageIds.set(
          passage.ref,
          await repo.insertPassage(trx, {
            exam_id: examId,
            title: passage.title ?? null,
            content: passage.content,
            audio_url: passage.audio_url ?? null,
            content_html: renderRichText(passage.content),
          }),
        );
      }
      for (const [index, question] of input.questions.entries()) {
        const label = `Câu ${index + 1}`;
        const part = parts[question.part - 1];
        if (!part) invalid(`${label}: không có phần ${question.part}.`);
        if (question.passage && !passageIds.has(question.passage))
          invalid(`${label}: không có đoạn "${question.passage}".`);
        await repo.insertQuestion(trx, {
          exam_id: examId,
          part_id: partIds[question.part - 1]!,
          passage_id: question.passage ? passageIds.get(question.passage)! : null,
          position: index + 1,
          ...prepareQuestion(question, part, input.template, label),
          created_at: now,
          updated_at: now,
        });
      }
      return examId;
    });
  }

  async function createContest(input: ContestInput): Promise<number> {
    const exam = await repo.findExam(db, { id: input.exam_id });
    if (!exam) throw new AppError('NOT_FOUND', 'Không tìm thấy đề thi.');
    const [parts, questions] = await Promise.all([repo.listParts(db, exam.id), repo.listQuestions(db, exam.id)]);
    const structure = exam.template === 'custom' ? null : THPT_STRUCTURES[exam.template];
    const gaps = structureGaps(
      exam.template,
      parts.map((part) => ({
        position: part.position,
        count: questions.filter((q) => q.part_id === part.id).length,
        required: structure?.parts[part.position - 1]?.count ?? null,
      })),
    );
    if (gaps.length > 0) throw new AppError('BUSINESS_RULE', `Đề chưa đủ cấu trúc để tổ chức thi: ${gaps.join(' ')}`);
    const entryRule = input.entry_rule ?? 'signed_in';
    if (entryRule === 'course' && !input.entry_course_id) invalid('Kỳ thi dành cho học viên cần chọn khoá học.');
    if (entryRule === 'code' && !input.entry_code?.trim()) invalid('Kỳ thi theo mã cần một mã dự thi.');
    if (input.opens_at && input.closes_at && input.opens_at >= input.closes_at) invalid('Giờ đóng phải sau giờ mở.');
    if (input.certificate_min_score != null && (input.kind !== 'contest' || !input.closes_at))
      invalid('Chỉ kỳ thi có giờ đóng mới cấp chứng chỉ.');
    if (input.certificate_min_score != null && !(input.certificate_min_score >= 0))
      invalid('Điểm tối thiểu để nhận chứng chỉ không hợp lệ.');
    const now = nowIso();
    return repo.insertContest(db, {
      slug: input.slug,
      exam_id: exam.id,
      title: input.title,
      kind: input.kind,
      opens_at: input.opens_at?.toISOString() ?? null,
      closes_at: input.closes_at?.toISOString() ?? null,
      duration_seconds: (input.duration_minutes ?? exam.duration_seconds / 60) * 60,
      max_attempts: input.max_attempts === undefined ? (input.kind === 'practice' ? null : 1) : input.max_attempts,
      entry_rule: entryRule,
      entry_course_id: entryRule === 'course' ? input.entry_course_id! : null,
      entry_code_hash: entryRule === 'code' ? hashEntryCode(input.entry_code!) : null,
      key_visibility: input.key_visibility ?? (input.kind === 'practice' ? 'after_submit' : 'after_close'),
      is_ranked: (input.is_ranked ?? input.kind === 'contest') ? 1 : 0,
      shuffle: (input.shuffle ?? true) ? 1 : 0,
      post_id: input.post_id ?? null,
      certificate_min_score:
        input.certificate_min_score === undefined || input.certificate_min_score === null
          ? null
          : Math.round(input.certificate_min_score * 1000),
      created_at: now,
      updated_at: now,
    });
  }

  /** The always-open practice room of an exam (unlimited attempts, keys after submitting, not ranked). */
  async function ensurePractice(examId: number): Promise<string> {
    const exam = await repo.findExam(db, { id: examId });
    if (!exam) throw new AppError('NOT_FOUND', 'Không tìm thấy đề thi.');
    const existing = (await repo.findContestsOfExam(db, examId)).find((contest) => contest.kind === 'practice');
    if (existing) return existing.slug;
    const slug = `luyen-tap-${exam.slug}`;
    await createContest({ slug, exam_id: examId, title: `Luyện tập: ${exam.title}`, kind: 'practice' });
    return slug;
  }

  return { createExam, createContest, ensurePractice };
}

export type ExamsAuthoring = ReturnType<typeof createAuthoring>;
