/** Passwords (ARCHITECTURE.md §6): argon2id m=19456 KiB, t=2, p=1; 8–64 characters; no common ones. */
import { hash, verify } from '@node-rs/argon2';

export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  '88888888',
  '66666666',
  '99999999',
  '12341234',
  '11223344',
  '123123123',
  'password',
  'password1',
  'passw0rd',
  'p@ssw0rd',
  'qwertyui',
  'qwerty123',
  'abc12345',
  'abcd1234',
  'a1234567',
  'iloveyou',
  'baseball',
  'football',
  'sunshine',
  'princess',
  'admin123',
  'welcome1',
  'matkhau123',
  'matkhau1',
  'matkhau',
  'anhyeuem',
  'emyeuanh',
  'khaitri123',
  'khaitri2026',
  'vietnam1',
  'vietnam123',
  'hanoi123',
  'saigon123',
  '1qaz2wsx',
  'zaq12wsx',
  'qwertyuiop',
  'asdfghjk',
  'zxcvbnm1',
  '12345678a',
  'a12345678',
  '123456aa',
  'aaaaaaaa',
  'abcdefgh',
  'letmein1',
  'trustno1',
  'superman',
  'dragon12',
]);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** A Vietnamese message when the password breaks the policy, else null. */
export function checkPasswordPolicy(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Mật khẩu cần ít nhất ${PASSWORD_MIN} ký tự.`;
  if (length > PASSWORD_MAX) return `Mật khẩu tối đa ${PASSWORD_MAX} ký tự.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'Mật khẩu này quá phổ biến, vui lòng chọn mật khẩu khác.';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so timing does not reveal accounts without a password.
    await hash(password, ARGON2_OPTIONS);
    return false;
  }
  try {
    return await verify(passwordHash, password.normalize('NFC'));
  } catch {
    return false;
  }
}
