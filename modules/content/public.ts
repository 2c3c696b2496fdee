/**
 * The content module's client-safe face: the studio's form and query schemas of posts, hashtags and
 * generic pages (zod and kernel/ only). Pages import it; it must never reach server code (checked
 * by npm run lint:boundaries).
 */
export * from './content.admin.schemas.ts';
