/**
 * What a candidate sees: the paper in their order and letters (never a key nor an explanation),
 * answers translated between the candidate's letters and the exam's own, and the reviewed paper.
 */
import { AppError } from '../../lib/errors.ts';
import { optionOrder, toExamLetter, toShownLetter } from './exams.layout.ts';
import { fitsAnswerSheet, normalizeShortAnswer, toPoints, type Answer, type QuestionType } from './exams.scoring.ts';
import type { RenderedQuestion } from './exams.render.ts';
import type { ExamQuestionRow } from './exams.table.ts';

const STATEMENT_LABELS = ['a', 'b', 'c', 'd'];

export interface Layout {
  seed: number;
  shuffle: boolean;
}

function orderFor(layout: Layout, question: { id: number; type: QuestionType; options: string }): number[] {
  const count = (JSON.parse(question.options) as unknown[]).length;
  const choice = question.type === 'single' || question.type === 'multiple';
  return optionOrder(layout.seed, question.id, layout.shuffle && choice, count);
}

/** One question of the room: text and options in the candidate's letters, no key, no explanation. */
export function roomQuestion(
  question: ExamQuestionRow,
  number: number,
  part: { position: number; answer_boxes: number | null },
  layout: Layout,
) {
  const rendered = JSON.parse(question.rendered) as RenderedQuestion;
  const options = JSON.parse(question.options) as { image_url: string | null }[];
  const order = orderFor(layout, question);
  const labels = question.type === 'true_false' ? STATEMENT_LABELS : ['A', 'B', 'C', 'D'];
  return {
    id: question.id,
    number,
    part: part.position,
    type: question.type,
    points: toPoints(question.points),
    passage_id: question.passage_id,
    prompt_html: rendered.prompt,
    image_url: question.image_url,
    options: order.map((index, shown) => ({
      label: labels[shown] ?? String(shown + 1),
      html: rendered.options[index] ?? '',
      image_url: options[index]?.image_url ?? null,
    })),
    answer_boxes: question.type === 'short' ? part.answer_boxes : null,
  };
}

function refuse(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { answer: message });
}

/** A candidate's answer (their letters) → the stored form (the exam's letters, canonical numbers). */
export function toStoredAnswer(
  question: { id: number; type: QuestionType; options: string; answer_boxes: number | null },
  answer: Answer,
  layout: Layout,
): Answer {
  if (answer === null) return null;
  const order = orderFor(layout, question);
  switch (question.type) {
    case 'single': {
      const letter = typeof answer === 'string' ? toExamLetter(answer, order) : null;
      if (!letter) refuse('Hãy chọn một phương án A, B, C hoặc D.');
      return letter;
    }
    case 'multiple': {
      const letters = Array.isArray(answer) ? answer.map((value) => toExamLetter(String(value), order)) : [null];
      if (letters.some((letter) => letter === null)) refuse('Các phương án chọn phải là A, B, C hoặc D.');
      return [...new Set(letters as string[])].sort();
    }
    case 'true_false':
      if (!Array.isArray(answer) || answer.length !== 4 || !answer.every((v) => v === null || typeof v === 'boolean'))
        refuse('Câu đúng sai cần bốn ý a–d, mỗi ý Đúng, Sai hoặc để trống.');
      return answer;
    case 'short': {
      if (typeof answer !== 'string') refuse('Câu trả lời ngắn là một số.');
      if (answer.trim() === '') return null;
      const canonical = normalizeShortAnswer(answer);
      if (canonical === null) refuse('Câu trả lời ngắn chỉ gồm chữ số, dấu trừ (-) và dấu phẩy (,).');
      if (question.answer_boxes !== null && !fitsAnswerSheet(canonical))
        refuse(
          `Phiếu trả lời chỉ có ${question.answer_boxes} ô (chữ số, dấu trừ, dấu phẩy): hãy làm tròn theo yêu cầu của đề.`,
        );
      return canonical;
    }
    case 'fill':
      if (!Array.isArray(answer) || !answer.every((word) => typeof word === 'string'))
        refuse('Hãy điền các chỗ trống bằng chữ.');
      return answer;
  }
}

/** An answer or key as the API shows it. */
export type ShownAnswer = string | (string | boolean | null)[] | null;

/** A stored answer or key → the candidate's letters (a short-answer key: its first form). */
export function toShownAnswer(
  question: { id: number; type: QuestionType; options: string },
  stored: unknown,
  layout: Layout,
): ShownAnswer {
  if (stored === null || stored === undefined) return null;
  const order = orderFor(layout, question);
  if (question.type === 'single') return toShownLetter(String(stored), order);
  if (question.type === 'multiple') return (stored as string[]).map((letter) => toShownLetter(letter, order)).sort();
  if (question.type === 'short' && typeof stored === 'object') return (stored as { forms: string[] }).forms[0] ?? null;
  // Fill-in keys list alternatives per blank: the first of each is shown.
  if (question.type === 'fill' && Array.isArray(stored) && stored.every(Array.isArray))
    return (stored as string[][]).map((blank) => blank[0] ?? '');
  return stored as ShownAnswer;
}
