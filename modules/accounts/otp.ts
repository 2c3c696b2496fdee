/**
 * One-time codes (ARCHITECTURE.md §6): 6 digits, stored hashed and bound to purpose and target,
 * valid 5 minutes, 5 tries, 60 s before a resend.
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, OtpPurpose } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './accounts.repository.ts';
import { generateOtp, type TokenKit } from './tokens.ts';

export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;

export interface OtpDeps {
  db: Kysely<Database>;
  tokens: TokenKit;
  ttlSeconds: number;
  now?: () => number;
}

export function createOtpKit({ db, tokens, ttlSeconds, now = Date.now }: OtpDeps) {
  return {
    /** Creates a new code (refusing a resend within 60 s) and returns it for sending. */
    async issue(purpose: OtpPurpose, target: string): Promise<string> {
      const latest = await repo.findLatestOtp(db, purpose, target);
      if (latest && !latest.consumed_at) {
        const age = (now() - readDate(latest.created_at).getTime()) / 1000;
        if (age < OTP_RESEND_SECONDS) {
          throw new AppError(
            'RATE_LIMITED',
            `Vui lòng chờ ${Math.ceil(OTP_RESEND_SECONDS - age)} giây trước khi gửi lại mã.`,
          );
        }
      }
      const code = generateOtp();
      const created = new Date(now());
      await repo.insertOtp(db, {
        purpose,
        target,
        code_hash: tokens.digest('otp', purpose, target, code),
        created_at: created.toISOString(),
        expires_at: new Date(created.getTime() + ttlSeconds * 1000).toISOString(),
      });
      return code;
    },

    /** Uses the latest code for purpose and target; throws a Vietnamese message when it can't. */
    async consume(purpose: OtpPurpose, target: string, code: string): Promise<void> {
      const latest = await repo.findLatestOtp(db, purpose, target);
      if (!latest || latest.consumed_at) {
        throw new AppError('BUSINESS_RULE', 'Mã OTP không đúng hoặc đã được sử dụng. Vui lòng yêu cầu mã mới.', {
          otp: 'Mã OTP không hợp lệ.',
        });
      }
      if (readDate(latest.expires_at).getTime() <= now()) {
        throw new AppError('BUSINESS_RULE', 'Mã OTP đã hết hạn. Vui lòng yêu cầu mã mới.', {
          otp: 'Mã OTP đã hết hạn.',
        });
      }
      if (!(await repo.claimOtpAttempt(db, latest.id, OTP_MAX_ATTEMPTS))) {
        throw new AppError('BUSINESS_RULE', `Bạn đã nhập sai quá ${OTP_MAX_ATTEMPTS} lần. Vui lòng yêu cầu mã mới.`, {
          otp: 'Đã hết lượt thử.',
        });
      }
      if (!tokens.digestsEqual(latest.code_hash, tokens.digest('otp', purpose, target, code))) {
        const left = OTP_MAX_ATTEMPTS - latest.attempts - 1;
        throw new AppError(
          'BUSINESS_RULE',
          left > 0
            ? `Mã OTP không đúng. Bạn còn ${left} lần thử.`
            : `Bạn đã nhập sai quá ${OTP_MAX_ATTEMPTS} lần. Vui lòng yêu cầu mã mới.`,
          { otp: 'Mã OTP không đúng.' },
        );
      }
      if (!(await repo.consumeOtp(db, latest.id, nowIso()))) {
        throw new AppError('BUSINESS_RULE', 'Mã OTP đã được sử dụng. Vui lòng yêu cầu mã mới.', {
          otp: 'Mã OTP đã được sử dụng.',
        });
      }
    },
  };
}

export type OtpKit = ReturnType<typeof createOtpKit>;
