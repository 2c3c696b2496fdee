/**
 * Erasing an account's personal fields at the end of a deletion request (decision 0024). The row is
 * kept, pseudonymised, because orders, invoices and payments the law requires to keep point to its
 * id; everything that identifies the person goes: name, phone, e-mail, password, avatar, birthday,
 * gender and address (the e-mail becomes a pseudonym under `.invalid`). The account is locked (no sign-in can reach it again), every session ends and
 * its pending codes and links are dropped.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './accounts.repository.ts';

/** The name a pseudonymised account shows wherever it is still listed (orders in the studio). */
export const ERASED_NAME = 'Người dùng đã xóa';

/** The e-mail a pseudonymised account keeps (RFC 2606: `.invalid` is never delivered). */
export const erasedEmail = (userId: number) => `da-xoa-${userId}@an-danh.invalid`;

export interface ErasureResult {
  erased: boolean;
  sessionsRevoked: number;
}

export function createAccountErasure(db: Kysely<Database>) {
  return {
    /** Pseudonymises the account (idempotent: a second run finds nothing left to erase). */
    async erasePersonalData(userId: number): Promise<ErasureResult> {
      const user = await repo.findUserById(db, userId);
      if (!user) return { erased: false, sessionsRevoked: 0 };
      const now = nowIso();
      const targets = [user.phone, user.email].filter((value): value is string => Boolean(value));
      const sessionsRevoked = await db.transaction().execute(async (trx) => {
        await repo.updateUser(trx, userId, {
          full_name: `${ERASED_NAME} #${userId}`,
          phone: null,
          // The table needs a phone or an e-mail: a pseudonym under the reserved .invalid domain,
          // which identifies nobody and can never receive mail.
          email: erasedEmail(userId),
          password_hash: null,
          avatar_url: null,
          birthday: null,
          gender: null,
          province_code: null,
          ward_code: null,
          address_detail: null,
          phone_verified_at: null,
          email_verified_at: null,
          status: 'locked',
          updated_at: now,
        });
        if (targets.length > 0) await trx.deleteFrom('otp_codes').where('target', 'in', targets).execute();
        await trx.deleteFrom('verify_tokens').where('user_id', '=', userId).execute();
        return repo.revokeSessionsOfUser(trx, userId, now);
      });
      return { erased: true, sessionsRevoked };
    },
  };
}

export type AccountErasure = ReturnType<typeof createAccountErasure>;
