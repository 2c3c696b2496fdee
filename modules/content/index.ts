/**
 * The content module's public face: posts of every type, hashtags, media lists and generic pages —
 * the public reads and their routes, and the studio's operations on content's own tables, with
 * their routes. Pages import the client-safe part (the studio's form schemas) from ./public.ts.
 */
export {
  createContentService,
  POST_TYPES,
  type ContentService,
  type PostListItem,
  type PostListQuery,
  type TagView,
} from './content.service.ts';
export { contentRoutes } from './content.routes.ts';
export { countPostsByCategory } from './content.repository.ts';
export { createContentAdmin, type ContentAdmin } from './content.admin.ts';
export { RESERVED_PAGE_SLUGS } from './content.admin-pages.ts';
export {
  contentAdminPagePublishRoutes,
  contentAdminPageRoutes,
  contentAdminPostRoutes,
  contentAdminTagRoutes,
  registerDocumentRoutes,
  registerPublishRoutes,
  type ContentAdminRoutesOptions,
} from './content.admin.routes.ts';
