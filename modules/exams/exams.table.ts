/** The exams module's tables (migrations 2026-11-25T2149-exams and 2026-11-26T0030), composed into db/schema.ts. */
import type { Generated, Selectable } from 'kysely';
import type { Flag, NullableTimestamp, Timestamp } from '../../kernel/db/columns.ts';
import type { ExamTemplate, PartScoring, QuestionType } from './exams.scoring.ts';

export interface ExamsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** toan, vat-ly, hoa-hoc, sinh-hoc, tieng-anh… */
  subject: string;
  template: ExamTemplate;
  duration_seconds: number;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ExamPartsTable {
  id: Generated<number>;
  exam_id: number;
  position: number;
  title: string;
  question_type: QuestionType;
  scoring: PartScoring;
  /** Thousandths of a point per question. */
  points: number;
  answer_boxes: number | null;
}

export interface ExamPassagesTable {
  id: Generated<number>;
  exam_id: number;
  title: string | null;
  content: string;
  audio_url: string | null;
  content_html: string;
}

export type Difficulty = 'easy' | 'medium' | 'hard';

export interface ExamQuestionsTable {
  id: Generated<number>;
  exam_id: number;
  part_id: number;
  passage_id: number | null;
  position: number;
  type: QuestionType;
  prompt: string;
  image_url: string | null;
  /** JSON array of { text, image_url }. */
  options: string;
  /** JSON key (see exams.scoring.ts `Key['correct']`). */
  answer_key: string;
  explanation: string;
  topic: string;
  difficulty: Difficulty;
  points: number;
  /** JSON { prompt, options, explanation } as HTML + MathML. */
  rendered: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ContestKind = 'contest' | 'practice';
export type EntryRule = 'signed_in' | 'course' | 'code';
export type KeyVisibility = 'after_submit' | 'after_close';

export interface ExamContestsTable {
  id: Generated<number>;
  slug: string;
  exam_id: number;
  title: string;
  kind: ContestKind;
  opens_at: NullableTimestamp;
  closes_at: NullableTimestamp;
  duration_seconds: number;
  max_attempts: number | null;
  entry_rule: EntryRule;
  entry_course_id: number | null;
  entry_code_hash: string | null;
  key_visibility: KeyVisibility;
  is_ranked: Flag;
  shuffle: Flag;
  post_id: number | null;
  /** Thousandths of the exam's points a submitted candidate needs for a certificate; null = none. */
  certificate_min_score: number | null;
  /** When the runner issued every certificate of the closed contest. */
  certificates_issued_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AttemptStatus = 'open' | 'submitted';

export interface ExamAttemptsTable {
  id: Generated<number>;
  contest_id: number;
  user_id: number;
  attempt_no: number;
  status: AttemptStatus;
  shuffle_seed: number;
  started_at: Timestamp;
  deadline_at: Timestamp;
  submitted_at: NullableTimestamp;
  submitted_by: 'candidate' | 'deadline' | null;
  score: number | null;
  max_score: number;
  time_used_seconds: number | null;
}

export interface ExamAnswersTable {
  attempt_id: number;
  question_id: number;
  answer: string;
  seq: number;
  saved_at: Timestamp;
  points_awarded: number | null;
}

/** A learner's "Nhắc tôi" on an upcoming contest (migration 2026-11-26T0030). */
export interface ExamRemindersTable {
  contest_id: number;
  user_id: number;
  created_at: Timestamp;
  /** Claimed by the runner that sends the reminder (a conditional update: exactly once). */
  reminded_at: NullableTimestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface ExamsTables {
  exams: ExamsTable;
  exam_parts: ExamPartsTable;
  exam_passages: ExamPassagesTable;
  exam_questions: ExamQuestionsTable;
  exam_contests: ExamContestsTable;
  exam_attempts: ExamAttemptsTable;
  exam_answers: ExamAnswersTable;
  exam_reminders: ExamRemindersTable;
}

export type ExamRow = Selectable<ExamsTable>;
export type ExamPartRow = Selectable<ExamPartsTable>;
export type ExamQuestionRow = Selectable<ExamQuestionsTable>;
export type ContestRow = Selectable<ExamContestsTable>;
export type AttemptRow = Selectable<ExamAttemptsTable>;
