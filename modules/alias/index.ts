/**
 * The alias module's public face: a slug or a two-segment path resolved to the course, post, help
 * article, page… it names. It reads catalog, content, support and site through their faces and owns
 * no table (no domain module depends on it).
 */
export { createAliasService, type AliasService, type AliasTarget, type AliasType } from './alias.service.ts';
export { aliasRoutes } from './alias.routes.ts';
