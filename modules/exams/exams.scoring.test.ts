import { describe, expect, it } from 'vitest';
import {
  THPT_STRUCTURES,
  fitsAnswerSheet,
  gradeAnswer,
  normalizeShortAnswer,
  scoreOnTen,
  shortAnswerCorrect,
  structureMax,
  toPoints,
  trueFalseShare,
} from './exams.scoring.ts';

describe('THPT 2025 structures', () => {
  it('Mathematics: 12 + 4 + 6 questions in 90 minutes, 3 + 4 + 3 points', () => {
    const math = THPT_STRUCTURES.thpt_math;
    expect(math.durationMinutes).toBe(90);
    expect(math.parts.map((part) => part.count)).toEqual([12, 4, 6]);
    expect(math.parts.map((part) => part.count * part.points)).toEqual([3000, 4000, 3000]);
    expect(structureMax(math)).toBe(10_000);
  });

  it('sciences: 18 + 4 + 6 questions in 50 minutes, 4.5 + 4 + 1.5 points (0.25 per short answer)', () => {
    const science = THPT_STRUCTURES.thpt_science;
    expect(science.durationMinutes).toBe(50);
    expect(science.parts.map((part) => part.count)).toEqual([18, 4, 6]);
    expect(science.parts.map((part) => part.count * part.points)).toEqual([4500, 4000, 1500]);
    expect(structureMax(science)).toBe(10_000);
  });

  it('foreign languages: 40 multiple-choice questions in 50 minutes, 0.25 each, on 10', () => {
    const language = THPT_STRUCTURES.thpt_language;
    expect(language.durationMinutes).toBe(50);
    expect(language.parts).toHaveLength(1);
    expect(language.parts[0]).toMatchObject({ type: 'single', count: 40, points: 250 });
    expect(structureMax(language)).toBe(10_000);
  });
});

describe('part I: single choice', () => {
  it('0.25 for the right letter, nothing for a wrong or missing one', () => {
    const key = { type: 'single', correct: 'C' } as const;
    expect(gradeAnswer(key, 'C', 250, 'all_or_nothing')).toEqual({ awarded: 250, correct: true });
    expect(gradeAnswer(key, 'B', 250, 'all_or_nothing').awarded).toBe(0);
    expect(gradeAnswer(key, null, 250, 'all_or_nothing').awarded).toBe(0);
  });
});

describe('part II: true/false groups of four statements', () => {
  const key = { type: 'true_false', correct: [true, false, true, false] } as const;
  const grade = (marks: (boolean | null)[]) => gradeAnswer(key, marks, 1000, 'true_false_ladder');

  it('the ladder: 0, 0.1, 0.25, 0.5, 1 point for 0–4 right statements', () => {
    expect([0, 1, 2, 3, 4].map(trueFalseShare)).toEqual([0, 100, 250, 500, 1000]);
    expect(() => trueFalseShare(5)).toThrow();
    expect(grade([false, true, false, true])).toMatchObject({ awarded: 0, statementsRight: 0 });
    expect(grade([true, true, false, true])).toMatchObject({ awarded: 100, statementsRight: 1 });
    expect(grade([true, false, false, true])).toMatchObject({ awarded: 250, statementsRight: 2 });
    expect(grade([true, false, true, true])).toMatchObject({ awarded: 500, statementsRight: 3 });
    expect(grade([true, false, true, false])).toMatchObject({ awarded: 1000, correct: true, statementsRight: 4 });
  });

  it('an unanswered statement is never right', () => {
    expect(grade([true, null, null, null])).toMatchObject({ awarded: 100, statementsRight: 1 });
    expect(grade([null, null, null, null]).awarded).toBe(0);
    expect(gradeAnswer(key, null, 1000, 'true_false_ladder').awarded).toBe(0);
  });

  it('a custom part can score the group all or nothing', () => {
    expect(gradeAnswer(key, [true, false, true, true], 1000, 'all_or_nothing').awarded).toBe(0);
  });
});

