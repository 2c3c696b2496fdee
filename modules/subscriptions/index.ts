/**
 * The subscriptions module's public face (carrier billing). Pages import only types from here:
 * they reach the service through the load context.
 */
export type { ChargeHistory } from './charge-history.ts';
