/** Every commerce endpoint (one registration in server/app.ts); the gateway simulators outside production. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationRoutes } from '../activation/activation.routes.ts';
import { campaignsRoutes } from '../campaigns/campaigns.routes.ts';
import { cartRoutes } from '../cart/cart.routes.ts';
import { enrolmentsRoutes } from '../enrolments/index.ts';
import { paymentSimulatorRoutes } from '../payments/payment-simulator.routes.ts';
import { paymentsRoutes } from '../payments/payments.routes.ts';
import { promotionsRoutes } from '../promotions/promotions.routes.ts';
import { subscriptionsRoutes } from '../subscriptions/subscriptions.routes.ts';
import type { PaymentsConfig } from '../payments/payments.config.ts';
import { ordersRoutes } from './orders.routes.ts';

export const commerceRoutes: FastifyPluginAsyncZod<{ paymentsConfig: PaymentsConfig }> = async (app, options) => {
  await app.register(cartRoutes);
  await app.register(promotionsRoutes);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes);
  await app.register(activationRoutes);
  await app.register(enrolmentsRoutes);
  await app.register(campaignsRoutes);
  await app.register(subscriptionsRoutes);
  if (options.paymentsConfig.simulator) await app.register(paymentSimulatorRoutes, { config: options.paymentsConfig });
};
