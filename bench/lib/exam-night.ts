/**
 * What bench/exams, its product data (exam-night-data.ts) and its write baseline (servers/bare-write.ts)
 * share, and its pure parts: the order of the saves, and how many candidates an instance carries.
 */

export const EXAM_PATHS = {
  start: '/api/user/exam/start.json',
  save: '/api/user/exam/answer.json',
  submit: '/api/user/exam/submit.json',
} as const;

export type Phase = keyof typeof EXAM_PATHS;

export const EXAM_NIGHT_PATH = '/__bench/exam-night.json';
export const EXAM_NIGHT_ATTEMPTS_PATH = '/__bench/exam-night/attempts.json';
/** The baseline's attempts, oldest first. */
export const BARE_ATTEMPTS_PATH = '/__bench/attempts.json';

export interface ExamNightOptions {
  candidates: number;
  /** The seeded exam the contest is held on. */
  examSlug: string;
  contestSlug: string;
}

export interface ExamNightData {
  slug: string;
  /** The exam's questions in the exam's order (each candidate sees them shuffled). */
  questions: { id: number; type: string }[];
  candidates: { userId: number; token: string }[];
}

export interface ExamNightAttempt {
  userId: number;
  attemptId: number;
  status: string;
  answers: number;
  score: number | null;
}

export interface PlannedSave {
  /** Index of the candidate in the round. */
  candidate: number;
  /** Index of the question in the exam. */
  question: number;
  /** The candidate's save counter: 1, 2, 3, … */
  seq: number;
  answer: 'A' | 'B' | 'C' | 'D';
}

const LETTERS = ['A', 'B', 'C', 'D'] as const;

/**
 * Every candidate's saves, interleaved as on an exam night: everyone's first save, then everyone's
 * second, … so that a candidate's next save is sent long after their previous one was answered (with
 * more candidates than connections). Candidate c answers the questions from question c on (each
 * answers every question once when `saves` equals the questions; beyond, they change answers in the
 * same order), with a seq that grows by one per save.
 */
export function planSaves(candidates: number, questions: number, saves: number): PlannedSave[] {
  const plan: PlannedSave[] = [];
  for (let step = 0; step < saves; step += 1) {
    for (let candidate = 0; candidate < candidates; candidate += 1) {
      plan.push({
        candidate,
        question: (candidate + step) % questions,
        seq: step + 1,
        answer: LETTERS[(candidate + step + Math.floor(step / questions)) % 4]!,
      });
    }
  }
  return plan;
}

export interface CarryAssumption {
  /** Seconds between two saves of a candidate, on average over the exam. */
  secondsPerSave: number;
  /** The share of the measured capacity an instance is run at (the rest: peaks, pages, results). */
  utilisation: number;
  /** Seconds within which every candidate of the night starts. */
  startWindowSeconds: number;
}

/** A 90-minute exam: ~90 saves each (every answer chosen, a good share changed), half the capacity used. */
export const EXAM_NIGHT_ASSUMPTION: CarryAssumption = {
  secondsPerSave: 60,
  utilisation: 0.5,
  startWindowSeconds: 60,
};

/**
 * Concurrent candidates one instance carries: by the saves during the exam (save throughput ×
 * seconds between a candidate's saves), and by the start (everyone starting within the window);
 * the smaller of the two, both at the assumed utilisation.
 */
export function carriedCandidates(
  measured: { saveRps: number; startRps: number },
  assumption: CarryAssumption = EXAM_NIGHT_ASSUMPTION,
): { bySaves: number; byStart: number; carried: number } {
  const bySaves = Math.floor(measured.saveRps * assumption.secondsPerSave * assumption.utilisation);
  const byStart = Math.floor(measured.startRps * assumption.startWindowSeconds * assumption.utilisation);
  return { bySaves, byStart, carried: Math.min(bySaves, byStart) };
}
