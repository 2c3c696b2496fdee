/**
 * Consents per purpose (decision 0024): every change is a new row with the policy version and the
 * time, so the history is the evidence; withdrawing is the same one tap as giving. The service
 * itself needs no consent (the contract). A learner under 16 (by the profile's birthday) needs a
 * parent's consent, confirmed by a one-time code to the parent's phone, before any purpose beyond the
 * service is turned on; the parent's withdrawal turns every such purpose off.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { maskPhone, normalizePhone } from '../../lib/phone.ts';
import * as repo from './privacy.repository.ts';
import {
  ageOn,
  CHILD_AGE_LIMIT,
  CONSENT_LABELS,
  CONSENT_PURPOSES,
  OPTIONAL_PURPOSES,
  type OptionalPurpose,
} from './public.ts';
import type { ConsentPurpose } from './privacy.table.ts';

export interface ConsentsDeps {
  db: Kysely<Database>;
  policyVersion: string;
  /** The learner's birthday from the accounts' profile (YYYY-MM-DD or null). */
  birthdayOf(userId: number): Promise<string | null>;
  /** One-time codes to a parent's phone (the accounts' code sender: SMS or Zalo through the outbox). */
  parentCodes: {
    send(phone: string): Promise<{ sent_to: string; resend_after: number }>;
    check(phone: string, code: string): Promise<void>;
  };
  now: () => Date;
}

const iso = (value: Date | string | null) => (value === null ? null : readDate(value).toISOString());

export const NEEDS_PARENT =
  'Bạn dưới 16 tuổi: cha mẹ hoặc người giám hộ cần xác nhận bằng mã OTP gửi tới số điện thoại của họ trước khi bật mục này.';

export function createConsents(deps: ConsentsDeps) {
  const { db } = deps;

  async function childStatus(userId: number) {
    const age = ageOn(await deps.birthdayOf(userId), deps.now());
    const child = age !== null && age < CHILD_AGE_LIMIT;
    const parent = child ? await repo.latestParentalConsent(db, userId) : undefined;
    const active = parent && !parent.withdrawn_at ? parent : undefined;
    return {
      age,
      child,
      parentConfirmed: Boolean(active?.confirmed_at),
      view: {
        age,
        needs_parent: child,
        parent: active ? { phone: maskPhone(active.parent_phone), confirmed_at: iso(active.confirmed_at) } : null,
      },
    };
  }

  async function current(userId: number) {
    const latest = await repo.latestConsents(db, userId);
    return CONSENT_PURPOSES.map((purpose) => {
      const row = latest.get(purpose);
      return {
        purpose,
        ...CONSENT_LABELS[purpose],
        required: purpose === 'service',
        granted: purpose === 'service' ? true : Number(row?.granted ?? 0) === 1,
        policy_version: row?.policy_version ?? null,
        updated_at: row ? iso(row.created_at) : null,
      };
    });
  }

  async function history(userId: number) {
    const rows = await repo.listConsents(db, userId, 50);
    return rows.map((row) => ({
      id: row.id,
      purpose: row.purpose,
      label: CONSENT_LABELS[row.purpose].label,
      granted: Number(row.granted) === 1,
      policy_version: row.policy_version,
      source: row.source,
      created_at: iso(row.created_at)!,
    }));
  }

  async function record(userId: number, purpose: ConsentPurpose, granted: boolean, source: 'learner' | 'parent') {
    await repo.insertConsent(db, {
      user_id: userId,
      purpose,
      granted: granted ? 1 : 0,
      policy_version: deps.policyVersion,
      source,
      created_at: deps.now().toISOString(),
    });
  }

  return {
    current,
    history,
    childStatus,

    /** Gives or withdraws one purpose; a change only (the same answer twice records nothing). */
    async set(userId: number, purpose: OptionalPurpose, granted: boolean) {
      if (!OPTIONAL_PURPOSES.includes(purpose)) throw new AppError('VALIDATION_FAILED', 'Mục đích không hợp lệ.');
      if (granted) {
        const status = await childStatus(userId);
        if (status.child && !status.parentConfirmed) throw new AppError('BUSINESS_RULE', NEEDS_PARENT);
      }
      const latest = (await repo.latestConsents(db, userId)).get(purpose);
      const now = Number(latest?.granted ?? 0) === 1;
      if (now !== granted || !latest) await record(userId, purpose, granted, 'learner');
      return current(userId);
    },

    /** Whether the learner's latest record of a purpose is a grant (the service: always). */
    async has(userId: number, purpose: ConsentPurpose): Promise<boolean> {
      if (purpose === 'service') return true;
      return (await repo.usersWithConsent(db, [userId], purpose)).has(userId);
    },

    /** Of these learners, those who gave the purpose (marketing broadcasts skip the others). */
    consenting: (userIds: number[], purpose: ConsentPurpose) => repo.usersWithConsent(db, userIds, purpose),

    /** Sends a code to the parent's phone; only for a learner under 16. */
    async requestParentCode(userId: number, phoneInput: string) {
      const phone = normalizePhone(phoneInput);
      if (!phone)
        throw new AppError('VALIDATION_FAILED', 'Số điện thoại của cha mẹ không hợp lệ.', {
          parent_phone: 'Nhập số điện thoại di động Việt Nam, ví dụ 0912345678.',
        });
      const status = await childStatus(userId);
      if (!status.child) throw new AppError('BUSINESS_RULE', 'Chỉ học viên dưới 16 tuổi cần cha mẹ xác nhận.');
      const sent = await deps.parentCodes.send(phone);
      const latest = await repo.latestParentalConsent(db, userId);
      if (!latest || latest.parent_phone !== phone || latest.confirmed_at || latest.withdrawn_at)
        await repo.insertParentalConsent(db, userId, phone, deps.now().toISOString());
      return sent;
    },

    /** The parent's code: the consent is confirmed and optional purposes may be turned on. */
    async confirmParent(userId: number, code: string) {
      const latest = await repo.latestParentalConsent(db, userId);
      if (!latest || latest.withdrawn_at || latest.confirmed_at)
        throw new AppError('BUSINESS_RULE', 'Vui lòng gửi mã tới số điện thoại của cha mẹ trước.');
      await deps.parentCodes.check(latest.parent_phone, code);
      await repo.confirmParentalConsent(db, latest.id, deps.now().toISOString());
      return (await childStatus(userId)).view;
    },

    /** The parent's consent withdrawn: every optional purpose that was on is turned off. */
    async withdrawParent(userId: number) {
      await repo.withdrawParentalConsents(db, userId, deps.now().toISOString());
      const latest = await repo.latestConsents(db, userId);
      for (const purpose of OPTIONAL_PURPOSES)
        if (Number(latest.get(purpose)?.granted ?? 0) === 1) await record(userId, purpose, false, 'parent');
      return (await childStatus(userId)).view;
    },
  };
}

export type Consents = ReturnType<typeof createConsents>;
