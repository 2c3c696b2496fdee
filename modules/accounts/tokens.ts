/** Session JWTs (HS256, exp in seconds, a jti recorded in the sessions table) and one-time secrets. */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export interface SessionClaims {
  sub: string;
  jti: string;
  exp: number;
}

/** Signed-in clients send the same token again and again: its verified claims are kept (bounded). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenKit(secret: string) {
  const key = new TextEncoder().encode(secret);
  // token → claims, for tokens whose signature and header checked out. Only the signature check is
  // spared: expiry is checked on every use, revocation by the caller against the sessions table.
  const verified = new Map<string, SessionClaims>();

  /** Header HS256 without `crit`, a constant-time signature match, well-typed claims, `nbf` passed. */
  const checkSignature = (token: string): SessionClaims | null => {
    const firstDot = token.indexOf('.');
    const secondDot = token.indexOf('.', firstDot + 1);
    if (firstDot <= 0 || secondDot <= firstDot + 1 || token.indexOf('.', secondDot + 1) !== -1) return null;
    const encodedSignature = token.slice(secondDot + 1);
    if (encodedSignature.length !== SIGNATURE_LENGTH || !BASE64URL.test(encodedSignature)) return null;
    const signature = Buffer.from(encodedSignature, 'base64url');
    const expected = createHmac('sha256', key).update(token.slice(0, secondDot)).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    const header = decodeSegment(token.slice(0, firstDot));
    if (!header || header.alg !== 'HS256' || header.crit !== undefined || header.b64 !== undefined) return null;
    const payload = decodeSegment(token.slice(firstDot + 1, secondDot));
    if (!payload) return null;
    const { sub, jti, exp, nbf } = payload;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > Math.floor(Date.now() / 1000))) return null;
    return { sub, jti, exp };
  };

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

    /**
     * The claims of a valid, unexpired token; null for anything else. Checked with node:crypto in the
     * request's own tick (every signed-in request pays it, so no WebCrypto promise), and once per
     * token: a signed-in client sends the same token on every request. Tokens are signed with jose
     * (`signSession`, HS256); this accepts exactly that form.
     */
    verifySession(token: string): SessionClaims | null {
      let claims = verified.get(token);
      if (!claims) {
        const checked = checkSignature(token);
        if (!checked) return null;
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, checked);
        claims = checked;
      }
      return claims.exp > Math.floor(Date.now() / 1000) ? claims : null;
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

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An HMAC-SHA256 in unpadded base64url. */
const SIGNATURE_LENGTH = 43;

/** A JWT segment's JSON object, or null when it is not strict base64url or not a JSON object. */
function decodeSegment(segment: string): Record<string, unknown> | null {
  if (!BASE64URL.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

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
