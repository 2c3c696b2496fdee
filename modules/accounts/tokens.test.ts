import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createTokenKit } from './tokens.ts';

const SECRET = 's'.repeat(64);
const kit = createTokenKit(SECRET);
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with the right key but built by hand, for headers and claims jose never writes. */
function handMade(header: object, payload: object, secret = SECRET): string {
  const signingInput = `${encode(header)}.${encode(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

describe('session tokens', () => {
  it('accepts what it signs, again and again', async () => {
    const exp = inAnHour();
    const token = await kit.signSession({ sub: '7', jti: 'abc', exp });
    expect(kit.verifySession(token)).toEqual({ sub: '7', jti: 'abc', exp });
    expect(kit.verifySession(token)).toEqual({ sub: '7', jti: 'abc', exp });
  });

  it('refuses a changed payload, a changed signature and another key', async () => {
    const token = await kit.signSession({ sub: '7', jti: 'abc', exp: inAnHour() });
    const [header, , signature] = token.split('.');
    expect(kit.verifySession(`${header}.${encode({ sub: '1', jti: 'abc', exp: inAnHour() })}.${signature}`)).toBeNull();
    const flipped = signature!.slice(0, -2) + (signature!.at(-2) === 'A' ? 'B' : 'A') + signature!.at(-1);
    expect(kit.verifySession(token.slice(0, token.lastIndexOf('.') + 1) + flipped)).toBeNull();
    expect(kit.verifySession(`${token}x`)).toBeNull();
    expect(kit.verifySession(`${token}.`)).toBeNull();
    const other = await createTokenKit('o'.repeat(64)).signSession({ sub: '7', jti: 'abc', exp: inAnHour() });
    expect(kit.verifySession(other)).toBeNull();
  });

  it('refuses other algorithms, critical headers, missing or mistyped claims and a future nbf', () => {
    const claims = { sub: '7', jti: 'abc', exp: inAnHour() };
    expect(kit.verifySession(handMade({ alg: 'HS256', typ: 'JWT' }, claims))).toEqual(claims);
    expect(kit.verifySession(`${encode({ alg: 'none' })}.${encode(claims)}.`)).toBeNull();
    expect(kit.verifySession(handMade({ alg: 'HS512' }, claims))).toBeNull();
    expect(kit.verifySession(handMade({ alg: 'HS256', crit: ['exp'] }, claims))).toBeNull();
    expect(kit.verifySession(handMade({ alg: 'HS256' }, { ...claims, sub: 7 }))).toBeNull();
    expect(kit.verifySession(handMade({ alg: 'HS256' }, { sub: '7', exp: claims.exp }))).toBeNull();
    expect(kit.verifySession(handMade({ alg: 'HS256' }, { ...claims, exp: String(claims.exp) }))).toBeNull();
    expect(kit.verifySession(handMade({ alg: 'HS256' }, { ...claims, nbf: claims.exp }))).toBeNull();
    expect(kit.verifySession('not a token')).toBeNull();
  });

  it('refuses a token once it has expired, even after it was accepted', async () => {
    const now = Date.now();
    const token = await kit.signSession({ sub: '7', jti: 'soon', exp: Math.floor(now / 1000) + 2 });
    expect(kit.verifySession(token)).not.toBeNull();
    const later = now + 3000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(kit.verifySession(token)).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });
});
