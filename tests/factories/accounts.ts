/** Factories for users and notifications, shared by the tests and the demo seed. */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, NewUser } from '../../db/schema.ts';
import * as repo from '../../modules/accounts/accounts.repository.ts';
import { hashPassword } from '../../modules/accounts/password.ts';

let sequence = 0;

export const DEMO_PASSWORD = 'KhaiTri@2026';

/** The next learner's row: a fresh phone number and name, active and verified, then the overrides. */
function nextUser(passwordHash: string, now: string, fields: Partial<NewUser>): NewUser {
  sequence += 1;
  return {
    phone: `8490${String(1_000_000 + sequence * 7919).slice(-7)}`,
    email: null,
    password_hash: passwordHash,
    full_name: `Học viên ${sequence}`,
    status: 'active',
    role: 'learner',
    phone_verified_at: now,
    policy_accepted_at: now,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

export async function createUser(db: Kysely<Database>, overrides: Partial<NewUser> & { password?: string } = {}) {
  const { password = DEMO_PASSWORD, ...fields } = overrides;
  const user = nextUser(await hashPassword(password), nowIso(), fields);
  const id = await repo.insertUser(db, user);
  return { ...user, id, password };
}

/** Many users at once (an audience of hundreds): the password is hashed once, the rows are inserted in one go. */
export async function createUsers(
  db: Kysely<Database>,
  count: number,
  overrides: Partial<NewUser> & { password?: string } = {},
) {
  const { password = DEMO_PASSWORD, ...fields } = overrides;
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  const users = Array.from({ length: count }, () => nextUser(passwordHash, now, fields));
  const rows = await db.insertInto('users').values(users).returning(['id', 'phone']).execute();
  const ids = new Map(rows.map((row) => [row.phone, row.id]));
  return users.map((user) => ({ ...user, id: ids.get(user.phone!)!, password }));
}

export async function createNotification(
  db: Kysely<Database>,
  userId: number,
  overrides: Partial<{
    kind: string;
    title: string;
    body: string;
    link: string | null;
    read_at: string | null;
    created_at: string;
  }> = {},
) {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: userId,
      kind: 'system',
      title: 'Thông báo',
      body: 'Nội dung thông báo',
      link: null,
      read_at: null,
      created_at: nowIso(),
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
