/**
 * The studio's side of the exams: the list, an exam with everything the editor needs, creating and
 * editing an exam's details, its questions (exams.admin-questions.ts), the live preview of a draft
 * question, cloning, and importing a whole exam from the text format (exams.admin-import.ts,
 * docs/exam-import.md). Every write is one transaction and is audited.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { slugify, truncateSlug } from '../../lib/text/slug.ts';
import { parseExamText, type ImportProblem } from './exams.admin-import.ts';
import { createQuestionEditing, isLocked, loadExam, LOCKED_MESSAGE } from './exams.admin-questions.ts';
import * as admin from './exams.admin.repository.ts';
import {
  boxesOf,
  structureGaps,
  createAuthoring,
  partsOf,
  prepareQuestion,
  type ExamInput,
  type KeyInput,
  type OptionInput,
} from './exams.authoring.ts';
import { inTransaction } from './exams.grading.ts';
import * as repo from './exams.repository.ts';
import { renderQuestion, renderRichText } from './exams.render.ts';
import { THPT_STRUCTURES, toPoints, type ExamTemplate, type PartTemplate, type QuestionType } from './exams.scoring.ts';

export interface ExamMetaInput {
  title: string;
  slug?: string | null | undefined;
  subject: string;
  template: ExamTemplate;
  description?: string | null | undefined;
  /** Custom exams only. */
  duration_minutes?: number | null | undefined;
}

export interface PreviewInput {
  type: QuestionType;
  template: ExamTemplate;
  prompt: string;
  options: OptionInput[];
  explanation: string;
  key?: KeyInput | undefined;
  passage?: string | null | undefined;
}

function invalid(message: string, field: string): never {
  throw new AppError('VALIDATION_FAILED', message, { [field]: message });
}

