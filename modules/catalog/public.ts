/**
 * The catalog module's client-safe face: the studio's category form and query schemas (zod and
 * content's client-safe fields only). Pages import it; it must never reach server code (checked by
 * npm run lint:boundaries).
 */
export * from './catalog.admin-categories.schemas.ts';
