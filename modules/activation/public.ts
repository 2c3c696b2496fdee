/**
 * The activation module's client-safe face: the studio's form and query schemas of code batches
 * (zod and lib/ only). Pages import it; it must never reach server code (npm run lint:boundaries).
 */
export * from './activation.admin.schemas.ts';
