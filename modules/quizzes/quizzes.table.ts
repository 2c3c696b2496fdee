/**
 * The quizzes module's tables (issue 6): an exam lesson's quiz, its questions, options and attempts, composed into
 * db/schema.ts.
 */
import type { Generated } from 'kysely';
import type { Counter, Flag, Timestamp } from '../../kernel/db/columns.ts';

/** The settings of an exam lesson's quiz. */
export interface QuizzesTable {
  lesson_id: number;
  pass_percent: number;
  /** Null = unlimited. */
  max_attempts: number | null;
  /** Null = no time limit. */
  time_limit_seconds: number | null;
  shuffle: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface QuizQuestionsTable {
  id: Generated<number>;
  lesson_id: number;
  kind: 'single' | 'multiple';
  prompt: string;
  explanation: string | null;
  position: Counter;
}

export interface QuizOptionsTable {
  id: Generated<number>;
  question_id: number;
  label: string;
  is_correct: Flag;
  position: Counter;
}

export interface QuizAttemptsTable {
  id: Generated<number>;
  lesson_id: number;
  user_id: number;
  /** JSON array of question ids, in this attempt's order. */
  question_order: string;
  /** JSON object { question_id: option_id[] }, written on submit. */
  answers: string | null;
  correct_count: number | null;
  question_count: number;
  score_percent: number | null;
  passed: number | null;
  timed_out: Flag;
  started_at: Timestamp;
  deadline_at: Timestamp | null;
  submitted_at: Timestamp | null;
}

/** Composed into `Database` (db/schema.ts). */
export interface QuizzesTables {
  quizzes: QuizzesTable;
  quiz_questions: QuizQuestionsTable;
  quiz_options: QuizOptionsTable;
  quiz_attempts: QuizAttemptsTable;
}
