import { describe, expect, it } from 'vitest';
import { foldVietnamese } from '../../lib/text/fold.ts';
import {
  buildSnippet,
  exactWordCounter,
  foldedTokenCounter,
  highlightText,
  markedWords,
  tokenizeQuery,
  toPlainText,
} from './highlight.ts';

describe('search text helpers', () => {
  it('folds queries into [a-z0-9] tokens, including đ and letters with two marks', () => {
    expect(tokenizeQuery('Địa lý — Đà Nẵng!')).toEqual(['dia', 'ly', 'da', 'nang']);
    expect(tokenizeQuery('Tiếng Việt ậ ệ ữ ộ')).toEqual(['tieng', 'viet', 'a', 'e', 'u', 'o']);
    expect(tokenizeQuery('"* NEAR( ) OR :*')).toEqual(['near', 'or']);
    expect(tokenizeQuery('日本語')).toEqual([]);
  });

  it('counts words typed with the same marks', () => {
    const countExactWords = (text: string, words: string[]) => exactWordCounter(words)(text);
    expect(countExactWords('Nuôi con dế mèn', markedWords('con dế'))).toBe(2);
    expect(countExactWords('Con dê và cừu', markedWords('con dế'))).toBe(1);
    expect(countExactWords('Nuôi con dế mèn', markedWords('dế mè'))).toBe(2);
    expect(countExactWords('Nuôi con dế mèn', markedWords('ế'))).toBe(0);
    // The character before a match is read whole: 𝐀 (a letter outside the BMP) joins the word.
    expect(countExactWords('𝐀ab', ['ab'])).toBe(0);
    expect(countExactWords('\uDC00ab 😀ab x-ab', ['ab'])).toBe(1);
    expect(countExactWords('HÀ NỘI', markedWords('hà nội'))).toBe(2);
  });

  it('counts the folded tokens that start a word of a folded text, as highlighting marks them', () => {
    const count = foldedTokenCounter(['dia', 'da']);
    expect(count(foldVietnamese('Địa lý 12'))).toBe(1);
    expect(count(foldVietnamese('Du lịch Đà Nẵng'))).toBe(1);
    expect(count(foldVietnamese('Khu đô thị'))).toBe(0);
    expect(count(foldVietnamese('Chỉ địa, đà'))).toBe(2);
    expect(foldedTokenCounter(['ng'])(foldVietnamese('Tiếng Anh'))).toBe(0);
    expect(foldedTokenCounter(['12', 'ly'])('dia ly 12')).toBe(2);
  });

  it('highlights whole words as written and escapes HTML', () => {
    expect(highlightText('Địa lý 12 <b>', ['dia', 'ly'])).toBe('<mark>Địa</mark> <mark>lý</mark> 12 &#60;b&#62;');
    expect(highlightText('Tiếng Anh giao tiếp', ['tie'])).toBe('<mark>Tiếng</mark> Anh giao <mark>tiếp</mark>');
    expect(highlightText('Tiếng Anh', ['ng'])).toBe('Tiếng Anh');
  });

  it('cuts a snippet around the first match on word boundaries', () => {
    const text = `${'Mở đầu rất dài '.repeat(20)}phần Địa lý ở giữa ${'và phần kết '.repeat(20)}`;
    const snippet = buildSnippet(text, ['dia'], 80);
    expect(snippet.startsWith('… ')).toBe(true);
    expect(snippet).toContain('<mark>Địa</mark>');
    expect(snippet.endsWith(' …')).toBe(true);
  });

  it('finds the first match of a long text, near its start, at the end of its lead or deep inside', () => {
    const filler = (length: number) => 'ôn tập '.repeat(Math.ceil(length / 7)).slice(0, length);
    for (const at of [10, 1_700, 1_990, 5_000]) {
      const text = `${filler(at)} Đà Nẵng ${filler(6_000)} Đà Nẵng cuối.`;
      const snippet = buildSnippet(text, ['da', 'nang']);
      expect(snippet, String(at)).toContain('<mark>Đà</mark> <mark>Nẵng</mark>');
      expect(snippet.match(/<mark>/g), String(at)).toHaveLength(2);
    }
  });

  it('turns rich content into plain text', () => {
    expect(toPlainText('<p>Xin&nbsp;chào <b>bạn</b></p><script>x()</script>')).toBe('Xin chào bạn');
  });
});
