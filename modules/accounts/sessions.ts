/**
 * Sessions: a JWT (exp in seconds, 3 days) whose jti is a row in `sessions`, so logout, a password
 * change and "sign out other devices" revoke it at once.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, Role, UserRow } from '../../db/schema.ts';
import { SESSION_LIFETIME_SECONDS } from '../../lib/session.ts';
import * as repo from './accounts.repository.ts';
import { generateSessionId, type TokenKit } from './tokens.ts';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  /** The device cookie's id (modules/accounts/device-cookie.ts), when the client sent or got one. */
  deviceId?: string | null;
}

export interface SessionViewer {
  id: number;
  fullName: string;
  role: Role;
  sessionId: string;
}

/**
 * A token whose signature and expiry checked out, for a route that checks the session inside its own
 * statement (`liveSessionCondition`) instead of a lookup of its own. `confirm` runs the full check
 * (the sessions table, the user), as every other route does before its handler.
 */
export interface SessionClaim {
  userId: number;
  sessionId: string;
  confirm(): Promise<SessionViewer | null>;
}

export interface IssuedSession {
  token: string;
  expiresAt: number;
  sessionId: string;
}

export interface LoginHistoryItem {
  id: string;
  method: string;
  device: string;
  ip: string | null;
  created_at: string;
  active: boolean;
  current: boolean;
}

export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Không rõ thiết bị';
  const os = /Android/i.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iOS/i.test(userAgent)
      ? 'iOS'
      : /Windows/i.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(userAgent)
          ? 'macOS'
          : /Linux/i.test(userAgent)
            ? 'Linux'
            : 'Thiết bị khác';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /CocCoc|coc_coc/i.test(userAgent)
      ? 'Cốc Cốc'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Firefox\//.test(userAgent)
          ? 'Firefox'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : /KhaiTriApp/i.test(userAgent)
              ? 'Ứng dụng Khai Trí'
              : 'Trình duyệt khác';
  return `${browser} trên ${os}`;
}

/**
 * The same check as `resolve`, as a condition a module's statement embeds: the session exists, belongs
 * to `userId`, is neither revoked nor expired at `at`, and its user is active. A revocation (sign-out,
 * password change, "sign out other devices", a locked account) takes effect on the next statement.
 */
export function liveSessionCondition(
  sessionId: RawBuilder<unknown>,
  userId: RawBuilder<unknown>,
  at: RawBuilder<unknown>,
): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from sessions ks inner join users ku on ku.id = ks.user_id
    where ks.id = ${sessionId} and ks.user_id = ${userId} and ks.revoked_at is null
    and ks.expires_at > ${at} and ku.status = 'active')`;
}

export function createSessionKit(db: Kysely<Database>, tokens: TokenKit) {
  const findSessionWithUser = repo.sessionWithUserLookup(db);
  return {
    async open(user: UserRow, method: string, meta: RequestMeta): Promise<IssuedSession> {
      const sessionId = generateSessionId();
      const created = Date.now();
      const expiresAt = Math.floor(created / 1000) + SESSION_LIFETIME_SECONDS;
      await repo.insertSession(db, {
        id: sessionId,
        user_id: user.id,
        method,
        user_agent: meta.userAgent?.slice(0, 500) ?? null,
        ip: meta.ip?.slice(0, 64) ?? null,
        created_at: new Date(created).toISOString(),
        expires_at: new Date(expiresAt * 1000).toISOString(),
      });
      const token = await tokens.signSession({ sub: String(user.id), jti: sessionId, exp: expiresAt });
      return { token, expiresAt, sessionId };
    },

    /** The signed-in user behind a token, or null when it is invalid, expired, revoked or locked. */
    async resolve(token: string): Promise<SessionViewer | null> {
      const claims = tokens.verifySession(token);
      if (!claims) return null;
      const session = await findSessionWithUser(claims.jti);
      if (!session || session.revoked_at || String(session.user_id) !== claims.sub) return null;
      if (readDate(session.expires_at).getTime() <= Date.now()) return null;
      if (session.status !== 'active') return null;
      return { id: session.user_id, fullName: session.full_name, role: session.role, sessionId: session.id };
    },

    /** The user and session a token names when its signature and expiry check out (no database read). */
    claimOf(token: string): { userId: number; sessionId: string } | null {
      const claims = tokens.verifySession(token);
      const userId = claims ? Number(claims.sub) : NaN;
      return claims && Number.isSafeInteger(userId) ? { userId, sessionId: claims.jti } : null;
    },

    liveSessionCondition,

    close: (sessionId: string) => repo.revokeSession(db, sessionId, nowIso()),
    closeAll: (userId: number, keepSessionId?: string) =>
      repo.revokeSessionsOfUser(db, userId, nowIso(), keepSessionId),

    async history(userId: number, currentSessionId: string | null): Promise<LoginHistoryItem[]> {
      const rows = await repo.listSessions(db, userId, 20);
      const now = Date.now();
      return rows.map((row) => ({
        id: row.id,
        method: row.method,
        device: describeDevice(row.user_agent),
        ip: row.ip,
        created_at: readDate(row.created_at).toISOString(),
        active: !row.revoked_at && readDate(row.expires_at).getTime() > now,
        current: row.id === currentSessionId,
      }));
    },
  };
}

export type SessionKit = ReturnType<typeof createSessionKit>;
