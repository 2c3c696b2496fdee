/**
 * Password guessing limits (docs/decisions/0008): keyed on the account (the phone number or
 * e-mail typed, whether or not it has an account), the device cookie and the address — never on
 * the address alone, since thousands of learners share one carrier-NAT address.
 *
 * - a device the account has signed in on before (a known device) only answers for its own
 *   failures: what others try elsewhere never stops the owner on their own phone;
 * - any other device is stopped after too many failures on it, from its address, or on the
 *   account from anywhere within a day (guessing stays bounded however many devices and
 *   addresses an attacker uses).
 * A stopped sign-in is a challenge, not a lock: signing in with a one-time code still works, and
 * marks the device as known.
 */
import { AppError } from '../../lib/errors.ts';
import type { Throttle } from '../cache/throttle.ts';

export const PASSWORD_LIMITS = {
  /** Attempts on one device for one account (a success forgets them). */
  device: { hits: 5, windowMs: 15 * 60_000 },
  /** Attempts from one address for one account, on devices it has never signed in on. */
  address: { hits: 10, windowMs: 15 * 60_000 },
  /** Attempts on one account from everywhere, on devices it has never signed in on. */
  account: { hits: 30, windowMs: 24 * 3_600_000 },
  /**
   * Checks of the current password when a signed-in account changes it, per account (a session
   * left open on a shared phone must not become a guessing oracle; an address would be shared).
   */
  currentPassword: { hits: 5, windowMs: 15 * 60_000 },
} as const;
const KNOWN_DEVICE_MS = 180 * 24 * 3_600_000;

export interface GuardMeta {
  ip: string | null;
  deviceId?: string | null;
}

export const PASSWORD_CHALLENGE_MESSAGE =
  'Để bảo vệ tài khoản, đăng nhập bằng mật khẩu tạm dừng sau nhiều lần nhập sai. Vui lòng đăng nhập bằng mã OTP gửi tới số điện thoại hoặc email của bạn.';

export const CURRENT_PASSWORD_PAUSED_MESSAGE =
  'Bạn đã nhập sai mật khẩu hiện tại nhiều lần. Vui lòng thử lại sau 15 phút, hoặc đặt lại mật khẩu bằng "Quên mật khẩu".';

export function createSignInGuard(throttle: Throttle) {
  const keys = (account: string, meta: GuardMeta) => ({
    device: meta.deviceId ? `pw:dev:${account}:${meta.deviceId}` : null,
    address: `pw:ip:${account}:${meta.ip ?? '-'}`,
    account: `pw:acct:${account}`,
    known: meta.deviceId ? `pw:known:${account}:${meta.deviceId}` : null,
  });

  async function isKnownDevice(account: string, meta: GuardMeta): Promise<boolean> {
    const key = keys(account, meta).known;
    return key ? !(await throttle.peek(key, 1)).allowed : false;
  }

  return {
    isKnownDevice,

    /**
     * Counts one password attempt before the password is checked (so concurrent guesses cannot
     * slip past the limit), and throws the OTP challenge when password sign-in is paused here.
     */
    async attempt(account: string, meta: GuardMeta): Promise<void> {
      const key = keys(account, meta);
      const known = await isKnownDevice(account, meta);
      const answers = await Promise.all([
        key.device ? throttle.hit(key.device, PASSWORD_LIMITS.device.hits, PASSWORD_LIMITS.device.windowMs) : null,
        known ? null : throttle.hit(key.address, PASSWORD_LIMITS.address.hits, PASSWORD_LIMITS.address.windowMs),
        known ? null : throttle.hit(key.account, PASSWORD_LIMITS.account.hits, PASSWORD_LIMITS.account.windowMs),
      ]);
      if (answers.some((answer) => answer && !answer.allowed)) {
        throw new AppError('RATE_LIMITED', PASSWORD_CHALLENGE_MESSAGE, {
          password: 'Vui lòng đăng nhập bằng mã OTP.',
        });
      }
    },

    /**
     * Checks the current password of a signed-in account changing it: the attempt is counted per
     * account before `check` runs (concurrent guesses cannot slip past), and forgotten when right.
     * Past the limit the check is not run; resetting by a one-time code ("Quên mật khẩu") still works.
     */
    async checkCurrentPassword(userId: number, check: () => Promise<boolean>): Promise<boolean> {
      const key = `pw:change:${userId}`;
      const { hits, windowMs } = PASSWORD_LIMITS.currentPassword;
      if (!(await throttle.hit(key, hits, windowMs)).allowed) {
        throw new AppError('RATE_LIMITED', CURRENT_PASSWORD_PAUSED_MESSAGE, {
          old_password: CURRENT_PASSWORD_PAUSED_MESSAGE,
        });
      }
      const right = await check();
      if (right) await throttle.reset(key);
      return right;
    },

    /** A sign-in by password or one-time code: the device becomes known and its own attempts are forgotten. */
    async succeeded(account: string, meta: GuardMeta): Promise<void> {
      const key = keys(account, meta);
      if (!key.known || !key.device) return;
      await throttle.reset(key.device);
      await throttle.hit(key.known, 1, KNOWN_DEVICE_MS);
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
