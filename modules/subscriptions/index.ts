/**
 * The subscriptions module's public face (carrier billing): the studio's operations on carrier
 * subscriptions, with their routes. Pages reach the services through the load context and import
 * the client-safe part (schemas) from ./public.ts.
 */
export type { ChargeHistory } from './charge-history.ts';
export { createSubscriptionsAdmin, type SubscriptionsAdmin } from './subscriptions.admin.ts';
export { subscriptionsAdminRoutes, type SubscriptionsAdminRoutesOptions } from './subscriptions.admin.routes.ts';
