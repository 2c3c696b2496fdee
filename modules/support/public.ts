/**
 * The support module's client-safe face: the support desk's labels and its form and query schemas,
 * and the studio's help-article schemas (zod and kernel/ only). Pages import it; it must never reach server code (checked by
 * npm run lint:boundaries).
 */
export * from './support.labels.ts';
export * from './support.desk.schemas.ts';
export * from './support.admin.schemas.ts';
