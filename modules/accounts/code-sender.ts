/**
 * One-time codes sent by SMS or e-mail for the account flows, under a limit per number or address
 * whatever the purpose (SMS cost; OTP guessing); and the message to an owner whose number or
 * address someone tried to sign up with.
 */
import type { OtpPurpose } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { maskEmail, maskPhone } from '../../lib/phone.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { OTP_RESEND_SECONDS, type OtpKit } from './otp.ts';

export interface CodeSent {
  channel: 'sms' | 'email';
  sent_to: string;
  resend_after: number;
}

export type CodeTarget = { phone: string } | { email: string };

export type CodeSenderDeps = Pick<
  AccountsDeps,
  'messaging' | 'throttle' | 'siteName' | 'publicUrl' | 'otpTtlSeconds'
> & {
  otp: OtpKit;
};

/** Codes sent to one phone number or address, whatever the purpose (SMS cost; OTP guessing). */
const CODES_PER_TARGET = { hits: 6, windowMs: 60 * 60_000 };

export const targetOf = (parsed: CodeTarget) => ('phone' in parsed ? parsed.phone : parsed.email);

export function createCodeSender(deps: CodeSenderDeps) {
  const { otp, messaging, throttle } = deps;

  /** One more code or link to this number or address: refused past CODES_PER_TARGET. */
  async function countSend(target: string): Promise<void> {
    const sends = await throttle.hit(`otp:send:${target}`, CODES_PER_TARGET.hits, CODES_PER_TARGET.windowMs);
    if (!sends.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        `Bạn đã yêu cầu quá nhiều mã xác thực. Vui lòng thử lại sau ${Math.ceil(sends.retryAfterSeconds / 60)} phút.`,
      );
    }
  }

  /**
   * Issues a code for purpose and target. `deliver: false` issues it without sending it (the
   * account doesn't exist, or isn't in a state for this purpose), so the answer, the 60-second
   * resend rule and the per-target limit are the same either way: nobody learns from them whether
   * a number or address has an account.
   */
  async function sendCode(purpose: OtpPurpose, parsed: CodeTarget, deliver = true): Promise<CodeSent> {
    const target = targetOf(parsed);
    await countSend(target);
    const code = await otp.issue(purpose, target);
    const minutes = Math.round(deps.otpTtlSeconds / 60);
    const text = `${deps.siteName}: ma xac thuc cua ban la ${code}, hieu luc ${minutes} phut. Khong chia se ma nay voi bat ky ai.`;
    if ('phone' in parsed) {
      if (deliver)
        await messaging.sendSms(parsed.phone, text, { urgent: true, template: { kind: 'otp', data: { otp: code } } });
      return { channel: 'sms', sent_to: maskPhone(parsed.phone), resend_after: OTP_RESEND_SECONDS };
    }
    if (deliver) {
      await messaging.sendEmail(
        {
          to: parsed.email,
          subject: `Mã xác thực ${deps.siteName}: ${code}`,
          text: `Mã xác thực của bạn là ${code}. Mã có hiệu lực trong ${minutes} phút.\nNếu bạn không yêu cầu, hãy bỏ qua email này.`,
        },
        { urgent: true },
      );
    }
    return { channel: 'email', sent_to: maskEmail(parsed.email), resend_after: OTP_RESEND_SECONDS };
  }

  /** Someone tried to sign up with a number or address that already has an account: its owner is told. */
  async function tellOwnerOfSignUpAttempt(parsed: CodeTarget): Promise<void> {
    if ('phone' in parsed) {
      await messaging.sendSms(
        parsed.phone,
        `${deps.siteName}: Co nguoi vua dung so dien thoai nay de dang ky tai khoan moi. So nay da co tai khoan: hay dang nhap tai ${deps.publicUrl}/dang-nhap hoac lay lai mat khau tai ${deps.publicUrl}/quen-mat-khau. Neu khong phai ban, hay bo qua tin nay.`,
      );
      return;
    }
    await messaging.sendEmail({
      to: parsed.email,
      subject: `Có người vừa đăng ký ${deps.siteName} bằng email của bạn`,
      text: `Có người vừa dùng địa chỉ email này để đăng ký một tài khoản mới tại ${deps.siteName}. Địa chỉ này đã có tài khoản, nên không có tài khoản mới nào được tạo.\nNếu là bạn: hãy đăng nhập tại ${deps.publicUrl}/dang-nhap, hoặc lấy lại mật khẩu tại ${deps.publicUrl}/quen-mat-khau.\nNếu không phải bạn, hãy bỏ qua email này: tài khoản của bạn vẫn an toàn.`,
    });
  }

  return { countSend, sendCode, tellOwnerOfSignUpAttempt };
}
