/** Compact builders for the sample exams' questions (db/seed/exams-*.ts). */
import type { QuestionInput } from '../../../modules/exams/index.ts';

type Difficulty = QuestionInput['difficulty'];

export function mc(
  prompt: string,
  options: [string, string, string, string],
  key: 'A' | 'B' | 'C' | 'D',
  explanation: string,
  topic: string,
  difficulty: Difficulty = 'easy',
  passage?: string,
): QuestionInput {
  return {
    part: 1,
    type: 'single',
    prompt,
    options,
    key,
    explanation,
    topic,
    difficulty,
    ...(passage ? { passage } : {}),
  };
}

export function tf(
  prompt: string,
  statements: [string, string, string, string],
  key: [boolean, boolean, boolean, boolean],
  explanation: string,
  topic: string,
  difficulty: Difficulty = 'medium',
): QuestionInput {
  return { part: 2, type: 'true_false', prompt, options: statements, key, explanation, topic, difficulty };
}

export function sa(prompt: string, key: string, explanation: string, topic: string, difficulty: Difficulty = 'medium') {
  return { part: 3, type: 'short', prompt, key, explanation, topic, difficulty } satisfies QuestionInput;
}
