/**
 * The promotions module's client-safe face: labels, constants and the studio's form and query
 * schemas (zod and lib/ only). Pages import it in components that ship to the browser; it must
 * never reach server code (checked by npm run lint:boundaries).
 */
export * from './promotions.labels.ts';
export * from './promotions.admin.schemas.ts';
