/** The identity module's table (issue 3: SSO and social accounts), composed into db/schema.ts. */
import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../kernel/db/columns.ts';

/** google | facebook: linked in the profile; sso: the OpenID Connect provider of login_sso.json. */
export type SocialProvider = 'google' | 'facebook' | 'zalo' | 'sso';

export interface SocialAccountsTable {
  id: Generated<number>;
  user_id: number;
  provider: SocialProvider;
  /** The provider's stable id of the person: `sub` (OpenID Connect) or the Facebook user id. */
  provider_user_id: string;
  email: string | null;
  created_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface IdentityTables {
  social_accounts: SocialAccountsTable;
}

export type SocialAccountRow = Selectable<SocialAccountsTable>;
