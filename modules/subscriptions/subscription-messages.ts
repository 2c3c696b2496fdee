/**
 * What carrier billing tells the learner (PROTOCOLS.md "Carrier-billed subscriptions"): the
 * disclosure before buying, and each event as an SMS and a notification, in Vietnamese. Amounts
 * are written out as "đồng" (an SMS may lose the đ sign).
 */
import { formatDateTime } from '../../lib/format/date.ts';
import { formatVietnameseNumber } from '../../lib/format/money.ts';
import { describePackageLabel, findPricePeriod } from '../../lib/format/price-periods.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { CarrierConfig } from './carrier.ts';

export const SUBSCRIPTIONS_PAGE = '/tai-khoan/goi-cuoc';
export const CHARGING_METHOD = 'Trừ tiền tài khoản di động';

export interface PackageFacts {
  courseTitle: string;
  podName: string | null;
  smsCode: string;
  price: number;
  cycle: number;
}

const money = (amount: number) => `${formatVietnameseNumber(amount)} đồng`;
const cycleText = (cycle: number) => (findPricePeriod(cycle)?.priceLabel ?? '').replace(/^\//, '');
export const packageName = (facts: PackageFacts) => facts.podName ?? describePackageLabel(facts.cycle);

/** The disclosure shown (and sent back by the API) before the learner consents. */
export function describeDisclosure(config: CarrierConfig, hotline: string, facts: PackageFacts) {
  const cycle = cycleText(facts.cycle);
  return {
    sms_code: facts.smsCode,
    price: facts.price,
    cycle: facts.cycle,
    package_label: packageName(facts),
    price_text: `${money(facts.price)}/${cycle}`,
    cycle_text: `Mỗi ${cycle}`,
    charging_method: CHARGING_METHOD,
    carrier: config.carrierName,
    provider: config.siteName,
    hotline,
    short_code: config.shortCode,
    register: `Soạn DK ${facts.smsCode} gửi ${config.shortCode}`,
    renew: `Gói tự động gia hạn mỗi ${cycle}, trừ ${money(facts.price)} vào tài khoản di động khi hết chu kỳ.`,
    cancel: `Soạn HUY ${facts.smsCode} gửi ${config.shortCode} hoặc hủy tại trang Gói cước của tôi`,
    free_note: 'Hủy gói và tra cứu đều miễn phí.',
  };
}

export type Disclosure = ReturnType<typeof describeDisclosure>;

export type SubscriptionEvent =
  'subscribed' | 'not_subscribed' | 'reminder' | 'renewed' | 'renewal_failed' | 'suspended' | 'cancelled';

/** Title, notification body and SMS for one event. */
export function describeEvent(
  config: CarrierConfig,
  event: SubscriptionEvent,
  facts: PackageFacts,
  when: { periodEnd?: Date | null; nextAttempt?: Date | null } = {},
) {
  const name = `${packageName(facts)} khóa ${facts.courseTitle}`;
  const cancel = `Soạn HUY ${facts.smsCode} gửi ${config.shortCode} để hủy (miễn phí).`;
  const end = when.periodEnd ? formatDateTime(when.periodEnd.toISOString()) : '';
  const price = `${money(facts.price)}/${cycleText(facts.cycle)}`;
  switch (event) {
    case 'subscribed':
      return {
        title: 'Đăng ký gói cước thành công',
        // Decree 147/2024: the service, its code and short code, the cycle and price, how to cancel, the hotline.
        body: `Bạn đã đăng ký ${name} (mã ${facts.smsCode}, đầu số ${config.shortCode}), giá ${price}, sử dụng đến ${end}. Gói tự động gia hạn mỗi ${cycleText(facts.cycle)}. ${cancel} Hotline ${config.hotline}.`,
      };
    case 'not_subscribed':
      return {
        title: 'Đăng ký gói cước chưa thành công',
        body: `Nhà mạng xác nhận chưa trừ tiền nên gói ${name} chưa được đăng ký. Bạn có thể đăng ký lại: soạn DK ${facts.smsCode} gửi ${config.shortCode} hoặc thanh toán trên trang khóa học.`,
      };
    case 'reminder':
      return {
        title: 'Nhắc gia hạn gói cước',
        body: `Gói ${name} (${price}) sẽ tự động gia hạn vào ${end}. ${cancel} Hotline ${config.hotline}.`,
      };
    case 'renewed':
      return {
        title: 'Gia hạn gói cước thành công',
        body: `Gói ${name} đã được gia hạn (${price}), sử dụng đến ${end}. ${cancel}`,
      };
    case 'renewal_failed':
      return {
        title: 'Gia hạn gói cước chưa thành công',
        body: `Chưa gia hạn được gói ${name} do tài khoản di động không đủ số dư hoặc nhà mạng không phản hồi. Hệ thống sẽ thử lại vào ${
          when.nextAttempt ? formatDateTime(when.nextAttempt.toISOString()) : ''
        }. ${cancel}`,
      };
    case 'suspended':
      return {
        title: 'Gói cước tạm dừng',
        body: `Gói ${name} đã tạm dừng vì không gia hạn được. Bạn có thể đăng ký lại: soạn DK ${facts.smsCode} gửi ${config.shortCode}.`,
      };
    case 'cancelled':
      return {
        title: 'Đã hủy gói cước',
        body: `Bạn đã hủy gói ${name} (mã ${facts.smsCode}). Gói không gia hạn nữa, không trừ thêm tiền${end ? `, bạn vẫn học được đến ${end}` : ''}. Việc hủy hoàn toàn miễn phí. Hotline ${config.hotline}.`,
      };
  }
}

/** Sends an event as an SMS to the subscriber and a notification in the account. */
export function createSubscriptionNotifier(deps: {
  config: CarrierConfig;
  notifications: NotificationsService;
  messaging: MessagingService;
}) {
  return async function tell(
    userId: number,
    msisdn: string,
    event: SubscriptionEvent,
    facts: PackageFacts,
    when: { periodEnd?: Date | null; nextAttempt?: Date | null } = {},
  ) {
    const message = describeEvent(deps.config, event, facts, when);
    await deps.notifications.notify(userId, {
      kind: `subscription_${event}`,
      title: message.title,
      body: message.body,
      link: SUBSCRIPTIONS_PAGE,
    });
    // The renewal reminder has a Zalo template (tried before SMS when configured, decision 0023).
    const template =
      event === 'reminder'
        ? {
            kind: 'renewal' as const,
            data: {
              course: facts.courseTitle,
              package_code: facts.smsCode,
              price: `${money(facts.price)}/${cycleText(facts.cycle)}`,
              renew_date: when.periodEnd ? formatDateTime(when.periodEnd.toISOString()) : '',
            },
          }
        : undefined;
    await deps.messaging.sendSms(msisdn, `${deps.config.siteName}: ${message.body}`, template ? { template } : {});
  };
}

export type SubscriptionNotifier = ReturnType<typeof createSubscriptionNotifier>;
