/**
 * Signing in on someone else's word: the operator recognised the number, an OpenID provider
 * vouched for the e-mail, or a social account is linked. The identity module decides whom to trust;
 * these are the account operations it needs, plus sealed short-lived state for its redirects.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { normalizeEmail, normalizePhone } from '../../lib/phone.ts';
import * as repo from './accounts.repository.ts';
import type { RequestMeta } from './sessions.ts';
import type { TokenKit } from './tokens.ts';

// eslint-disable-next-line no-control-regex -- control characters are what this strips
const NOT_IN_NAMES = /[<>{}\\\u0000-\u001f]/g;

export interface ExternalSignInDeps<T> {
  db: Kysely<Database>;
  tokens: TokenKit;
  signIn: (user: UserRow, method: string, meta: RequestMeta) => Promise<T>;
}

export function createExternalSignIn<T>({ db, tokens, signIn }: ExternalSignInDeps<T>) {
  return {
    /** The id of the active account of this phone number, if any. */
    async findActiveUserIdByPhone(phone: string): Promise<number | null> {
      const stored = normalizePhone(phone);
      if (!stored) return null;
      const user = await repo.findUserByPhone(db, stored);
      return user && user.status === 'active' ? user.id : null;
    },

    /** Opens a session for an account the caller has already identified (method: recognition, sso, …). */
    async signInUserId(userId: number, method: string, meta: RequestMeta): Promise<T> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', 'Không tìm thấy tài khoản.');
      if (user.status === 'pending') throw new AppError('BUSINESS_RULE', 'Tài khoản chưa được xác thực.');
      return signIn(user, method, meta);
    },

    /**
     * The account of an e-mail a provider has verified: an active one as it is; a pending one
     * (signed up, never confirmed) is activated and its password dropped, because whoever chose
     * that password never proved they own the address; otherwise a new account without password.
     */
    async adoptVerifiedEmail(input: {
      email: string;
      fullName: string | null;
    }): Promise<{ userId: number; created: boolean }> {
      const email = normalizeEmail(input.email);
      if (!email) throw new AppError('BUSINESS_RULE', 'Tài khoản đăng nhập một lần không có email hợp lệ.');
      const now = nowIso();
      const existing = await repo.findUserByEmail(db, email);
      if (existing) {
        if (existing.status === 'pending') {
          await repo.updateUser(db, existing.id, {
            status: 'active',
            password_hash: null,
            email_verified_at: now,
            updated_at: now,
          });
        }
        return { userId: existing.id, created: false };
      }
      const cleanName = (input.fullName ?? '').normalize('NFC').replace(NOT_IN_NAMES, '').trim().slice(0, 120);
      const fullName = cleanName || email.split('@')[0]!.slice(0, 120);
      const userId = await repo.insertUser(db, {
        email,
        full_name: fullName,
        password_hash: null,
        status: 'active',
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      });
      return { userId, created: true };
    },

    /** Whether the account can sign in with a password (unlinking its last external account is refused otherwise). */
    async hasPassword(userId: number): Promise<boolean> {
      const user = await repo.findUserById(db, userId);
      return Boolean(user?.password_hash);
    },

    /** A tamper-proof value for a cookie: `payload.signature`, bound to a purpose, expiring. */
    seal(purpose: string, payload: Record<string, unknown>, ttlSeconds: number): string {
      const body = Buffer.from(
        JSON.stringify({ ...payload, exp: Math.floor(Date.now() / 1000) + ttlSeconds }),
      ).toString('base64url');
      return `${body}.${tokens.digest('sealed', purpose, body)}`;
    },

    /** The payload of a sealed value, or null when it was altered, is for another purpose or has expired. */
    unseal(purpose: string, sealed: string | null | undefined): Record<string, unknown> | null {
      if (!sealed) return null;
      const [body, signature, extra] = sealed.split('.');
      if (!body || !signature || extra !== undefined || !/^[0-9a-f]{64}$/.test(signature)) return null;
      if (!tokens.digestsEqual(tokens.digest('sealed', purpose, body), signature)) return null;
      try {
        const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
        if (typeof payload.exp !== 'number' || payload.exp <= Math.floor(Date.now() / 1000)) return null;
        return payload;
      } catch {
        return null;
      }
    },
  };
}

export type ExternalSignIn<T> = ReturnType<typeof createExternalSignIn<T>>;
