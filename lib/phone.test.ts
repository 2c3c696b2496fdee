import { describe, expect, it } from 'vitest';
import { formatPhone, maskEmail, maskPhone, normalizeEmail, normalizePhone, parseUsername } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['0912345678', '84912345678'],
    ['+84912345678', '84912345678'],
    ['84912345678', '84912345678'],
    ['091 234 5678', '84912345678'],
    ['091.234.5678', '84912345678'],
    ['(+84) 912-345-678', '84912345678'],
    ['0362345678', '84362345678'],
    ['0862345678', '84862345678'],
    ['0702345678', '84702345678'],
    ['0592345678', '84592345678'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    '091234567',
    '09123456789',
    '1912345678',
    '0212345678',
    '+85512345678',
    '8491234567a',
    'abc',
    '0012345678',
    '840912345678',
  ])('rejects %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('rejects non-strings', () => {
    expect(normalizePhone(null)).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
  });
});

describe('display and masks', () => {
  it('formats and masks phone numbers', () => {
    expect(formatPhone('84912345678')).toBe('0912345678');
    expect(maskPhone('84912345678')).toBe('091****678');
  });
  it('masks e-mails', () => {
    expect(maskEmail('hocvien@khaitri.vn')).toBe('ho*****@khaitri.vn');
    expect(maskEmail('a@b.vn')).toBe('a***@b.vn');
  });
});

describe('normalizeEmail and parseUsername', () => {
  it('lowercases and trims e-mails', () => {
    expect(normalizeEmail('  HocVien@KhaiTri.VN ')).toBe('hocvien@khaitri.vn');
  });
  it.each(['hocvien', 'a@b', '@khaitri.vn', 'a b@khaitri.vn', `${'a'.repeat(65)}@x.vn`])('rejects %j', (input) => {
    expect(normalizeEmail(input)).toBeNull();
  });
  it('tells phones from e-mails', () => {
    expect(parseUsername('0912345678')).toEqual({ phone: '84912345678' });
    expect(parseUsername('hocvien@khaitri.vn')).toEqual({ email: 'hocvien@khaitri.vn' });
    expect(parseUsername('nguyen van a')).toBeNull();
  });
});
