import { describe, expect, it } from 'vitest';
import { isSessionValid, readTokenExpiry, SESSION_LIFETIME_SECONDS } from './session.ts';

function tokenWith(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const now = 1_800_000_000;

describe('readTokenExpiry', () => {
  it('reads exp in seconds', () => {
    expect(readTokenExpiry(tokenWith({ exp: now + 60 }))).toBe(now + 60);
  });
  it.each([undefined, null, 42, '', 'abc', 'a.b.c', tokenWith({ exp: 'soon' }), tokenWith({})])(
    'returns null for %j',
    (token) => {
      expect(readTokenExpiry(token)).toBeNull();
    },
  );
});

describe('isSessionValid (SPEC §4)', () => {
  const token = tokenWith({ exp: now + 10 });
  it('is valid with the matching site, more than one key and a future exp', () => {
    expect(isSessionValid({ site: 'khaitri', userInfo: { token, id: 1 } }, 'khaitri', now)).toBe(true);
  });
  it('is invalid when the site differs or is empty', () => {
    expect(isSessionValid({ site: 'other', userInfo: { token, id: 1 } }, 'khaitri', now)).toBe(false);
    expect(isSessionValid({ site: '', userInfo: { token, id: 1 } }, 'khaitri', now)).toBe(false);
  });
  it('is invalid when the user info has one key or none', () => {
    expect(isSessionValid({ site: 'khaitri', userInfo: { token } }, 'khaitri', now)).toBe(false);
    expect(isSessionValid({ site: 'khaitri', userInfo: {} }, 'khaitri', now)).toBe(false);
    expect(isSessionValid({ site: 'khaitri', userInfo: null }, 'khaitri', now)).toBe(false);
  });
  it('is invalid when exp is now or past (seconds compared)', () => {
    expect(
      isSessionValid({ site: 'khaitri', userInfo: { token: tokenWith({ exp: now }), id: 1 } }, 'khaitri', now),
    ).toBe(false);
    expect(
      isSessionValid({ site: 'khaitri', userInfo: { token: tokenWith({ exp: now - 1 }), id: 1 } }, 'khaitri', now),
    ).toBe(false);
  });
  it('lasts three days', () => {
    expect(SESSION_LIFETIME_SECONDS).toBe(259_200);
  });
});
