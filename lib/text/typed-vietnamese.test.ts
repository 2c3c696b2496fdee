import { describe, expect, it } from 'vitest';
import { foldVietnamese } from './fold.ts';
import { fromTypedVietnamese } from './typed-vietnamese.ts';

describe('fromTypedVietnamese', () => {
  it.each([
    // Telex: the tone key at the end, before the final, or after a later circumflex.
    ['tieengs', 'tiếng'],
    ['tieesng', 'tiếng'],
    ['tiesng', null],
    ['tiengse', 'tiếng'],
    ['tienges', 'tiếng'],
    ['vieetj', 'việt'],
    ['hocj', 'học'],
    ['nguwowif', 'người'],
    ['nguoiwf', 'người'],
    ['truwowngf', 'trường'],
    ['tuongw', 'tương'],
    ['muwa', 'mưa'],
    ['awn', 'ăn'],
    ['aan', 'ân'],
    ['toois', 'tối'],
    ['ddi', 'đi'],
    ['ddaij', 'đại'],
    ['hoaf', 'hòa'],
    ['khoer', 'khỏe'],
    ['thuyr', 'thủy'],
    ['quas', 'quá'],
    ['gif', 'gì'],
    ['gieengs', 'giếng'],
    ['giaacs', 'giấc'],
    ['duyy', null],
    ['toanf', 'toàn'],
    ['luaajt', 'luật'],
    ['w', 'ư'],
    ['nhw', 'như'],
    ['asz', 'a'],
    // VNI: digits after the letter or at the end, in any order.
    ['tie6ng1', 'tiếng'],
    ['tie1ng6', 'tiếng'],
    ['tieng61', 'tiếng'],
    ['vie6t5', 'việt'],
    ['nguoi72', 'người'],
    ['ngu7o7i2', 'người'],
    ['d9i', 'đi'],
    ['d9a5i', 'đại'],
    ['a8n', 'ăn'],
    ['to6i1', 'tối'],
    ['hoa2', 'hòa'],
    ['mua7', 'mưa'],
    ['ho5c', 'học'],
  ])('%s → %s', (typed, expected) => {
    expect(fromTypedVietnamese(typed)).toBe(expected);
  });

  it('answers NFC text whose folding is the plain word', () => {
    const converted = fromTypedVietnamese('tieengs')!;
    expect(converted).toBe(converted.normalize('NFC'));
    expect(foldVietnamese(converted)).toBe('tieng');
  });

  it.each([
    // No Telex or VNI key at all: nothing to convert.
    ['tieng'],
    ['anh'],
    ['hoc'],
    // Not a Vietnamese syllable once the keys are applied.
    ['class'],
    ['strong'],
    ['hello'],
    ['html5'],
    ['abc123'],
    // A stop final takes only sắc or nặng.
    ['hocf'],
    ['matr'],
    // đ needs a d; a mark key needs its vowel.
    ['t9a'],
    ['ti8'],
    // Not one lowercase word of [a-z0-9].
    [''],
    ['Tieengs'],
    ['tiếng'],
    ['tieengs anh'],
    ['aaaaaaaaaaaaaaaaa'],
  ])('%s → null', (typed) => {
    expect(fromTypedVietnamese(typed)).toBeNull();
  });

  it('converts words that are also English when the result is Vietnamese (the caller decides)', () => {
    expect(fromTypedVietnamese('cos')).toBe('có');
    expect(fromTypedVietnamese('bus')).toBe('bú');
    expect(fromTypedVietnamese('test')).toBe('tét');
  });
});
