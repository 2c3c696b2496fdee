/** The quiz answers of the API (modules/quizzes/quizzes.routes.ts), as the components use them. */
export interface QuizAttempt {
  id: number;
  started_at: string;
  deadline_at: string | null;
  submitted_at: string | null;
  score_percent: number | null;
  correct_count: number | null;
  question_count: number;
  passed: boolean | null;
  timed_out: boolean;
}

export interface Quiz {
  lesson_id: number;
  title: string;
  pass_percent: number;
  max_attempts: number | null;
  time_limit_seconds: number | null;
  question_count: number;
  attempts_left: number | null;
  passed: boolean;
  attempts: QuizAttempt[];
  open_attempt: QuizAttempt | null;
  questions: { id: number; kind: 'single' | 'multiple'; prompt: string; options: { id: number; label: string }[] }[];
}

export interface QuizResult {
  attempt: QuizAttempt;
  pass_percent: number;
  attempts_left: number | null;
  questions: {
    id: number;
    kind: 'single' | 'multiple';
    prompt: string;
    explanation: string | null;
    correct: boolean;
    options: { id: number; label: string; is_correct: boolean; chosen: boolean }[];
  }[];
}
