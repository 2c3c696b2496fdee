import type { SocialProvider } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

export function findSocialAccount(db: Db, provider: SocialProvider, providerUserId: string) {
  return db
    .selectFrom('social_accounts')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();
}

export function listSocialAccountsOfUser(db: Db, userId: number) {
  return db.selectFrom('social_accounts').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function insertSocialAccount(
  db: Db,
  row: {
    user_id: number;
    provider: SocialProvider;
    provider_user_id: string;
    email: string | null;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('social_accounts').values(row).execute();
}

/** Removes the user's account of that provider; false when there was none. */
export async function deleteSocialAccount(db: Db, userId: number, provider: SocialProvider): Promise<boolean> {
  const result = await db
    .deleteFrom('social_accounts')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes every linked account of the user; how many went. */
export async function deleteSocialAccountsOf(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('social_accounts').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
