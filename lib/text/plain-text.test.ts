import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from '../format/date';
import { cleanPlainText, splitLinks } from './plain-text';

describe('cleanPlainText', () => {
  it('keeps line breaks, drops control characters and NUL, trims and normalises to NFC', () => {
    expect(cleanPlainText('  a\u0000b\r\nc\td\u0007  ')).toBe('ab\nc\td');
    expect(cleanPlainText('Tie\u0302\u0301ng Vie\u0323\u0302t')).toBe('Tiếng Việt');
    expect(cleanPlainText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });
});

describe('splitLinks', () => {
  it('finds http(s) links and leaves the rest as text (no javascript: links)', () => {
    expect(splitLinks('Xem https://khaitri.vn/a?b=1. Hết')).toEqual([
      { text: 'Xem ' },
      { text: 'https://khaitri.vn/a?b=1', href: 'https://khaitri.vn/a?b=1' },
      { text: '. Hết' },
    ]);
    expect(splitLinks('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });
});

describe('formatTimeAgo', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('speaks Vietnamese', () => {
    expect(formatTimeAgo('2026-11-22T09:59:30Z', now)).toBe('vừa xong');
    expect(formatTimeAgo('2026-11-22T09:55:00Z', now)).toBe('5 phút trước');
    expect(formatTimeAgo('2026-11-22T07:00:00Z', now)).toBe('3 giờ trước');
    expect(formatTimeAgo('2026-11-20T10:00:00Z', now)).toBe('2 ngày trước');
    expect(formatTimeAgo('2026-09-01T10:00:00Z', now)).toBe('01/09/2026');
  });
});
