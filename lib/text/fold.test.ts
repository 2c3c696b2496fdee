import { describe, expect, it } from 'vitest';
import { foldVietnamese, stripVietnameseMarks } from './fold.ts';

describe('foldVietnamese', () => {
  it.each([
    ['Địa lý', 'dia ly'],
    ['Đà Nẵng', 'da nang'],
    ['Tiếng Việt', 'tieng viet'],
    ['Nguyễn Thị Ngọc Diễm', 'nguyen thi ngoc diem'],
    ['con dế', 'con de'],
    ['con dê', 'con de'],
    ['ĐẠI HỌC QUỐC GIA', 'dai hoc quoc gia'],
    ['Ôn thi THPT', 'on thi thpt'],
    ['Thừa Thiên Huế', 'thua thien hue'],
    ['Bà Rịa – Vũng Tàu', 'ba ria – vung tau'],
    ['Khai Trí', 'khai tri'],
  ])('%s → %s', (input, expected) => {
    expect(foldVietnamese(input)).toBe(expected);
  });

  it('strips both marks of letters that carry two (ậ ệ ữ ộ ẫ and capitals)', () => {
    expect(foldVietnamese('ậ ệ ữ ộ ẫ')).toBe('a e u o a');
    expect(foldVietnamese('Ậ Ệ Ữ Ộ Ẫ')).toBe('a e u o a');
    expect(foldVietnamese('ằ ắ ẳ ẵ ặ ầ ấ ẩ ẫ ậ ề ế ể ễ ệ ồ ố ổ ỗ ộ ờ ớ ở ỡ ợ ừ ứ ử ữ ự')).toBe(
      'a a a a a a a a a a e e e e e o o o o o o o o o o u u u u u',
    );
    expect(foldVietnamese('Mật ong, bệnh viện, những, cộng đồng, ngẫu nhiên')).toBe(
      'mat ong, benh vien, nhung, cong dong, ngau nhien',
    );
  });

  it('folds every Vietnamese vowel and đ/Đ', () => {
    expect(foldVietnamese('àáảãạ ăằắẳẵặ âầấẩẫậ èéẻẽẹ êềếểễệ ìíỉĩị')).toBe('aaaaa aaaaaa aaaaaa eeeee eeeeee iiiii');
    expect(foldVietnamese('òóỏõọ ôồốổỗộ ơờớởỡợ ùúủũụ ưừứửữự ỳýỷỹỵ')).toBe('ooooo oooooo oooooo uuuuu uuuuuu yyyyy');
    expect(foldVietnamese('đ Đ đĐ')).toBe('d d dd');
  });

  it('maps đ and Đ explicitly (they have no decomposition)', () => {
    expect('đ'.normalize('NFD')).toBe('đ');
    expect(foldVietnamese('\u0111')).toBe('d');
    expect(foldVietnamese('\u0110')).toBe('d');
  });

  it('maps the look-alike Ð/ð (U+00D0/U+00F0) too', () => {
    expect(foldVietnamese('\u00D0à N\u1EB5ng')).toBe('da nang');
    expect(foldVietnamese('\u00F0')).toBe('d');
  });

  it('gives the same result for decomposed (NFD) and composed (NFC) input', () => {
    for (const text of ['Địa lý', 'Đà Nẵng', 'Tiếng Việt', 'Nguyễn Thị Ngọc Diễm', 'ậ ệ ữ ộ ẫ']) {
      const nfd = text.normalize('NFD');
      expect(nfd).not.toBe(text);
      expect(foldVietnamese(nfd)).toBe(foldVietnamese(text));
    }
    // Decomposed with the marks in non-canonical order (dot below written last).
    expect(foldVietnamese('a\u0302\u0323')).toBe('a');
  });

  it('collapses and trims whitespace of every kind', () => {
    expect(foldVietnamese('  Tiếng \t\n Việt  ')).toBe('tieng viet');
    expect(foldVietnamese('Hà\u00A0Nội\u3000Việt\u200BNam')).toBe('ha noi viet nam');
    expect(foldVietnamese(' \u00A0 ')).toBe('');
  });

  it('keeps digits, punctuation and ASCII unchanged apart from case', () => {
    expect(foldVietnamese('Lớp 12 — Bài 3: Hàm số (phần 2)!')).toBe('lop 12 — bai 3: ham so (phan 2)!');
    expect(foldVietnamese('HELLO world 123')).toBe('hello world 123');
  });

  it('strips marks from other Latin letters and leaves other scripts in NFC', () => {
    expect(foldVietnamese('Crème Brûlée, Ångström, İstanbul')).toBe('creme brulee, angstrom, istanbul');
    expect(foldVietnamese('한국어 日本')).toBe('한국어 日本');
  });

  it('returns an empty string for null, undefined and empty input', () => {
    expect(foldVietnamese(null)).toBe('');
    expect(foldVietnamese(undefined)).toBe('');
    expect(foldVietnamese('')).toBe('');
  });

  it('is idempotent', () => {
    const once = foldVietnamese('  Đà Nẵng — Ngũ Hành Sơn ');
    expect(foldVietnamese(once)).toBe(once);
  });
});

describe('stripVietnameseMarks', () => {
  it.each([
    ['Đơn hàng đã thanh toán', 'Don hang da thanh toan'],
    ['TIẾNG VIỆT Ậ Ệ Ữ', 'TIENG VIET A E U'],
    ['Ðà Nẵng  (199.000đ)', 'Da Nang  (199.000d)'],
    // Decomposed input (NFD from some keyboards) gives the same.
    ['Tie\u0302\u0301ng Vie\u0323\u0302t', 'Tieng Viet'],
  ])('%s → %s', (input, expected) => {
    expect(stripVietnameseMarks(input)).toBe(expected);
  });
});
