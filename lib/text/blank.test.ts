import { describe, expect, it } from 'vitest';
import { isBlank, valueOrFallback } from './blank.ts';

describe('isBlank', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty string', ''],
    ['space', ' '],
    ['many spaces', '     '],
    ['tab', '\t'],
    ['newline', '\n'],
    ['CRLF', '\r\n'],
    ['vertical tab and form feed', '\v\f'],
    ['NBSP', '\u00A0'],
    ['ideographic space', '\u3000'],
    ['zero-width space', '\u200B'],
    ['zero-width non-joiner and joiner', '\u200C\u200D'],
    ['word joiner', '\u2060'],
    ['BOM', '\uFEFF'],
    ['en/em/thin spaces', '\u2002\u2003\u2009'],
    ['narrow NBSP', '\u202F'],
    ['line/paragraph separators', '\u2028\u2029'],
    ['mongolian vowel separator', '\u180E'],
    ['mixture', ' \t\n\u00A0\u3000\u200B\uFEFF '],
  ])('%s is blank', (_name, value) => {
    expect(isBlank(value)).toBe(true);
  });

  it.each([
    ['letter', 'a'],
    ['padded word', '  Khai Trí  '],
    ['Vietnamese letter', 'đ'],
    ['dot', '.'],
    ['zero as text', '0'],
    ['hyphen', '-'],
    ['zero-width space around text', '\u200Bx\u200B'],
    ['a lone combining mark', '\u0301'],
    ['the word null', 'null'],
  ])('%s is not blank', (_name, value) => {
    expect(isBlank(value)).toBe(false);
  });

  it.each([
    ['0', 0],
    ['NaN', Number.NaN],
    ['false', false],
    ['true', true],
    ['empty array', []],
    ['empty object', {}],
    ['function', () => ''],
    ['Date', new Date(0)],
    ['bigint 0', 0n],
  ])('non-string %s is not blank', (_name, value) => {
    expect(isBlank(value)).toBe(false);
  });
});

describe('valueOrFallback', () => {
  it('returns the fallback for blank values', () => {
    expect(valueOrFallback(null, 'Chưa cập nhật')).toBe('Chưa cập nhật');
    expect(valueOrFallback(undefined, '—')).toBe('—');
    expect(valueOrFallback('', '—')).toBe('—');
    expect(valueOrFallback(' \u00A0\u200B', '—')).toBe('—');
  });

  it('returns the value itself, untrimmed, otherwise', () => {
    expect(valueOrFallback('  Hà Nội ', '—')).toBe('  Hà Nội ');
    expect(valueOrFallback(0, 5)).toBe(0);
    expect(valueOrFallback(false, true)).toBe(false);
    const list: string[] = [];
    expect(valueOrFallback(list, null)).toBe(list);
  });

  it('types the result as the non-null value or the fallback', () => {
    const maybe: string | null = Math.random() > 2 ? 'x' : null;
    const result: string = valueOrFallback(maybe, 'mặc định');
    expect(result).toBe('mặc định');
  });
});
