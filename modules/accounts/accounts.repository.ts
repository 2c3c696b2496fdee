import type { CompiledQuery } from 'kysely';
import { prepareByName } from '../../db/connect.ts';
import type { NewUser, OtpPurpose, UserUpdate } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Names and contacts of users by id, for the studio's lists of who did what in another module. */
export function findContacts(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'phone', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Names and roles of users by id (the catalog's teacher profiles link an account with the teacher role). */
export function findRoles(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'role'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Accounts with the teacher role, by name (at most 500), for linking a teacher profile. */
export function listTeacherAccounts(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'phone', 'email'])
    .where('role', '=', 'teacher')
    .orderBy('full_name')
    .limit(500)
    .execute();
}

/** Staff who can be assigned work (editors and admins, active), by name. */
export function listStaff(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'role'])
    .where('role', 'in', ['editor', 'admin'])
    .where('status', '=', 'active')
    .orderBy('full_name')
    .execute();
}

/** Active admins other than `exceptId` (the last one may not be demoted). */
export async function countOtherActiveAdmins(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findUserByPhone(db: Db, phone: string) {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Db, id: number, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export async function insertSession(
  db: Db,
  session: {
    id: string;
    user_id: number;
    method: string;
    user_agent: string | null;
    ip: string | null;
    created_at: string;
    expires_at: string;
  },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/**
 * The lookup every signed-in request runs: a session with the few fields of its user it needs, in one
 * query, built and compiled once per database (only the session id changes).
 */
export function sessionWithUserLookup(db: Db) {
  const compiled = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.full_name',
      'users.role',
      'users.status',
    ])
    .where('sessions.id', '=', '')
    .compile();
  prepareByName(compiled.sql);
  type Row = typeof compiled extends CompiledQuery<infer R> ? R : never;
  return async (id: string) => (await db.executeQuery<Row>({ ...compiled, parameters: [id] })).rows[0];
}

export function listSessions(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function revokeSession(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of the user except `keepId` (when given); returns how many. */
export async function revokeSessionsOfUser(db: Db, userId: number, now: string, keepId?: string): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepId) query = query.where('id', '!=', keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findLatestOtp(db: Db, purpose: OtpPurpose, target: string) {
  return db
    .selectFrom('otp_codes')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertOtp(
  db: Db,
  otp: { purpose: OtpPurpose; target: string; code_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.insertInto('otp_codes').values(otp).execute();
}

/**
 * Takes one of the code's tries in one statement (concurrent guesses cannot share a try): false
 * when none is left.
 */
export async function claimOtpAttempt(db: Db, id: number, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the code used; false when another request used it first. */
export async function consumeOtp(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertVerifyToken(
  db: Db,
  token: {
    token_hash: string;
    purpose: 'reset' | 'change_email';
    user_id: number;
    payload: string | null;
    expires_at: string;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('verify_tokens').values(token).execute();
}

export function findVerifyToken(db: Db, tokenHash: string) {
  return db.selectFrom('verify_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function consumeVerifyToken(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('verify_tokens')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
