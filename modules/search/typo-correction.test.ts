import { describe, expect, it } from 'vitest';
import { combinations, editDistance } from './typo-correction.ts';

describe('editDistance (a swap of neighbours is one edit)', () => {
  it.each([
    ['anh', 'anh', 0],
    ['ahn', 'anh', 1],
    ['duyy', 'duy', 1],
    ['hpc', 'hoc', 1],
    ['kalimab', 'kalimba', 1],
    ['tieng', 'teing', 1],
    ['xylophonne', 'xylophone', 1],
    ['ahn', 'an', 1],
    ['nhgiep', 'nghiep', 1],
    ['abcd', 'badc', 2],
    ['', 'abc', 3],
  ])('%s ↔ %s: %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('combinations of the options', () => {
  it('gives the best first: the lowest sum of ranks, then left to right', () => {
    expect(combinations([2, 3], 10)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [0, 2],
      [1, 1],
      [1, 2],
    ]);
  });

  it('keeps the best ones however many words have options', () => {
    const best = combinations([4, 4, 4, 4, 4, 4, 4, 4], 4);
    expect(best).toEqual([
      [0, 0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 1],
      [0, 0, 0, 0, 0, 0, 1, 0],
      [0, 0, 0, 0, 0, 1, 0, 0],
    ]);
    expect(combinations([1, 1], 4)).toEqual([[0, 0]]);
  });
});