describe('part III: short numeric answers', () => {
  it('normalises signs, separators, spaces and zeros to one canonical form', () => {
    expect(normalizeShortAnswer('-1,5')).toBe('-1,5');
    expect(normalizeShortAnswer('-1.5')).toBe('-1,5');
    expect(normalizeShortAnswer('\u22121,50')).toBe('-1,5');
    expect(normalizeShortAnswer(' - 1 , 5 ')).toBe('-1,5');
    expect(normalizeShortAnswer('+2')).toBe('2');
    expect(normalizeShortAnswer('007')).toBe('7');
    expect(normalizeShortAnswer(',5')).toBe('0,5');
    expect(normalizeShortAnswer('5,')).toBe('5');
    expect(normalizeShortAnswer('-0')).toBe('0');
    expect(normalizeShortAnswer('-0,0')).toBe('0');
    expect(normalizeShortAnswer('１２')).toBe('12');
  });

  it('refuses what is not a number', () => {
    for (const raw of ['', '-', ',', 'abc', '1,2,3', '1.000,5', '--1', '1e3', '1/2']) {
      expect(normalizeShortAnswer(raw), raw).toBeNull();
    }
  });

  it('the four boxes of the answer sheet', () => {
    expect(fitsAnswerSheet('-1,5')).toBe(true);
    expect(fitsAnswerSheet('2025')).toBe(true);
    expect(fitsAnswerSheet('0,125')).toBe(false);
    expect(fitsAnswerSheet('-12,5')).toBe(false);
  });

  it('scores 0.5 in Mathematics and 0.25 elsewhere, on any equivalent form', () => {
    const key = { type: 'short', correct: { forms: ['-1,5'], tolerance: null } } as const;
    expect(gradeAnswer(key, '-1.50', 500, 'all_or_nothing').awarded).toBe(500);
    expect(gradeAnswer(key, '\u22121,5', 250, 'all_or_nothing').awarded).toBe(250);
    expect(gradeAnswer(key, '1,5', 500, 'all_or_nothing').awarded).toBe(0);
    expect(gradeAnswer(key, 'x', 500, 'all_or_nothing').awarded).toBe(0);
  });

  it('accepts several forms and an optional absolute tolerance', () => {
    const rounded = { forms: ['0,33', '0,3'], tolerance: null };
    expect(shortAnswerCorrect('0.3', rounded)).toBe(true);
    expect(shortAnswerCorrect('0,34', rounded)).toBe(false);
    const tolerant = { forms: ['3,14'], tolerance: 0.01 };
    expect(shortAnswerCorrect('3,15', tolerant)).toBe(true);
    expect(shortAnswerCorrect('3,13', tolerant)).toBe(true);
    expect(shortAnswerCorrect('3,16', tolerant)).toBe(false);
  });
});

describe('other quizzes: multiple choice and fill-in words', () => {
  it('multiple choice is all or nothing, whatever the order', () => {
    const key = { type: 'multiple', correct: ['A', 'C'] } as const;
    expect(gradeAnswer(key, ['C', 'A'], 1000, 'all_or_nothing').awarded).toBe(1000);
    expect(gradeAnswer(key, ['A'], 1000, 'all_or_nothing').awarded).toBe(0);
    expect(gradeAnswer(key, ['A', 'B', 'C'], 1000, 'all_or_nothing').awarded).toBe(0);
  });

  it('fill-in words ignore case and spaces and accept alternatives', () => {
    const key = { type: 'fill', correct: [['went'], ['has been', "'s been"]] } as const;
    expect(gradeAnswer(key, [' Went ', 'has  been'], 500, 'all_or_nothing').awarded).toBe(500);
    expect(gradeAnswer(key, ['went', "'s been"], 500, 'all_or_nothing').awarded).toBe(500);
    expect(gradeAnswer(key, ['go', 'has been'], 500, 'all_or_nothing').awarded).toBe(0);
  });
});

describe('totals', () => {
  it('THPT totals are exact in thousandths and shown on 10', () => {
    // 11 × 0.25 + (1 + 0.5 + 0.25 + 0.1) + 5 × 0.5 = 2.75 + 1.85 + 2.5 = 7.1
    const total = 11 * 250 + 1000 + 500 + 250 + 100 + 5 * 500;
    expect(toPoints(total)).toBe(7.1);
    expect(scoreOnTen(total, 10_000)).toBe(7.1);
    // No binary drift: 40 × 0.25 is 10 exactly.
    expect(scoreOnTen(40 * 250, 10_000)).toBe(10);
  });

  it('a custom exam not on 10 is scaled and rounded half up to 0.01', () => {
    expect(scoreOnTen(2000, 3000)).toBe(6.67);
    expect(scoreOnTen(1000, 3000)).toBe(3.33);
    expect(scoreOnTen(1000, 8000)).toBe(1.25);
    expect(scoreOnTen(0, 0)).toBe(0);
  });
});
