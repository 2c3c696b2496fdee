/**
 * Inbound SMS from the operator (POST /api/carrier/sms): `DK <MÃ>` registers, `HUY <MÃ>` cancels,
 * anything else is answered with help. Every message is stored raw first, once per operator message
 * id, so a replay is answered without being processed again. Keywords are read case-insensitively,
 * with any spacing and with or without Vietnamese marks ("Hủy", "đk"). A `DK` from a number with no
 * account creates nothing: the answer is a link to sign up.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isAppError } from '../../lib/errors.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import * as accountsRepo from '../accounts/accounts.repository.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import { generateOrderCode } from '../orders/order-code.ts';
import * as ordersRepo from '../orders/orders.repository.ts';
import type { CarrierConfig } from './carrier.ts';
import { isCarrierPackage, type SubscriptionsService } from './subscriptions.service.ts';
import * as repo from './subscriptions.repository.ts';

export type SmsCommand = { keyword: 'DK' | 'HUY'; code: string } | { keyword: 'HELP' };

const KEYWORDS: Record<string, 'DK' | 'HUY'> = { DK: 'DK', DANGKY: 'DK', HUY: 'HUY' };

/** `" hủy   tienganh "` → HUY TIENGANH; anything that is not a keyword and a code → HELP. */
export function parseSmsCommand(text: string): SmsCommand {
  const words = foldVietnamese(text.slice(0, 200)).toUpperCase().split(' ').filter(Boolean);
  const keyword = KEYWORDS[words[0] ?? ''];
  const code = words[1] ?? '';
  if (!keyword || words.length !== 2 || !/^[A-Z0-9]{1,20}$/.test(code)) return { keyword: 'HELP' };
  return { keyword, code };
}

/** Hex HMAC-SHA256 of the raw body, compared in constant time. */
export function verifySmsSignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export function signSmsBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Control characters (NUL among them, which PostgreSQL text refuses) never reach the database. */
// eslint-disable-next-line no-control-regex
const stripControls = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

export interface InboundSms {
  message_id: string;
  msisdn: string;
  text: string;
}

export function createCarrierSms(deps: {
  db: Kysely<Database>;
  config: CarrierConfig;
  subscriptions: SubscriptionsService;
  messaging: MessagingService;
  orderExpiryMinutes: number;
}) {
  const { db, config, subscriptions, messaging } = deps;
  const to = config.shortCode;
  const help = async () =>
    `${config.siteName}: Soạn DK <MÃ GÓI> gửi ${to} để đăng ký, HUY <MÃ GÓI> gửi ${to} để hủy (miễn phí). Xem các gói tại ${config.publicUrl}/khoa-hoc. Hotline ${await subscriptions.hotline()}.`;

  /** A carrier order for one package (an SMS `DK` is the consent). */
  async function placeSmsOrder(userId: number, pod: repo.CarrierPod) {
    const now = new Date();
    const orderId = await repo.insertCarrierOrder(db, {
      code: generateOrderCode(now),
      userId,
      pod,
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + deps.orderExpiryMinutes * 60_000).toISOString(),
    });
    return (await ordersRepo.findOrder(db, { id: orderId }))!;
  }

  async function register(userId: number, msisdn: string, pod: repo.CarrierPod): Promise<string> {
    const existing = await repo.findSubscription(db, { userId, podId: pod.pod_id });
    if (existing?.status === 'active') {
      await messaging.sendSms(
        msisdn,
        `${config.siteName}: Bạn đang dùng gói ${pod.sms_code}. Soạn HUY ${pod.sms_code} gửi ${to} để hủy.`,
      );
      return 'dk_already';
    }
    if (existing && (await subscriptions.resumeRenewals(existing, pod))) return 'dk_resumed';
    const order = await placeSmsOrder(userId, pod);
    try {
      const charged = await subscriptions.chargeOrder(order, { pod, msisdn });
      if (!charged.pending) return 'dk_subscribed';
      await messaging.sendSms(msisdn, `${config.siteName}: Đăng ký gói ${pod.sms_code}: ${charged.notice}`);
      return 'dk_pending';
    } catch (error) {
      if (!isAppError(error)) throw error;
      await messaging.sendSms(
        msisdn,
        `${config.siteName}: Đăng ký gói ${pod.sms_code} chưa thành công. ${error.message}`,
      );
      return 'dk_refused';
    }
  }

  async function process(msisdn: string, command: SmsCommand): Promise<string> {
    if (command.keyword === 'HELP') {
      await messaging.sendSms(msisdn, await help());
      return 'help';
    }
    const pod = await repo.findCarrierPod(db, { smsCode: command.code });
    if (!pod || !isCarrierPackage(pod) || !config.provider) {
      await messaging.sendSms(msisdn, `${config.siteName}: Mã gói ${command.code} không đúng. ${await help()}`);
      return 'unknown_code';
    }
    const user = await accountsRepo.findUserByPhone(db, msisdn);
    if (!user || user.status !== 'active') {
      await messaging.sendSms(
        msisdn,
        `${config.siteName}: Số điện thoại này chưa có tài khoản. Đăng ký miễn phí tại ${config.publicUrl}/dang-ky rồi soạn lại DK ${pod.sms_code} gửi ${to}.`,
      );
      return 'no_account';
    }
    if (command.keyword === 'DK') return register(user.id, msisdn, pod);
    try {
      const result = await subscriptions.cancel(user.id, { podId: pod.pod_id });
      if (result.already) {
        await messaging.sendSms(
          msisdn,
          `${config.siteName}: Gói ${pod.sms_code} đã được hủy trước đó, bạn không bị trừ tiền gia hạn.`,
        );
      }
      return result.already ? 'huy_already' : 'huy_cancelled';
    } catch (error) {
      if (!isAppError(error)) throw error;
      await messaging.sendSms(msisdn, `${config.siteName}: Bạn chưa đăng ký gói ${pod.sms_code}. ${await help()}`);
      return 'huy_none';
    }
  }

  /** Stores the message, then processes it once; a replayed message id is only acknowledged. */
  async function receive(sms: InboundSms, rawBody: string) {
    const text = stripControls(sms.text).slice(0, 1000);
    const id = await repo.insertInboundSms(db, {
      messageId: stripControls(sms.message_id).slice(0, 100),
      msisdn: stripControls(sms.msisdn).slice(0, 30),
      text,
      payload: stripControls(rawBody),
      now: new Date().toISOString(),
    });
    if (id === null) return { status: 'duplicate' as const, outcome: 'duplicate' };
    const msisdn = normalizePhone(sms.msisdn);
    const outcome = msisdn ? await process(msisdn, parseSmsCommand(text)) : 'bad_msisdn';
    await repo.setInboundOutcome(db, id, outcome);
    return { status: 'processed' as const, outcome };
  }

  return {
    receive,
    /** False without a configured secret: the webhook is then closed. */
    verify: (rawBody: string, signature: string | undefined) =>
      config.smsSecret !== null && verifySmsSignature(config.smsSecret, rawBody, signature),
  };
}

export type CarrierSms = ReturnType<typeof createCarrierSms>;
