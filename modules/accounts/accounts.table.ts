/**
 * The accounts module's tables: users and their sign-in state (sessions, one-time codes, e-mailed tokens), composed
 * into db/schema.ts.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../../kernel/db/columns.ts';

export type Role = 'learner' | 'teacher' | 'editor' | 'admin';
export type UserStatus = 'pending' | 'active' | 'locked';
export type OtpPurpose = 'register' | 'login' | 'reset' | 'change_email' | 'parent_consent';

export interface UsersTable {
  id: Generated<number>;
  phone: string | null;
  email: string | null;
  password_hash: string | null;
  full_name: string;
  avatar_url: string | null;
  birthday: string | null;
  gender: 'male' | 'female' | 'other' | null;
  province_code: string | null;
  ward_code: string | null;
  address_detail: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  phone_verified_at: Timestamp | null;
  email_verified_at: Timestamp | null;
  policy_accepted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  method: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface OtpCodesTable {
  id: Generated<number>;
  purpose: OtpPurpose;
  target: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface VerifyTokensTable {
  id: Generated<number>;
  token_hash: string;
  purpose: 'reset' | 'change_email';
  user_id: number;
  payload: string | null;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  verify_tokens: VerifyTokensTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
