/**
 * The studio's question editor: add, edit, delete and reorder questions, the parts of a custom
 * exam and the passages shared by several questions. Once a candidate has started any contest of
 * the exam, its structure and keys are frozen (texts, explanations, topics, difficulty and images
 * stay editable); a key is then corrected through the contest's "correct and re-grade".
 */
import type { Kysely } from 'kysely';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import * as admin from './exams.admin.repository.ts';
import { boxesOf, prepareQuestion, type KeyInput, type OptionInput } from './exams.authoring.ts';
import { inTransaction } from './exams.grading.ts';
import * as repo from './exams.repository.ts';
import { renderRichText } from './exams.render.ts';
import type { QuestionType } from './exams.scoring.ts';
import type { Difficulty, ExamRow } from './exams.table.ts';

/** A question as the editor sends it: its part by position, its passage by id; the type is the part's. */
export interface EditorQuestion {
  part: number;
  prompt: string;
  image_url: string | null;
  options: OptionInput[];
  key: KeyInput;
  explanation: string;
  topic: string;
  difficulty: Difficulty;
  passage_id: number | null;
  /** Custom exams only: thousandths of a point (the part's points otherwise). */
  points?: number | null | undefined;
}

export interface PassageInput {
  title: string | null;
  content: string;
  audio_url: string | null;
}

export const LOCKED_MESSAGE =
  'Đề đã có thí sinh làm bài: chỉ sửa được lời văn, lời giải, chuyên đề, mức độ và hình. Muốn đổi đáp án, dùng “Sửa đáp án và chấm lại” ở trang kỳ thi.';

function invalid(message: string, field?: string): never {
  throw new AppError('VALIDATION_FAILED', message, field ? { [field]: message } : undefined);
}

export async function loadExam(db: Kysely<Database>, id: number): Promise<ExamRow> {
  const exam = await repo.findExam(db, { id });
  if (!exam) throw new AppError('NOT_FOUND', 'Không tìm thấy đề thi.');
  return exam;
}

/** Whether any candidate has started a contest (or practice) of this exam. */
export async function isLocked(db: Kysely<Database>, examId: number): Promise<boolean> {
  return (await admin.countAttempts(db, examId)) > 0;
}

async function requireUnlocked(db: Kysely<Database>, examId: number) {
  if (await isLocked(db, examId)) throw new AppError('BUSINESS_RULE', LOCKED_MESSAGE);
}

/** Questions in exam order: by part, then by their place in it. */
async function orderedIds(db: Kysely<Database>, examId: number, moved?: { id: number; offset: number }) {
  const [parts, questions] = await Promise.all([repo.listParts(db, examId), repo.listQuestions(db, examId)]);
  const order = new Map(parts.map((part) => [part.id, part.position]));
  const sorted = [...questions].sort(
    (a, b) => order.get(a.part_id)! - order.get(b.part_id)! || a.position - b.position,
  );
  if (moved) {
    const from = sorted.findIndex((q) => q.id === moved.id);
    const to = from + moved.offset;
    const neighbour = sorted[to];
    if (from < 0 || !neighbour || neighbour.part_id !== sorted[from]!.part_id) return null;
    [sorted[from], sorted[to]] = [neighbour, sorted[from]!];
  }
  return sorted.map((q) => q.id);
}

