/**
 * A candidate's paper: the parts in their official order, the questions of each part shuffled
 * (a passage and its questions move as one block, a true/false group keeps its four statements in
 * order a–d), and the options A–D of each choice question shuffled. Everything derives from the
 * attempt's seed, so the paper is the same after a reload and on another device, and the letters a
 * candidate sends are mapped back to the exam's own letters without storing the layout.
 */
import { createHash } from 'node:crypto';
import { OPTION_LETTERS, type OptionLetter } from './exams.scoring.ts';

/** The stable seed of one candidate in one contest (the same on every attempt and device). */
export function shuffleSeed(contestId: number, userId: number): number {
  return createHash('sha256').update(`exam:${contestId}:${userId}`).digest().readUInt32BE(0) & 0x7fffffff;
}

/** mulberry32: a small deterministic generator, enough for shuffling a paper. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffleWith<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

interface Placeable {
  id: number;
  part_id: number;
  passage_id: number | null;
  position: number;
}

/** The questions in the candidate's order: parts in order, blocks (passages) shuffled inside each part. */
export function orderQuestions<Q extends Placeable>(
  parts: readonly { id: number; position: number }[],
  questions: readonly Q[],
  seed: number,
  shuffle: boolean,
): Q[] {
  const random = generator(seed);
  const ordered: Q[] = [];
  for (const part of [...parts].sort((a, b) => a.position - b.position)) {
    const inPart = questions.filter((q) => q.part_id === part.id).sort((a, b) => a.position - b.position);
    const blocks: Q[][] = [];
    const byPassage = new Map<number, Q[]>();
    for (const question of inPart) {
      if (question.passage_id === null) blocks.push([question]);
      else if (byPassage.has(question.passage_id)) byPassage.get(question.passage_id)!.push(question);
      else {
        const block = [question];
        byPassage.set(question.passage_id, block);
        blocks.push(block);
      }
    }
    for (const block of shuffle ? shuffleWith(blocks, random) : blocks) ordered.push(...block);
  }
  return ordered;
}

/**
 * The option order of one choice question for this seed: `order[i]` is the exam's own index of the
 * option shown at letter i. Identity when the contest does not shuffle.
 */
export function optionOrder(seed: number, questionId: number, shuffle: boolean, count = 4): number[] {
  const identity = Array.from({ length: count }, (_, i) => i);
  if (!shuffle) return identity;
  return shuffleWith(identity, generator((seed ^ Math.imul(questionId, 0x9e3779b1)) >>> 0));
}

/** A letter the candidate saw → the exam's letter (null when not a letter of this question). */
export function toExamLetter(shown: string, order: readonly number[]): OptionLetter | null {
  const index = OPTION_LETTERS.indexOf(shown as OptionLetter);
  if (index < 0 || index >= order.length) return null;
  return OPTION_LETTERS[order[index]!]!;
}

/** The exam's letter → the letter this candidate saw. */
export function toShownLetter(examLetter: string, order: readonly number[]): OptionLetter {
  const index = order.indexOf(OPTION_LETTERS.indexOf(examLetter as OptionLetter));
  return OPTION_LETTERS[index]!;
}
