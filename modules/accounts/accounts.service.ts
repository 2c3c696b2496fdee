/** Sign-up, OTP, sign-in, password reset and change: the account flows of SPEC §7 and PRODUCT.md. */
import type { Kysely } from 'kysely';
import { isUniqueViolation, nowIso, readDate } from '../../db/connect.ts';
import type { Database, OtpPurpose, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { maskEmail, parseUsername } from '../../lib/phone.ts';
import type { Throttle } from '../cache/throttle.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import * as repo from './accounts.repository.ts';
import { createCodeSender, targetOf, type CodeSent } from './code-sender.ts';
import { createExternalSignIn } from './external-sign-in.ts';
import { createOtpKit, OTP_RESEND_SECONDS } from './otp.ts';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './password.ts';
import { createSessionKit, type IssuedSession, type RequestMeta } from './sessions.ts';
import { createSignInGuard } from './sign-in-guard.ts';
import { generateOpaqueToken, type TokenKit } from './tokens.ts';

export interface AccountsDeps {
  db: Kysely<Database>;
  tokens: TokenKit;
  messaging: MessagingService;
  throttle: Throttle;
  siteName: string;
  publicUrl: string;
  otpTtlSeconds: number;
}

export interface PublicUser {
  id: number;
  full_name: string;
  phone: string | null;
  email: string | null;
  avatar_url: string | null;
}

export interface SignedIn extends IssuedSession {
  user: PublicUser;
}

export type { CodeSent };

const VERIFY_TOKEN_TTL_MS = 15 * 60_000;
const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;

export function toPublicUser(user: UserRow): PublicUser {
  return { id: user.id, full_name: user.full_name, phone: user.phone, email: user.email, avatar_url: user.avatar_url };
}

function requireUsername(username: string) {
  const parsed = parseUsername(username);
  if (!parsed) {
    throw new AppError('VALIDATION_FAILED', 'Số điện thoại hoặc email không hợp lệ.', {
      username: 'Nhập số điện thoại di động Việt Nam hoặc địa chỉ email.',
    });
  }
  return parsed;
}

function requirePasswordPolicy(password: string, field = 'password'): void {
  const problem = checkPasswordPolicy(password);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { [field]: problem });
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, tokens, messaging, throttle } = deps;
  const otp = createOtpKit({ db, tokens, ttlSeconds: deps.otpTtlSeconds });
  const sessions = createSessionKit(db, tokens);
  const guard = createSignInGuard(throttle);
  const { countSend, sendCode, tellOwnerOfSignUpAttempt } = createCodeSender({ ...deps, otp });

  const findByUsername = (parsed: { phone: string } | { email: string }) =>
    'phone' in parsed ? repo.findUserByPhone(db, parsed.phone) : repo.findUserByEmail(db, parsed.email);

  async function signIn(user: UserRow, method: string, meta: RequestMeta): Promise<SignedIn> {
    if (user.status === 'locked')
      throw new AppError('FORBIDDEN', 'Tài khoản đã bị khóa. Vui lòng liên hệ tổng đài hỗ trợ.');
    const session = await sessions.open(user, method, meta);
    return { ...session, user: toPublicUser(user) };
  }

  async function createVerifyToken(
    purpose: 'reset' | 'change_email',
    userId: number,
    ttlMs: number,
    payload: string | null = null,
  ) {
    const token = generateOpaqueToken();
    const now = Date.now();
    await repo.insertVerifyToken(db, {
      token_hash: tokens.digest('verify', purpose, token),
      purpose,
      user_id: userId,
      payload,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ttlMs).toISOString(),
    });
    return token;
  }

  async function useVerifyToken(purpose: 'reset' | 'change_email', token: string) {
    const row = await repo.findVerifyToken(db, tokens.digest('verify', purpose, token));
    const invalid = new AppError('BUSINESS_RULE', 'Liên kết hoặc mã xác thực không hợp lệ hoặc đã hết hạn.', {
      verify_token: 'Không hợp lệ.',
    });
    if (!row || row.purpose !== purpose || row.consumed_at) throw invalid;
    if (readDate(row.expires_at).getTime() <= Date.now()) throw invalid;
    if (!(await repo.consumeVerifyToken(db, row.id, nowIso()))) throw invalid;
    return row;
  }

  return {
    sessions,
    /** Operator recognition, single sign-on and linked accounts (modules/identity). */
    external: createExternalSignIn<SignedIn>({ db, tokens, signIn }),

    async register(input: {
      username: string;
      password: string;
      full_name: string;
      accept_policy: boolean;
    }): Promise<CodeSent> {
      // Every field is checked before answering, so the form shows all of its errors at once.
      const fields: Record<string, string> = {};
      const parsed = parseUsername(input.username);
      if (!parsed) fields.username = 'Nhập số điện thoại di động Việt Nam hoặc địa chỉ email.';
      const passwordProblem = checkPasswordPolicy(input.password);
      if (passwordProblem) fields.password = passwordProblem;
      if (!input.accept_policy) fields.accept_policy = 'Vui lòng đồng ý điều khoản.';
      if (!parsed || Object.keys(fields).length > 0) {
        throw new AppError('VALIDATION_FAILED', 'Vui lòng kiểm tra lại thông tin đăng ký.', fields);
      }
      // The answer is the same whether or not the number has an account (no enumeration): an
      // existing account's owner gets a message instead of a code. The hash is computed either way.
      const now = nowIso();
      const account = {
        full_name: input.full_name,
        password_hash: await hashPassword(input.password),
        policy_accepted_at: now,
        updated_at: now,
      };
      let existing = await findByUsername(parsed);
      if (!existing) {
        try {
          await repo.insertUser(db, { ...parsed, ...account, status: 'pending', created_at: now });
        } catch (error) {
          // Another sign-up for the same number won the race: continue as if it had come first.
          if (!isUniqueViolation(error)) throw error;
          existing = await findByUsername(parsed);
          if (!existing) throw error;
        }
      }
      if (existing && existing.status !== 'pending') {
        const sent = await sendCode('register', parsed, false);
        await tellOwnerOfSignUpAttempt(parsed);
        return sent;
      }
      if (existing) await repo.updateUser(db, existing.id, account);
      return sendCode('register', parsed);
    },

    /** Sends a code for sign-in by phone (login_phone.json step 1); the same answer for a number without an account. */
    async requestLoginCode(username: string): Promise<CodeSent> {
      const parsed = requireUsername(username);
      const user = await findByUsername(parsed);
      return sendCode('login', parsed, Boolean(user && user.status !== 'pending'));
    },

    /** resend_otp.json: a new code when the account is in a state for this purpose; the same answer otherwise. */
    async resendCode(purpose: OtpPurpose, username: string): Promise<CodeSent> {
      const parsed = requireUsername(username);
      const user = await findByUsername(parsed);
      const deliver = Boolean(user && (purpose === 'register') === (user.status === 'pending'));
      return sendCode(purpose, parsed, deliver);
    },

    /** verify_otp.json: register → signed in; login → signed in; reset → a verify token. */
    async verifyCode(
      input: { username: string; otp: string; purpose: 'register' | 'login' | 'reset' },
      meta: RequestMeta,
    ) {
      const parsed = requireUsername(input.username);
      const target = 'phone' in parsed ? parsed.phone : parsed.email;
      await otp.consume(input.purpose, target, input.otp);
      const user = await findByUsername(parsed);
      if (!user) throw new AppError('NOT_FOUND', 'Không tìm thấy tài khoản.');
      if (input.purpose === 'reset')
        return { verify_token: await createVerifyToken('reset', user.id, VERIFY_TOKEN_TTL_MS) };
      if (input.purpose === 'register' && user.status === 'pending') {
        const now = nowIso();
        await repo.updateUser(db, user.id, {
          status: 'active',
          ...('phone' in parsed ? { phone_verified_at: now } : { email_verified_at: now }),
          updated_at: now,
        });
        user.status = 'active';
      }
      if (user.status === 'pending') throw new AppError('BUSINESS_RULE', 'Tài khoản chưa được xác thực.');
      const signedIn = await signIn(user, input.purpose === 'register' ? 'register' : 'otp', meta);
      await guard.succeeded(target, meta);
      return signedIn;
    },

    async login(input: { username: string; password: string }, meta: RequestMeta): Promise<SignedIn> {
      const parsed = requireUsername(input.username);
      const account = targetOf(parsed);
      await guard.attempt(account, meta);
      const user = await findByUsername(parsed);
      const ok = await verifyPassword(user?.password_hash ?? null, input.password);
      if (!user || !ok) {
        throw new AppError('UNAUTHENTICATED', 'Tài khoản hoặc mật khẩu không đúng.', {
          password: 'Tài khoản hoặc mật khẩu không đúng.',
        });
      }
      if (user.status === 'pending') {
        throw new AppError('BUSINESS_RULE', 'Tài khoản chưa được xác thực. Vui lòng nhập mã OTP để kích hoạt.', {
          username: 'Chưa xác thực.',
        });
      }
      const signedIn = await signIn(user, 'password', meta);
      await guard.succeeded(account, meta);
      return signedIn;
    },

    /** forgot_password.json: a code to the phone, or a link to the e-mail. Never says whether the account exists. */
    async forgotPassword(username: string): Promise<CodeSent> {
      const parsed = requireUsername(username);
      const user = await findByUsername(parsed);
      if ('phone' in parsed) return sendCode('reset', parsed, user?.status === 'active');
      await countSend(parsed.email);
      if (user && user.status === 'active') {
        const token = await createVerifyToken('reset', user.id, VERIFY_TOKEN_TTL_MS);
        await messaging.sendEmail(
          {
            to: parsed.email,
            subject: `Đặt lại mật khẩu ${deps.siteName}`,
            text: `Bạn vừa yêu cầu đặt lại mật khẩu. Mở liên kết sau trong 15 phút:\n${deps.publicUrl}/quen-mat-khau-step-2?token=${token}\nNếu không phải bạn, hãy bỏ qua email này.`,
          },
          { urgent: true },
        );
      }
      return { channel: 'email', sent_to: maskEmail(parsed.email), resend_after: OTP_RESEND_SECONDS };
    },

    /** change_password.json with a verify token: sets the password and signs out every device. */
    async resetPassword(input: { verify_token: string; new_password: string }): Promise<void> {
      requirePasswordPolicy(input.new_password, 'new_password');
      const token = await useVerifyToken('reset', input.verify_token);
      await repo.updateUser(db, token.user_id, {
        password_hash: await hashPassword(input.new_password),
        updated_at: nowIso(),
      });
      await sessions.closeAll(token.user_id);
    },

    /** change_password.json signed in: the old password is required; other sessions are revoked. */
    async changePassword(
      userId: number,
      sessionId: string,
      input: { old_password: string; new_password: string },
    ): Promise<void> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', 'Không tìm thấy tài khoản.');
      if (!(await guard.checkCurrentPassword(userId, () => verifyPassword(user.password_hash, input.old_password)))) {
        throw new AppError('BUSINESS_RULE', 'Mật khẩu hiện tại không đúng.', {
          old_password: 'Mật khẩu hiện tại không đúng.',
        });
      }
      requirePasswordPolicy(input.new_password, 'new_password');
      if (input.old_password === input.new_password) {
        throw new AppError('VALIDATION_FAILED', 'Mật khẩu mới phải khác mật khẩu hiện tại.', {
          new_password: 'Phải khác mật khẩu hiện tại.',
        });
      }
      await repo.updateUser(db, userId, {
        password_hash: await hashPassword(input.new_password),
        updated_at: nowIso(),
      });
      await sessions.closeAll(userId, sessionId);
    },

    /**
     * change_email/check.json: whether `email` can be asked for — a well-formed address other than
     * the viewer's own. Whether another account uses it is never said here (no enumeration).
     */
    async canRequestEmail(email: string, userId?: number): Promise<boolean> {
      if (!userId) return true;
      const user = await repo.findUserById(db, userId);
      return user?.email !== email;
    },

    /**
     * change_email.json: a confirmation link to the new address; the change applies when it is
     * opened. The answer is the same when another account uses the address: that account's owner
     * is told instead (no link), so the requester learns nothing.
     */
    async requestEmailChange(userId: number, email: string): Promise<{ sent_to: string }> {
      const owner = await repo.findUserByEmail(db, email);
      if (owner?.id === userId)
        throw new AppError('VALIDATION_FAILED', 'Đây đã là email của tài khoản này.', {
          email: 'Đây đã là email của bạn.',
        });
      if (owner) {
        await messaging.sendEmail({
          to: email,
          subject: `Yêu cầu dùng email của bạn cho một tài khoản ${deps.siteName} khác`,
          text: `Có người vừa yêu cầu gắn địa chỉ email này vào một tài khoản ${deps.siteName} khác. Địa chỉ này đang thuộc tài khoản của bạn nên không thể gắn vào tài khoản khác, và không có gì thay đổi.\nNếu là bạn: hãy đổi email của tài khoản này trước (Hồ sơ → Email), rồi yêu cầu lại.\nNếu không phải bạn, hãy bỏ qua email này.`,
        });
        return { sent_to: maskEmail(email) };
      }
      const token = await createVerifyToken('change_email', userId, EMAIL_CHANGE_TTL_MS, email);
      await messaging.sendEmail(
        {
          to: email,
          subject: `Xác nhận đổi email ${deps.siteName}`,
          text: `Mở liên kết sau để xác nhận địa chỉ email mới (hiệu lực 24 giờ):\n${deps.publicUrl}/verify-change-email?token=${token}`,
        },
        { urgent: true },
      );
      return { sent_to: maskEmail(email) };
    },

    async confirmEmailChange(token: string): Promise<PublicUser> {
      const row = await useVerifyToken('change_email', token);
      const email = row.payload ?? '';
      const owner = await repo.findUserByEmail(db, email);
      const taken = () => new AppError('CONFLICT', 'Email đã được sử dụng bởi tài khoản khác.');
      if (owner && owner.id !== row.user_id) throw taken();
      const now = nowIso();
      // Another account confirming the same address at the same moment: the loser is told it is taken.
      await repo.updateUser(db, row.user_id, { email, email_verified_at: now, updated_at: now }).catch((error) => {
        throw isUniqueViolation(error) ? taken() : error;
      });
      const user = await repo.findUserById(db, row.user_id);
      return toPublicUser(user!);
    },

    /** Names and contacts of users by id (the studio's lists of uses and redemptions); unknown ids are left out. */
    contactsOf(ids: number[]) {
      return repo.findContacts(db, ids);
    },

    /** Names and roles of users by id (the catalog's teacher profiles); unknown ids are left out. */
    rolesOf(ids: number[]) {
      return repo.findRoles(db, ids);
    },

    /** Accounts with the teacher role, by name (at most 500): those a teacher profile may link. */
    teacherAccounts() {
      return repo.listTeacherAccounts(db);
    },

    /** Staff who can be assigned work (the support desk's assignees): active editors and admins, by name. */
    staff() {
      return repo.listStaff(db);
    },
    /** A one-time code to a parent's phone: their consent for a learner under 16 (modules/privacy). */
    sendParentCode: (phone: string): Promise<CodeSent> => sendCode('parent_consent', { phone }),
    /** Uses the parent's code; throws the usual Vietnamese OTP messages when it can't. */
    checkParentCode: (phone: string, code: string): Promise<void> => otp.consume('parent_consent', phone, code),

    async acceptPolicy(userId: number): Promise<void> {
      const now = nowIso();
      await repo.updateUser(db, userId, { policy_accepted_at: now, updated_at: now });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
