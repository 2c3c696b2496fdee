/**
 * bench/auth's side of the product server (the child): learners with the demo password, who then
 * sign in from their own phones — a device cookie each and an address each — as learners do. Their
 * phones `8496…` are named by `signInPhone`, shared with the parent.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertLearners } from './bench-learners.ts';

export interface SignInOptions {
  learners: number;
}

export const signInPhone = (index: number) => `8496${String(index + 1).padStart(7, '0')}`;

export function addSignInLearners(db: Kysely<Database>, options: SignInOptions): Promise<void> {
  return insertLearners(db, options.learners, {
    phone: signInPhone,
    name: (index) => `Học viên đăng nhập ${index + 1}`,
  });
}
