/**
 * The orders module's public face (more of it moves here with issue 19): the order states' labels,
 * the hooks other modules add to an order's life, and the attribution of an order to an affiliate
 * (`orders.affiliate_id`, written only here; the affiliates' checkout hook calls it).
 */
export { ORDER_STATUS_LABELS } from './order-lifecycle.ts';
export type { OrderHooks } from './order-hooks.ts';
export { attributeToAffiliate } from './orders.repository.ts';
