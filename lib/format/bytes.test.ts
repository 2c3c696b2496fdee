import { describe, expect, it } from 'vitest';
import { formatBytes, formatMegabytes } from './bytes.ts';

describe('sizes', () => {
  it('writes megabytes with a decimal comma', () => {
    expect(formatMegabytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
  it('uses KB below a megabyte and GB from a gigabyte', () => {
    expect(formatBytes(300)).toBe('1 KB');
    expect(formatBytes(30_720)).toBe('30 KB');
    expect(formatBytes(12.34 * 1024 * 1024)).toBe('12,3 MB');
    expect(formatBytes(2.5 * 1024 * 1024 * 1024)).toBe('2,5 GB');
  });
});
