/**
 * Item analysis of a contest (the studio): for each question, the share of candidates right, the
 * share who left it blank, per statement of a true/false group the share right, for a four-option
 * question the share choosing each option, and a discrimination index.
 *
 * Population: the submitted attempts the results table shows — each candidate's first attempt in a
 * ranked contest, every submitted attempt otherwise. Answers are graded again with the current key
 * (so the analysis follows a key correction at once).
 *
 * Discrimination (upper–lower 27 % index): candidates are ordered by total score (ties by attempt
 * id); the upper group is the best g and the lower group the worst g, g = max(1, round(0.27 × N)).
 * For each question, its item score is the share of its points earned (0 or 1 for an all-or-nothing
 * question; 0.1, 0.25, 0.5 or 1 for a true/false group). D = mean item score of the upper group −
 * mean item score of the lower group, from −1 to 1. With fewer than 2 candidates D is null.
 * D < 0: the weaker candidates did better than the stronger ones (often a wrong key) — flagged
 * "negative"; 0 ≤ D < 0.2: the question hardly separates strong from weak — flagged "low".
 */
import { parseKey } from './exams.grading.ts';
import type { RenderedQuestion } from './exams.render.ts';
import { OPTION_LETTERS, gradeAnswer, toPoints, type Answer, type PartScoring } from './exams.scoring.ts';
import type { ExamPartRow, ExamQuestionRow } from './exams.table.ts';

export const DISCRIMINATION_GROUP_SHARE = 0.27;
export const LOW_DISCRIMINATION = 0.2;
/** Below this many candidates the index is shown with a caution (too few to trust). */
export const RELIABLE_CANDIDATES = 20;

export type DiscriminationFlag = 'negative' | 'low' | null;

interface AttemptScore {
  id: number;
  score: number | null;
}

interface SavedAnswer {
  attempt_id: number;
  question_id: number;
  answer: string;
}

const share = (count: number, total: number) => (total === 0 ? 0 : Math.round((1000 * count) / total) / 1000);

/** Whether a stored answer says nothing (no choice, an empty text, four unmarked statements). */
export function isBlank(answer: Answer): boolean {
  if (answer === null) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  return answer.every((value) => value === null || (typeof value === 'string' && value.trim() === ''));
}

/** The size of each of the upper and lower groups. */
export function groupSize(candidates: number): number {
  return Math.max(1, Math.round(DISCRIMINATION_GROUP_SHARE * candidates));
}

export function flagOf(index: number | null): DiscriminationFlag {
  if (index === null) return null;
  if (index < 0) return 'negative';
  return index < LOW_DISCRIMINATION ? 'low' : null;
}

export function analyseItems(input: {
  parts: ExamPartRow[];
  questions: ExamQuestionRow[];
  attempts: AttemptScore[];
  answers: SavedAnswer[];
}) {
  const { parts, questions } = input;
  const attempts = [...input.attempts].sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.id - b.id);
  const total = attempts.length;
  const g = groupSize(total);
  const upper = new Set(total >= 2 ? attempts.slice(0, g).map((a) => a.id) : []);
  const lower = new Set(total >= 2 ? attempts.slice(total - g).map((a) => a.id) : []);
  const included = new Set(attempts.map((attempt) => attempt.id));
  const partById = new Map(parts.map((part) => [part.id, part]));
  const saved = new Map<number, Map<number, Answer>>();
  for (const row of input.answers) {
    if (!included.has(row.attempt_id)) continue;
    const byAttempt = saved.get(row.question_id) ?? new Map<number, Answer>();
    byAttempt.set(row.attempt_id, JSON.parse(row.answer) as Answer);
    saved.set(row.question_id, byAttempt);
  }

  const items = questions.map((question) => {
    const part = partById.get(question.part_id)!;
    const key = parseKey(question.type, question.answer_key);
    const scoring: PartScoring = part.scoring;
    const answers = saved.get(question.id) ?? new Map<number, Answer>();
    let right = 0;
    let blank = 0;
    let upperSum = 0;
    let lowerSum = 0;
    const statements = [0, 0, 0, 0];
    const choices: Record<string, number> = Object.fromEntries(OPTION_LETTERS.map((letter) => [letter, 0]));
    for (const attempt of attempts) {
      const answer = answers.get(attempt.id) ?? null;
      if (isBlank(answer)) blank += 1;
      const graded = gradeAnswer(key, answer, question.points, scoring);
      if (graded.correct) right += 1;
      const itemScore = question.points > 0 ? graded.awarded / question.points : 0;
      if (upper.has(attempt.id)) upperSum += itemScore;
      if (lower.has(attempt.id)) lowerSum += itemScore;
      if (key.type === 'true_false' && Array.isArray(answer))
        key.correct.forEach((value, index) => {
          if (answer[index] === value) statements[index]! += 1;
        });
      if (question.type === 'single' && typeof answer === 'string' && answer in choices) choices[answer]! += 1;
    }
    const discrimination = total >= 2 ? Math.round((1000 * (upperSum - lowerSum)) / g) / 1000 : null;
    const rendered = JSON.parse(question.rendered) as RenderedQuestion;
    return {
      id: question.id,
      number: question.position,
      part: part.position,
      type: question.type,
      topic: question.topic,
      difficulty: question.difficulty,
      points: toPoints(question.points),
      prompt_html: rendered.prompt,
      key: JSON.parse(question.answer_key) as unknown,
      candidates: total,
      correct_share: share(right, total),
      unanswered_share: share(blank, total),
      statements:
        question.type === 'true_false'
          ? statements.map((count, index) => ({ label: 'abcd'[index]!, correct_share: share(count, total) }))
          : null,
      choices:
        question.type === 'single'
          ? OPTION_LETTERS.map((letter) => ({ label: letter, share: share(choices[letter]!, total) }))
          : null,
      discrimination,
      flag: flagOf(discrimination),
    };
  });
  return { candidates: total, group_size: total >= 2 ? g : 0, reliable: total >= RELIABLE_CANDIDATES, items };
}

export type ItemAnalysis = ReturnType<typeof analyseItems>;
