/**
 * The commerce services (cart, promotions, orders, payments, enrolments) wired together, and the
 * studio's operations on promotions, activation batches and carrier subscriptions.
 */
import type { Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import type { AccountsService } from './accounts/accounts.service.ts';
import { createActivationAdmin } from './activation/index.ts';
import { createActivationService, type ActivationService } from './activation/activation.service.ts';
import type { Throttle } from './cache/throttle.ts';
import { createCampaignsService, type CampaignsService } from './campaigns/campaigns.service.ts';
import { createCartService, type CartService } from './cart/cart.service.ts';
import type { CatalogService } from './catalog/catalog.service.ts';
import type { CourseService } from './catalog/course.service.ts';
import { createEnrolmentsService, type EnrolmentsService } from './enrolments/index.ts';
import type { MessagingService } from './messaging/messaging.service.ts';
import type { NotificationsService } from './notifications/notifications.service.ts';
import { createGatewaySimulator } from './payments/gateway-simulator.ts';
import { createGateways } from './payments/gateways.ts';
import { readPaymentsConfig, type PaymentsConfig } from './payments/payments.config.ts';
import { createPaymentsService, type PaymentsService } from './payments/payments.service.ts';
import { createRefundsService, type RefundsService } from './payments/refunds.service.ts';
import { createSettlement } from './payments/settlement.ts';
import { createPromotionsAdmin } from './promotions/index.ts';
import { createPromotionsService, type PromotionsService } from './promotions/promotions.service.ts';
import { readCarrierConfig } from './subscriptions/carrier.ts';
import { createCarrierSms, type CarrierSms } from './subscriptions/carrier-sms.ts';
import { createRenewalJob, type RenewalJob } from './subscriptions/renewals.ts';
import { createSubscriptionNotifier } from './subscriptions/subscription-messages.ts';
import { createSubscriptionsAdmin } from './subscriptions/index.ts';
import { createSubscriptionsService, type SubscriptionsService } from './subscriptions/subscriptions.service.ts';
import type { Actor, StudioService } from './studio/studio.service.ts';
import type { OrderHooks } from './orders/order-hooks.ts';
import { createOrderLifecycle } from './orders/order-lifecycle.ts';
import { createOrderReceipts } from './orders/order-receipts.ts';
import { readOrderFacts } from './orders/order-facts.ts';
import { createOrdersService, type OrdersService } from './orders/orders.service.ts';

export interface CommerceServices {
  enrolments: EnrolmentsService;
  cart: CartService;
  promotions: PromotionsService;
  payments: PaymentsService;
  refunds: RefundsService;
  orders: OrdersService;
  paymentsConfig: PaymentsConfig;
  activation: ActivationService;
  campaigns: CampaignsService;
  /** Carrier-billed subscriptions, their renewal job and the inbound-SMS webhook. */
  subscriptions: SubscriptionsService;
  renewals: RenewalJob;
  carrierSms: CarrierSms;
}

export function createCommerceServices(deps: {
  db: Kysely<Database>;
  env: Env;
  course: CourseService;
  notifications: NotificationsService;
  messaging: MessagingService;
  throttle: Throttle;
  /** Reach the payment simulators over HTTP (a CLI beside a running server) instead of in-process. */
  remoteSimulator?: boolean;
  /** Steps other modules add to an order's life (the affiliates). */
  orderHooks?: OrderHooks;
  /** The buyer's phone number (accounts), for the paid order's receipt message. */
  phoneOf?: (userId: number) => Promise<string | null>;
}): CommerceServices {
  const { db, env, course, notifications, messaging } = deps;
  const paymentsConfig = readPaymentsConfig(env);
  const enrolments = createEnrolmentsService({ db, course });
  const cart = createCartService({ db, course, enrolments });
  const promotions = createPromotionsService({ db, enrolments });
  const lifecycle = createOrderLifecycle({
    db,
    enrolments,
    promotions,
    notifications,
    course,
    hooks: deps.orderHooks,
    ...(deps.phoneOf
      ? {
          receipts: createOrderReceipts({
            channel: messaging,
            phoneOf: deps.phoneOf,
            siteName: env.SITE_NAME,
            publicUrl: env.PUBLIC_URL,
          }),
        }
      : {}),
  });
  const simulator = paymentsConfig.simulator && !deps.remoteSimulator ? createGatewaySimulator(paymentsConfig) : null;
  const gateways = createGateways(paymentsConfig, { simulator });
  const refunds = createRefundsService({ db, gateways, notifications, hooks: deps.orderHooks });
  const settlement = createSettlement({ lifecycle, refunds });
  const payments = createPaymentsService({ db, config: paymentsConfig, gateways, lifecycle, settlement, simulator });
  const carrierConfig = readCarrierConfig(env);
  const tell = createSubscriptionNotifier({ config: carrierConfig, notifications, messaging });
  const subscriptions = createSubscriptionsService({ db, config: carrierConfig, lifecycle, tell, enrolments });
  const renewals = createRenewalJob({ db, config: carrierConfig, tell, firstCharges: subscriptions, enrolments });
  const carrierSms = createCarrierSms({
    db,
    config: carrierConfig,
    subscriptions,
    messaging,
    orderExpiryMinutes: paymentsConfig.orderExpiryMinutes,
  });
  const orders = createOrdersService({
    db,
    cart,
    promotions,
    payments,
    lifecycle,
    carrier: subscriptions,
    expiryMinutes: paymentsConfig.orderExpiryMinutes,
    hooks: deps.orderHooks,
  });
  const activation = createActivationService({ db, enrolments, notifications, throttle: deps.throttle });
  const campaigns = createCampaignsService({ db, course });
  return {
    enrolments,
    cart,
    promotions,
    payments,
    refunds,
    orders,
    paymentsConfig,
    activation,
    campaigns,
    subscriptions,
    renewals,
    carrierSms,
  };
}

/**
 * The studio's operations on promotions, activation batches and carrier subscriptions, audited
 * through the studio's log; the owners' ports filled: titles and packages from the catalog, names
 * from accounts, an order's code from orders, a subscription's audit entries from the studio's log.
 */
export function createCommerceAdmins(deps: {
  db: Kysely<Database>;
  studio: Pick<StudioService, 'audit' | 'listAudit'>;
  catalog: CatalogService;
  accounts: AccountsService;
  subscriptions: SubscriptionsService;
}) {
  const { db, studio, catalog, accounts } = deps;
  const audit = studio.audit;
  return {
    promotionsAdmin: createPromotionsAdmin<Actor>({ db, audit, catalog, accounts }),
    activationAdmin: createActivationAdmin<Actor>({ db, audit, catalog, accounts }),
    subscriptionsAdmin: createSubscriptionsAdmin<Actor>({
      db,
      audit,
      auditTrail: async (target) => {
        const query = { target_type: target.type, target_id: target.id, page: 1, limit: 100_000 };
        return (await studio.listAudit(query)).items.reverse();
      },
      subscriptions: deps.subscriptions,
      accounts,
      catalog,
      orders: { codeOf: async (orderId) => (await readOrderFacts(db, orderId))?.code ?? null },
    }),
  };
}
