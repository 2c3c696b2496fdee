import { describe, expect, it } from 'vitest';
import { carriedCandidates, planSaves } from './exam-night.ts';

describe('planSaves', () => {
  it('gives every candidate one save per question, everyone’s first save before anyone’s second', () => {
    const plan = planSaves(3, 4, 4);
    expect(plan).toHaveLength(12);
    expect(plan.slice(0, 3).map((save) => [save.candidate, save.seq])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
    for (let candidate = 0; candidate < 3; candidate += 1) {
      const own = plan.filter((save) => save.candidate === candidate);
      expect(own.map((save) => save.seq)).toEqual([1, 2, 3, 4]);
      expect(new Set(own.map((save) => save.question)).size).toBe(4);
      // Each starts at a question of their own.
      expect(own[0]!.question).toBe(candidate);
    }
  });

  it('changes answers beyond the last question, with a different letter and a higher seq', () => {
    const own = planSaves(1, 2, 4);
    expect(own.map((save) => save.question)).toEqual([0, 1, 0, 1]);
    expect(own[2]!.answer).not.toBe(own[0]!.answer);
    expect(own[3]!.answer).not.toBe(own[1]!.answer);
    expect(own.every((save) => ['A', 'B', 'C', 'D'].includes(save.answer))).toBe(true);
  });
});

describe('carriedCandidates', () => {
  it('is the smaller of what the saves and the start allow, at the assumed utilisation', () => {
    const assumption = { secondsPerSave: 60, utilisation: 0.5, startWindowSeconds: 60 };
    expect(carriedCandidates({ saveRps: 1000, startRps: 300 }, assumption)).toEqual({
      bySaves: 30_000,
      byStart: 9_000,
      carried: 9_000,
    });
    expect(carriedCandidates({ saveRps: 100, startRps: 300 }, assumption).carried).toBe(3_000);
  });
});
