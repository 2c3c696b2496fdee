import { describe, expect, it } from 'vitest';
import { decryptRecognition, encryptRecognition } from './recognition-cipher.ts';

const KEY = 'khaitri-demo-key';

describe('recognition cipher (AES-128-ECB, PKCS#7, base64)', () => {
  it('matches vectors computed once with the openssl CLI', () => {
    // printf '84912345678' | openssl enc -aes-128-ecb -K 6b6861697472692d64656d6f2d6b6579 -nosalt | base64
    expect(encryptRecognition(KEY, '84912345678')).toBe('hrCW/Aj5BFW0eAlpI9TN7A==');
    expect(encryptRecognition(KEY, 'http://localhost:3000/callback?path=/khoa-hoc')).toBe(
      'ijHffpZ8HNPiVwvBb56q6MNkD1d2SR4UIK0X4eWzP5iT1Rs9e9uz6JAYhlfVLv0u',
    );
    // An empty text is one whole block of padding.
    expect(encryptRecognition(KEY, '')).toBe('Fn83RNe5cmCxTFPqESVVew==');
    expect(decryptRecognition(KEY, 'hrCW/Aj5BFW0eAlpI9TN7A==')).toBe('84912345678');
  });

  it('round-trips any text, Vietnamese included', () => {
    for (const text of [
      '84987654321',
      'https://khaitri.vn/callback?path=%2Fkh%C3%B3a-h%E1%BB%8Dc',
      'Học tiếng Việt',
      'x'.repeat(16),
      'x'.repeat(1000),
    ]) {
      expect(decryptRecognition(KEY, encryptRecognition(KEY, text))).toBe(text);
    }
  });

  it('fails with the wrong key instead of returning garbage', () => {
    expect(decryptRecognition('another-key-16ch', 'hrCW/Aj5BFW0eAlpI9TN7A==')).toBeNull();
  });

  it('accepts the value as query strings mangle it: spaces for +, URL-safe alphabet, missing padding', () => {
    expect(decryptRecognition(KEY, 'hrCW/Aj5BFW0eAlpI9TN7A')).toBe('84912345678');
    const withPlus = encryptRecognition(KEY, '84987654321');
    expect(decryptRecognition(KEY, withPlus.replace(/\+/g, ' '))).toBe('84987654321');
    expect(decryptRecognition(KEY, withPlus.replace(/\+/g, '-').replace(/\//g, '_'))).toBe('84987654321');
  });

  it('rejects anything that is not a whole number of AES blocks in base64', () => {
    for (const garbage of ['', '   ', 'không-phải-base64', '!!!!', 'YWJj', 'hrCW/Aj5BFW0eAlp', '<script>']) {
      expect(decryptRecognition(KEY, garbage), garbage).toBeNull();
    }
  });

  it('refuses a key that is not 16 bytes', () => {
    expect(() => encryptRecognition('short', 'x')).toThrow(/16 bytes/);
    expect(() => encryptRecognition('khóa-mười-sáu-kt', 'x')).toThrow(/16 bytes/);
  });
});
