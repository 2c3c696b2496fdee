/**
 * The studio's operations on users: a new role (never one's own, never the last active admin's)
 * and locking (sign-in refused, every session ended at once) or unlocking. Every change is audited
 * through the studio's log (passed in); the actor is the studio's, whose viewer is the staff member.
 */
import { nowIso } from '../../db/connect.ts';
import type { Kysely } from 'kysely';
import type { Database, Role, UserRow } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './accounts.repository.ts';

export const USER_NOT_FOUND = 'Không tìm thấy người dùng.';

/** The studio's actor as this module reads it: who the staff member is (a user may not act on themself). */
interface StaffActor {
  viewer: { id: number };
}

export interface AccountsAdminDeps<Actor extends StaffActor> {
  db: Kysely<Database>;
  /** The studio's audit log. */
  audit: AuditLog<Actor>;
}

export type AccountsAdmin<Actor extends StaffActor> = ReturnType<typeof createAccountsAdmin<Actor>>;

export function createAccountsAdmin<Actor extends StaffActor>({ db, audit }: AccountsAdminDeps<Actor>) {
  async function userOrFail(id: number) {
    const user = await repo.findUserById(db, id);
    if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    return user;
  }

  /** A new role; the admin cannot change their own, nor demote the last active admin. */
  async function setRole(actor: Actor, id: number, role: Role) {
    const user = await userOrFail(id);
    if (user.id === actor.viewer.id) throw new AppError('BUSINESS_RULE', 'Bạn không thể đổi vai trò của chính mình.');
    if (user.role === role) return { id: user.id, role, changed: false };
    if (user.role === 'admin' && (await repo.countOtherActiveAdmins(db, user.id)) === 0)
      throw new AppError('BUSINESS_RULE', 'Đây là quản trị viên cuối cùng: hãy chỉ định quản trị viên khác trước.');
    await repo.updateUser(db, id, { role, updated_at: new Date().toISOString() });
    await audit(actor, 'user.role', { type: 'user', id }, { role: { from: user.role, to: role } });
    return { id: user.id, role, changed: true };
  }

  /** Lock: sign-in is refused and every session ends now. Unlock: sign-in works again. */
  async function setLocked(actor: Actor, id: number, locked: boolean): Promise<{ user: UserRow; revoked: number }> {
    const user = await userOrFail(id);
    if (user.id === actor.viewer.id)
      throw new AppError('BUSINESS_RULE', 'Bạn không thể khóa tài khoản của chính mình.');
    if (user.status === 'pending')
      throw new AppError('BUSINESS_RULE', 'Tài khoản chưa kích hoạt nên không khóa hoặc mở khóa được.');
    const to = locked ? 'locked' : 'active';
    const now = nowIso();
    const revoked = await db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, id, { status: to, updated_at: now });
      return locked ? repo.revokeSessionsOfUser(trx, id, now) : 0;
    });
    const summary = { status: { from: user.status, to }, sessions_revoked: revoked };
    await audit(actor, locked ? 'user.lock' : 'user.unlock', { type: 'user', id }, summary);
    return { user: { ...user, status: to }, revoked };
  }

  return { setRole, setLocked };
}
