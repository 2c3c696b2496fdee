import { describe, expect, it } from 'vitest';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { fromTypedVietnamese } from '../../lib/text/typed-vietnamese.ts';
import { mistype, typedAs } from './typo-queries.ts';
import { buildQueries } from './vietnamese-corpus.ts';

describe('typo queries', () => {
  it('types words in Telex and VNI without conversion', () => {
    expect(typedAs('tiếng', 'telex')).toBe('tieengs');
    expect(typedAs('tiếng', 'vni')).toBe('tie6ng1');
    expect(typedAs('người', 'telex')).toBe('nguwowif');
    expect(typedAs('Đắk', 'telex')).toBe('ddawks');
    expect(typedAs('Đắk', 'vni')).toBe('d9a8k1');
  });

  it('mistypes a query each way', () => {
    expect(mistype('tiếng Anh giao tiếp', 'swap')).toBe('teing anh giao tiep');
    expect(mistype('tiếng Anh giao tiếp', 'together')).toBe('tienganh giao tiep');
    expect(mistype('tiếng Anh', 'telex')).toBe('tieengs anh');
    expect(mistype('tiếng Anh', 'vni')).toBe('tie6ng1 anh');
  });

  it('reads back every marked word of the benchmark queries typed in Telex and in VNI', () => {
    const words = new Set(
      buildQueries()
        .filter((query) => query.shape === 'marks')
        .flatMap((query) => query.q.toLowerCase().split(' '))
        .filter((word) => /^[\p{L}]+$/u.test(word) && foldVietnamese(word) !== word),
    );
    expect(words.size).toBeGreaterThan(60);
    for (const word of words) {
      for (const keyboard of ['telex', 'vni'] as const) {
        expect(fromTypedVietnamese(typedAs(word, keyboard)), `${word} ${keyboard}`).toBe(word.normalize('NFC'));
      }
    }
  });
});
