/**
 * The subscriptions module's client-safe face: the studio's query and form schemas of carrier
 * subscriptions (zod and lib/ only). Pages import it; it must never reach server code (npm run
 * lint:boundaries).
 */
export * from './subscriptions.admin.schemas.ts';
