/** Session JWTs (HS256, exp in seconds, a jti recorded in the sessions table) and one-time secrets. */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  sub: string;
  jti: string;
  exp: number;
}

export function createTokenKit(secret: string) {
  const key = new TextEncoder().encode(secret);

  return {
    async signSession(claims: SessionClaims): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setJti(claims.jti)
        .setIssuedAt()
        .setExpirationTime(claims.exp)
        .sign(key);
    },

    /** The claims of a valid, unexpired token; null for anything else. */
    async verifySession(token: string): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number')
          return null;
        return { sub: payload.sub, jti: payload.jti, exp: payload.exp };
      } catch {
        return null;
      }
    },

    /** A keyed hash for OTPs and verify tokens: bound to purpose and target, never stored in clear. */
    digest(...parts: string[]): string {
      return createHmac('sha256', key).update(parts.join('\u0000')).digest('hex');
    },

    digestsEqual(a: string, b: string): boolean {
      const left = Buffer.from(a, 'hex');
      const right = Buffer.from(b, 'hex');
      return left.length === right.length && timingSafeEqual(left, right);
    },
  };
}

export type TokenKit = ReturnType<typeof createTokenKit>;

/** 6 digits from a CSPRNG. */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function generateSessionId(): string {
  return randomBytes(18).toString('base64url');
}
