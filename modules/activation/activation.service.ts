/**
 * Redeeming activation codes (order/active.json, /tai-khoan/kich-hoat-khoa-hoc, /active): the code
 * is checked (format, window, uses left, this learner's earlier use, a course already owned), one
 * use is taken and the enrolment granted in one transaction, and the learner is notified. Wrong
 * codes are limited per learner and per address; successful ones don't count.
 */
import type { Kysely } from 'kysely';
import { isUniqueViolation, nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format/date.ts';
import type { Throttle } from '../cache/throttle.ts';
import type { EnrolmentsService } from '../enrolments/index.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { formatActivationCode, isWellFormedActivationCode, normaliseActivationCode } from './activation-code.ts';
import * as repo from './activation.repository.ts';

/**
 * Wrong codes per learner, and per address — sized for carrier-grade NAT, where thousands of
 * learners share one address (decision 0008): it bounds guessing from accounts made in bulk without
 * letting one learner's mistakes (or one attacker) stop everybody behind the address.
 */
export const WRONG_CODES_LIMIT = 5;
export const WRONG_CODES_PER_ADDRESS_LIMIT = 300;
export const WRONG_CODES_WINDOW_MS = 15 * 60_000;

export const ACTIVATION_MESSAGES = {
  empty: 'Vui lòng nhập mã kích hoạt.',
  malformed: 'Mã kích hoạt gồm 12 ký tự chữ và số (không có 0, O, 1, I, L). Vui lòng kiểm tra lại.',
  notFound: 'Mã kích hoạt không tồn tại.',
  inactive: 'Mã kích hoạt đã ngừng sử dụng.',
  notYet: (from: string) => `Mã kích hoạt chưa đến thời gian sử dụng (từ ngày ${from}).`,
  expired: 'Mã kích hoạt đã hết hạn sử dụng.',
  usedUp: 'Mã kích hoạt đã được sử dụng hết.',
  redeemed: 'Bạn đã sử dụng mã kích hoạt này rồi.',
  owned: 'Bạn đã sở hữu khóa học này, không cần kích hoạt thêm.',
  unavailable: 'Khóa học của mã kích hoạt này hiện không còn mở.',
  tooMany: (minutes: number) => `Bạn đã nhập sai mã kích hoạt quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
} as const;

export interface Redemption {
  code: string;
  course: { id: number; slug: string; title: string; type: string };
  /** Every course granted: the code's course, and a combo's child courses. */
  course_ids: number[];
  starts_at: string;
  /** null = unlimited. */
  ends_at: string | null;
  study_url: string;
}

export type ActivationService = ReturnType<typeof createActivationService>;

interface Gate {
  key: string;
  limit: number;
}

export function createActivationService(deps: {
  db: Kysely<Database>;
  enrolments: EnrolmentsService;
  notifications: NotificationsService;
  throttle: Throttle;
}) {
  const { db, enrolments, notifications, throttle } = deps;
  /** Failures that say the code itself is wrong: these count toward the limit. */
  const wrongCodes = new WeakSet<AppError>();
  /** Attempts still being checked, so a burst of parallel guesses cannot slip past the limit. */
  const inFlight = new Map<string, number>();

  const refuse = (message: string, code: 'BUSINESS_RULE' | 'VALIDATION_FAILED' = 'BUSINESS_RULE') =>
    new AppError(code, message, { code: message });
  const wrong = (message: string, code?: 'VALIDATION_FAILED') => {
    const error = refuse(message, code);
    wrongCodes.add(error);
    return error;
  };

  /**
   * Admits one attempt for these keys (learner, address), or refuses it with a 429. The attempt is
   * counted in flight before the first await, so simultaneous guesses see each other.
   */
  async function admit(keys: Gate[]): Promise<() => void> {
    const pending = keys.map(({ key }) => inFlight.get(key) ?? 0);
    for (const { key } of keys) inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    const release = () => {
      for (const { key } of keys) {
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
      }
    };
    try {
      for (const [index, { key, limit }] of keys.entries()) {
        const others = pending[index]!;
        const gate = await throttle.peek(key, limit - others);
        if (others >= limit || !gate.allowed) {
          const minutes = Math.max(1, Math.ceil(gate.retryAfterSeconds / 60));
          throw new AppError('RATE_LIMITED', ACTIVATION_MESSAGES.tooMany(minutes));
        }
      }
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  async function check(userId: number, code: string): Promise<repo.FoundCode> {
    if (!isWellFormedActivationCode(code)) throw wrong(ACTIVATION_MESSAGES.malformed, 'VALIDATION_FAILED');
    const found = await repo.findCode(db, code);
    if (!found) throw wrong(ACTIVATION_MESSAGES.notFound);
    if (found.is_active !== 1) throw wrong(ACTIVATION_MESSAGES.inactive);
    const now = Date.now();
    const startsAt = readDate(found.starts_at);
    if (startsAt.getTime() > now) throw wrong(ACTIVATION_MESSAGES.notYet(formatDate(startsAt)));
    if (found.ends_at !== null && readDate(found.ends_at).getTime() <= now) throw wrong(ACTIVATION_MESSAGES.expired);
    if (await repo.hasRedeemed(db, found.id, userId)) throw refuse(ACTIVATION_MESSAGES.redeemed);
    if (found.used >= found.max_uses) throw wrong(ACTIVATION_MESSAGES.usedUp);
    if (found.course_published !== 1) throw refuse(ACTIVATION_MESSAGES.unavailable);
    if (await enrolments.owns(userId, found.course_id)) {
      // A double tap: the other request's redemption may have landed since the first look; say what
      // a moment later would say.
      const redeemedMeanwhile = await repo.hasRedeemed(db, found.id, userId);
      throw refuse(redeemedMeanwhile ? ACTIVATION_MESSAGES.redeemed : ACTIVATION_MESSAGES.owned);
    }
    return found;
  }

  /** Takes the use, records the redemption and grants the enrolments, all or nothing. */
  async function grant(userId: number, found: repo.FoundCode): Promise<number[]> {
    const write = await enrolments.prepareGrant(
      userId,
      'activation',
      [
        {
          courseId: found.course_id,
          courseType: found.course_type,
          cycle: found.pod_cycle,
          accessDays: found.access_days,
        },
      ],
      { activationCodeId: found.id },
    );
    try {
      return await db.transaction().execute(async (trx) => {
        if (!(await repo.takeUse(trx, found.id))) throw wrong(ACTIVATION_MESSAGES.usedUp);
        await repo.insertRedemption(trx, found.id, userId, nowIso());
        return write(trx);
      });
    } catch (error) {
      // The same learner redeeming the same multi-use code twice at once: the second insert loses.
      if (isUniqueViolation(error)) throw refuse(ACTIVATION_MESSAGES.redeemed);
      throw error;
    }
  }

  async function redeemChecked(userId: number, code: string): Promise<Redemption> {
    const found = await check(userId, code);
    const courseIds = await grant(userId, found);
    const enrolment = (await enrolments.listForUser(userId)).find(
      (row) => row.activation_code_id === found.id && row.course_id === found.course_id,
    );
    const startsAt = readDate(enrolment?.starts_at ?? nowIso());
    const endsAt = readDate(enrolment?.ends_at ?? null);
    const studyUrl = `/vao-hoc/${found.course_slug}`;
    await notifications.notify(userId, {
      kind: 'activated',
      title: 'Kích hoạt khóa học thành công',
      body: `Bạn đã kích hoạt khóa học “${found.course_title}” bằng mã ${formatActivationCode(code)}. ${
        endsAt ? `Bạn được học đến hết ngày ${formatDate(endsAt)}.` : 'Bạn được học không giới hạn thời gian.'
      }`,
      link: studyUrl,
    });
    return {
      code,
      course: { id: found.course_id, slug: found.course_slug, title: found.course_title, type: found.course_type },
      course_ids: courseIds,
      starts_at: startsAt.toISOString(),
      ends_at: endsAt?.toISOString() ?? null,
      study_url: studyUrl,
    };
  }

  return {
    /** order/active.json: redeem `rawCode` for this learner, asking from `clientIp`. */
    async redeem(userId: number, rawCode: string, clientIp: string | null): Promise<Redemption> {
      const code = normaliseActivationCode(rawCode);
      if (code === '') throw refuse(ACTIVATION_MESSAGES.empty, 'VALIDATION_FAILED');
      const keys: Gate[] = [
        { key: `activation:user:${userId}`, limit: WRONG_CODES_LIMIT },
        ...(clientIp ? [{ key: `activation:ip:${clientIp}`, limit: WRONG_CODES_PER_ADDRESS_LIMIT }] : []),
      ];
      const release = await admit(keys);
      try {
        return await redeemChecked(userId, code);
      } catch (error) {
        if (isAppError(error) && wrongCodes.has(error)) {
          for (const { key, limit } of keys) await throttle.hit(key, limit, WRONG_CODES_WINDOW_MS);
        }
        throw error;
      } finally {
        release();
      }
    },
  };
}
