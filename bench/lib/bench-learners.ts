/**
 * Learners a benchmark adds to the product's database (the child server): active, verified, with
 * the demo password — hashed once for all of them, since what a sign-in costs is bench -- auth's
 * measure, not the setup's.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, NewUser } from '../../db/schema.ts';
import { hashPassword } from '../../modules/accounts/password.ts';
import { DEMO_PASSWORD } from '../../tests/factories/accounts.ts';

export async function insertLearners(
  db: Kysely<Database>,
  count: number,
  who: { phone: (index: number) => string; name: (index: number) => string },
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = nowIso();
  const users: NewUser[] = Array.from({ length: count }, (_, index) => ({
    phone: who.phone(index),
    email: null,
    password_hash: passwordHash,
    full_name: who.name(index),
    status: 'active',
    role: 'learner',
    phone_verified_at: created,
    policy_accepted_at: created,
    created_at: created,
    updated_at: created,
  }));
  for (let index = 0; index < users.length; index += 200)
    await db
      .insertInto('users')
      .values(users.slice(index, index + 200))
      .execute();
}