export function createExamsAdmin<Actor>({ db, audit }: { db: Kysely<Database>; audit: AuditLog<Actor> }) {
  const questions = createQuestionEditing(db, audit);
  const authoring = createAuthoring(db);

  async function freeSlug(base: string, exceptId?: number): Promise<string> {
    const root = truncateSlug(base, 110) || 'de-thi';
    for (let n = 1; n < 1000; n += 1) {
      const slug = n === 1 ? root : `${root}-${n}`;
      if (!(await admin.slugTaken(db, slug, exceptId))) return slug;
    }
    throw new AppError('CONFLICT', 'Không tìm được đường dẫn trống cho đề này.');
  }

  async function list(query: { q?: string | undefined; subject?: string | undefined }) {
    const folded = foldVietnamese(query.q ?? '').trim();
    const rows = await admin.listExams(db, { subject: query.subject });
    const items = rows
      .filter((row) => !folded || foldVietnamese(`${row.title} ${row.slug}`).includes(folded))
      .map((row) => {
        const structure = row.template === 'custom' ? null : THPT_STRUCTURES[row.template];
        const required = structure ? structure.parts.reduce((sum, part) => sum + part.count, 0) : null;
        return {
          id: row.id,
          slug: row.slug,
          title: row.title,
          subject: row.subject,
          template: row.template,
          duration_minutes: row.duration_seconds / 60,
          question_count: Number(row.question_count ?? 0),
          required_count: required,
          contest_count: Number(row.contest_count ?? 0),
        };
      });
    return { items, subjects: await admin.listSubjects(db) };
  }

  async function detail(id: number) {
    const exam = await loadExam(db, id);
    const [parts, passages, rows, contests, attempts] = await Promise.all([
      repo.listParts(db, id),
      repo.listPassages(db, id),
      repo.listQuestions(db, id),
      admin.listContestsOfExam(db, id),
      admin.countAttempts(db, id),
    ]);
    const structure = exam.template === 'custom' ? null : THPT_STRUCTURES[exam.template];
    const partViews = parts.map((part) => ({
      id: part.id,
      position: part.position,
      title: part.title,
      type: part.question_type,
      points: toPoints(part.points),
      count: rows.filter((q) => q.part_id === part.id).length,
      required: structure?.parts[part.position - 1]?.count ?? null,
    }));
    const numberInPart = new Map<number, number>();
    return {
      id: exam.id,
      slug: exam.slug,
      title: exam.title,
      subject: exam.subject,
      template: exam.template,
      description: exam.description,
      duration_minutes: exam.duration_seconds / 60,
      locked: attempts > 0,
      attempts,
      gaps: structureGaps(exam.template, partViews),
      parts: partViews,
      passages: passages.map((p) => ({
        id: p.id,
        title: p.title,
        content: p.content,
        audio_url: p.audio_url,
        html: p.content_html,
      })),
      contests: contests.map((c) => ({ id: c.id, slug: c.slug, title: c.title, kind: c.kind })),
      questions: rows.map((q) => {
        const part = parts.find((p) => p.id === q.part_id)!;
        const number = (numberInPart.get(part.id) ?? 0) + 1;
        numberInPart.set(part.id, number);
        const rendered = JSON.parse(q.rendered) as { prompt: string; options: string[]; explanation: string };
        return {
          id: q.id,
          part: part.position,
          number,
          type: q.type,
          prompt: q.prompt,
          image_url: q.image_url,
          options: JSON.parse(q.options) as { text: string; image_url: string | null }[],
          key: JSON.parse(q.answer_key) as KeyInput,
          explanation: q.explanation,
          topic: q.topic,
          difficulty: q.difficulty,
          points: toPoints(q.points),
          passage_id: q.passage_id,
          prompt_html: rendered.prompt,
          options_html: rendered.options,
          explanation_html: rendered.explanation,
        };
      }),
    };
  }

  function meta(input: ExamMetaInput) {
    if (!input.title.trim()) invalid('Hãy nhập tên đề.', 'title');
    if (!input.subject.trim()) invalid('Hãy chọn môn.', 'subject');
    if (input.template === 'custom' && !(input.duration_minutes && input.duration_minutes > 0))
      invalid('Đề tự do cần thời gian làm bài (phút).', 'duration_minutes');
    const durationMinutes =
      input.template === 'custom' ? input.duration_minutes! : THPT_STRUCTURES[input.template].durationMinutes;
    return {
      title: input.title.trim(),
      subject: input.subject,
      description: input.description?.trim() || null,
      duration_seconds: durationMinutes * 60,
    };
  }

  /** A new exam without questions: a THPT template brings its three parts, a custom exam starts empty. */
  async function create(actor: Actor, input: ExamMetaInput) {
    const values = meta(input);
    const wanted = input.slug ? slugify(input.slug) : '';
    if (wanted && (await admin.slugTaken(db, wanted))) invalid('Đường dẫn này đã có đề khác dùng.', 'slug');
    const slug = wanted || (await freeSlug(slugify(values.title)));
    const parts: PartTemplate[] = input.template === 'custom' ? [] : THPT_STRUCTURES[input.template].parts;
    const result = await inTransaction(db, async (trx) => {
      const now = nowIso();
      const id = await repo.insertExam(trx, {
        ...values,
        slug,
        template: input.template,
        created_at: now,
        updated_at: now,
      });
      for (const [index, part] of parts.entries()) {
        await repo.insertPart(trx, {
          exam_id: id,
          position: index + 1,
          title: part.title,
          question_type: part.type,
          scoring: part.scoring,
          points: part.points,
          answer_boxes: boxesOf(input.template, part.type),
        });
      }
      return id;
    });
    await audit(
      actor,
      'exam.create',
      { type: 'exam', id: result },
      { slug, title: values.title, template: input.template },
    );
    return result;
  }

  /** Title, subject, description and (custom) duration always; the address only before anyone has sat it. */
  async function update(actor: Actor, id: number, input: Omit<ExamMetaInput, 'template'>) {
    const exam = await loadExam(db, id);
    const values = meta({ ...input, template: exam.template });
    const slug = input.slug ? slugify(input.slug) : exam.slug;
    if (!slug) invalid('Đường dẫn chỉ gồm chữ, số và dấu gạch ngang.', 'slug');
    if (slug !== exam.slug) {
      if (await isLocked(db, id))
        throw new AppError('BUSINESS_RULE', LOCKED_MESSAGE, {
          slug: 'Đề đã có thí sinh làm bài: không đổi đường dẫn.',
        });
      if (await admin.slugTaken(db, slug, id)) invalid('Đường dẫn này đã có đề khác dùng.', 'slug');
    }
    await inTransaction(db, async (trx) => {
      await admin.updateExam(trx, id, { ...values, slug, updated_at: nowIso() });
    });
    await audit(
      actor,
      'exam.update',
      { type: 'exam', id },
      { before: { title: exam.title, slug: exam.slug }, after: { title: values.title, slug } },
    );
  }

  /** A deep copy (parts, passages, questions; no contest) under a free address, "… (bản sao)". */
  async function clone(actor: Actor, id: number) {
    const exam = await loadExam(db, id);
    const [parts, passages, rows] = await Promise.all([
      repo.listParts(db, id),
      repo.listPassages(db, id),
      repo.listQuestions(db, id),
    ]);
    const slug = await freeSlug(`${exam.slug}-ban-sao`);
    const title = `${exam.title.slice(0, 188)} (bản sao)`;
    const result = await inTransaction(db, async (trx) => {
      const now = nowIso();
      const { id: _id, ...rest } = exam;
      const copyId = await repo.insertExam(trx, { ...rest, slug, title, created_at: now, updated_at: now });
      const partIds = new Map<number, number>();
      for (const { id: partId, ...part } of parts)
        partIds.set(partId, await repo.insertPart(trx, { ...part, exam_id: copyId }));
      const passageIds = new Map<number, number>();
      for (const { id: passageId, ...passage } of passages)
        passageIds.set(passageId, await repo.insertPassage(trx, { ...passage, exam_id: copyId }));
      for (const { id: _q, ...question } of rows) {
        await repo.insertQuestion(trx, {
          ...question,
          exam_id: copyId,
          part_id: partIds.get(question.part_id)!,
          passage_id: question.passage_id === null ? null : (passageIds.get(question.passage_id) ?? null),
          created_at: now,
          updated_at: now,
        });
      }
      return copyId;
    });
    await audit(actor, 'exam.clone', { type: 'exam', id: result }, { from: exam.id, slug });
    return result;
  }

  /** A draft question rendered as candidates will see it, with the first validation problem if any. */
  function preview(input: PreviewInput) {
    let problem: string | null = null;
    if (input.key !== undefined) {
      try {
        prepareQuestion(
          { ...input, passage: undefined, key: input.key, topic: 'xem trước', difficulty: 'medium', part: 1 },
          { title: 'Phần', type: input.type, points: 0 },
          input.template,
          'Xem trước',
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        problem = error.message.replace(/^Xem trước: /, '');
      }
    }
    const rendered = renderQuestion({ ...input, options: input.options });
    return {
      prompt_html: rendered.prompt,
      options_html: rendered.options,
      explanation_html: rendered.explanation,
      passage_html: input.passage ? renderRichText(input.passage) : null,
      problem,
    };
  }

  /** Reads an import file: its problems (each with its line), or what it would create. */
  async function checkImport(text: string) {
    const parsed = parseExamText(text);
    if (!parsed.exam) return { problems: parsed.problems, summary: null };
    const exam = parsed.exam;
    const slugLine = text.split(/\r?\n/).findIndex((line) => /^\s*Đường dẫn\s*:/iu.test(line)) + 1;
    if (slugLine > 0 && (await admin.slugTaken(db, exam.slug)))
      return {
        problems: [{ line: slugLine, message: `Dòng ${slugLine}: đường dẫn “${exam.slug}” đã có đề khác dùng.` }],
        summary: null,
      };
    if (slugLine === 0) exam.slug = await freeSlug(exam.slug);
    return { problems: [] as ImportProblem[], summary: summarize(exam), exam };
  }

  /** All or nothing: the whole file is checked first, then written in one transaction. */
  async function importText(actor: Actor, text: string) {
    const checked = await checkImport(text);
    if (!checked.exam) {
      const fields = Object.fromEntries(checked.problems.map((p) => [String(p.line), p.message]));
      throw new AppError(
        'VALIDATION_FAILED',
        `Tệp có ${checked.problems.length} lỗi, chưa lưu gì: ${checked.problems[0]!.message}`,
        fields,
      );
    }
    try {
      const id = await authoring.createExam(checked.exam);
      await audit(
        actor,
        'exam.import',
        { type: 'exam', id },
        { slug: checked.exam.slug, questions: checked.exam.questions.length },
      );
      return { id, ...checked.summary! };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Một đề khác vừa lấy đường dẫn này: hãy nhập lại.');
      throw error;
    }
  }

  return { list, detail, create, update, clone, preview, checkImport, importText, ...questions };
}

function summarize(exam: ExamInput) {
  const { parts } = partsOf(exam);
  return {
    slug: exam.slug,
    title: exam.title,
    subject: exam.subject,
    template: exam.template,
    passages: exam.passages?.length ?? 0,
    parts: parts.map((part, index) => ({
      title: part.title,
      count: exam.questions.filter((q) => q.part === index + 1).length,
    })),
    questions: exam.questions.map((question) => ({
      part: question.part,
      type: question.type,
      topic: question.topic,
      ...renderQuestion({
        prompt: question.prompt,
        explanation: question.explanation,
        options: (question.options ?? []).map((o) => (typeof o === 'string' ? { text: o } : o)),
      }),
    })),
  };
}

export type ExamsAdmin<Actor> = ReturnType<typeof createExamsAdmin<Actor>>;
