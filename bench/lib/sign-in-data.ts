/**
 * bench/auth's side of the product server (the child): learners with the demo password (one hash
 * for all, made with the product's parameters), who then sign in from their own phones — a device
 * cookie each and an address each — as learners do. Their phones `8496…` are listed by
 * `signInPhone`, shared with the parent.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, NewUser } from '../../db/schema.ts';
import { hashPassword } from '../../modules/accounts/password.ts';
import { DEMO_PASSWORD } from '../../tests/factories/accounts.ts';

export interface SignInOptions {
  learners: number;
}

export const signInPhone = (index: number) => `8496${String(index + 1).padStart(7, '0')}`;

export async function addSignInLearners(db: Kysely<Database>, options: SignInOptions): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = nowIso();
  const users: NewUser[] = Array.from({ length: options.learners }, (_, index) => ({
    phone: signInPhone(index),
    email: null,
    password_hash: passwordHash,
    full_name: `Học viên đăng nhập ${index + 1}`,
    status: 'active',
    role: 'learner',
    phone_verified_at: created,
    policy_accepted_at: created,
    created_at: created,
    updated_at: created,
  }));
  await db.insertInto('users').values(users).execute();
}