export function createQuestionEditing<Actor>(db: Kysely<Database>, audit: AuditLog<Actor>) {
  async function touch(trx: Kysely<Database>, examId: number) {
    await admin.updateExam(trx, examId, { updated_at: nowIso() });
  }

  async function saveQuestion(actor: Actor, examId: number, questionId: number | null, input: EditorQuestion) {
    const exam = await loadExam(db, examId);
    const locked = await isLocked(db, examId);
    if (locked && questionId === null) throw new AppError('BUSINESS_RULE', LOCKED_MESSAGE);
    const parts = await repo.listParts(db, examId);
    const existing = questionId === null ? null : await admin.findQuestion(db, examId, questionId);
    if (questionId !== null && !existing) throw new AppError('NOT_FOUND', 'Không tìm thấy câu hỏi.');
    const part = parts.find((p) => p.position === input.part);
    if (!part) invalid('Hãy chọn một phần của đề.', 'part');
    if (input.passage_id !== null && !(await admin.findPassage(db, examId, input.passage_id)))
      invalid('Đoạn văn đã chọn không thuộc đề này.', 'passage_id');
    const label = existing ? `Câu ${existing.position}` : 'Câu mới';
    const prepared = fieldErrors(() =>
      prepareQuestion(
        {
          ...input,
          type: part.question_type,
          points: input.points ?? undefined,
          passage: undefined,
        },
        { title: part.title, type: part.question_type, points: part.points },
        exam.template,
        label,
      ),
    );
    if (locked && existing) {
      const options = JSON.parse(existing.options) as unknown[];
      const frozen =
        existing.part_id !== part.id ||
        existing.passage_id !== input.passage_id ||
        existing.answer_key !== prepared.answer_key ||
        existing.points !== prepared.points ||
        options.length !== input.options.length;
      if (frozen) throw new AppError('BUSINESS_RULE', LOCKED_MESSAGE);
    }
    const now = nowIso();
    const result = await inTransaction(db, async (trx) => {
      let id = questionId;
      if (id === null) {
        const questions = await repo.listQuestions(trx, examId);
        id = await repo.insertQuestion(trx, {
          exam_id: examId,
          part_id: part.id,
          passage_id: input.passage_id,
          position: questions.reduce((max, q) => Math.max(max, q.position), 0) + 1,
          ...prepared,
          created_at: now,
          updated_at: now,
        });
      } else {
        await admin.updateQuestion(trx, id, {
          part_id: part.id,
          passage_id: input.passage_id,
          ...prepared,
          updated_at: now,
        });
      }
      if (!locked) await admin.renumber(trx, examId, (await orderedIds(trx, examId))!);
      await touch(trx, examId);
      return id;
    });
    await audit(
      actor,
      questionId === null ? 'exam.question.create' : 'exam.question.update',
      { type: 'exam', id: examId },
      { question_id: result },
    );
    return result;
  }

  async function removeQuestion(actor: Actor, examId: number, questionId: number) {
    await loadExam(db, examId);
    await requireUnlocked(db, examId);
    if (!(await admin.findQuestion(db, examId, questionId))) throw new AppError('NOT_FOUND', 'Không tìm thấy câu hỏi.');
    await inTransaction(db, async (trx) => {
      await admin.deleteQuestion(trx, questionId);
      await admin.renumber(trx, examId, (await orderedIds(trx, examId))!);
      await touch(trx, examId);
    });
    await audit(actor, 'exam.question.delete', { type: 'exam', id: examId }, { question_id: questionId });
  }

  /** One place up or down inside its part. */
  async function moveQuestion(actor: Actor, examId: number, questionId: number, direction: 'up' | 'down') {
    await loadExam(db, examId);
    await requireUnlocked(db, examId);
    if (!(await admin.findQuestion(db, examId, questionId))) throw new AppError('NOT_FOUND', 'Không tìm thấy câu hỏi.');
    await inTransaction(db, async (trx) => {
      const ids = await orderedIds(trx, examId, { id: questionId, offset: direction === 'up' ? -1 : 1 });
      if (!ids)
        throw new AppError(
          'BUSINESS_RULE',
          direction === 'up' ? 'Câu này đã đứng đầu phần.' : 'Câu này đã đứng cuối phần.',
        );
      await admin.renumber(trx, examId, ids);
      await touch(trx, examId);
    });
    await audit(actor, 'exam.question.move', { type: 'exam', id: examId }, { question_id: questionId, direction });
  }

  /** A part of a custom exam (THPT exams keep the Ministry's parts). */
  async function addPart(actor: Actor, examId: number, input: { title: string; type: QuestionType; points: number }) {
    const exam = await loadExam(db, examId);
    if (exam.template !== 'custom')
      throw new AppError('BUSINESS_RULE', 'Đề theo mẫu THPT có sẵn các phần của Bộ GD&ĐT.');
    await requireUnlocked(db, examId);
    const parts = await repo.listParts(db, examId);
    if (parts.length >= 10) invalid('Một đề có tối đa 10 phần.');
    await inTransaction(db, async (trx) => {
      await repo.insertPart(trx, {
        exam_id: examId,
        position: parts.length + 1,
        title: input.title,
        question_type: input.type,
        scoring: input.type === 'true_false' ? 'true_false_ladder' : 'all_or_nothing',
        points: input.points,
        answer_boxes: boxesOf(exam.template, input.type),
      });
      await touch(trx, examId);
    });
    await audit(actor, 'exam.part.create', { type: 'exam', id: examId }, input);
  }

  /** The last part of a custom exam, when it holds no question. */
  async function removePart(actor: Actor, examId: number, partId: number) {
    const exam = await loadExam(db, examId);
    if (exam.template !== 'custom')
      throw new AppError('BUSINESS_RULE', 'Đề theo mẫu THPT có sẵn các phần của Bộ GD&ĐT.');
    await requireUnlocked(db, examId);
    const [parts, questions] = await Promise.all([repo.listParts(db, examId), repo.listQuestions(db, examId)]);
    const part = parts.find((p) => p.id === partId);
    if (!part) throw new AppError('NOT_FOUND', 'Không tìm thấy phần này.');
    if (questions.some((q) => q.part_id === partId))
      throw new AppError('BUSINESS_RULE', 'Hãy xóa các câu của phần này trước.');
    if (part.position !== parts.length) throw new AppError('BUSINESS_RULE', 'Chỉ xóa được phần cuối cùng.');
    await inTransaction(db, async (trx) => {
      await admin.deletePart(trx, examId, partId);
      await touch(trx, examId);
    });
    await audit(actor, 'exam.part.delete', { type: 'exam', id: examId }, { part_id: partId });
  }

  async function savePassage(actor: Actor, examId: number, passageId: number | null, input: PassageInput) {
    await loadExam(db, examId);
    if (!input.content.trim()) invalid('Hãy nhập nội dung đoạn văn.', 'content');
    if (passageId !== null && !(await admin.findPassage(db, examId, passageId)))
      throw new AppError('NOT_FOUND', 'Không tìm thấy đoạn văn.');
    const values = { ...input, content_html: renderRichText(input.content) };
    const result = await inTransaction(db, async (trx) => {
      const id = passageId ?? (await repo.insertPassage(trx, { exam_id: examId, ...values }));
      if (passageId !== null) await admin.updatePassage(trx, passageId, values);
      await touch(trx, examId);
      return id;
    });
    await audit(
      actor,
      passageId === null ? 'exam.passage.create' : 'exam.passage.update',
      { type: 'exam', id: examId },
      { passage_id: result },
    );
    return result;
  }

  async function removePassage(actor: Actor, examId: number, passageId: number) {
    await loadExam(db, examId);
    await requireUnlocked(db, examId);
    if (!(await admin.findPassage(db, examId, passageId))) throw new AppError('NOT_FOUND', 'Không tìm thấy đoạn văn.');
    await inTransaction(db, async (trx) => {
      await admin.deletePassage(trx, examId, passageId);
      await touch(trx, examId);
    });
    await audit(actor, 'exam.passage.delete', { type: 'exam', id: examId }, { passage_id: passageId });
  }

  return { saveQuestion, removeQuestion, moveQuestion, addPart, removePart, savePassage, removePassage };
}

/** A validation failure of a question, with the field it concerns for the form. */
function fieldErrors<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof AppError) || error.fields) throw error;
    const message = error.message.replace(/^Câu (\d+|mới): /, '');
    const field = /đáp án|sai số|chỗ trống|Đúng\/Sai/i.test(message)
      ? 'key'
      : /phương án|ý a–d/.test(message)
        ? 'options'
        : /lời giải/.test(message)
          ? 'explanation'
          : /chuyên đề/.test(message)
            ? 'topic'
            : /đề bài/.test(message)
              ? 'prompt'
              : 'form';
    throw new AppError('VALIDATION_FAILED', message, { [field]: message });
  }
}
