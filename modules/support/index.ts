/**
 * The support module's public face: the help centre's service, the studio's help-article operations
 * and the support desk (support requests), with its routes. Pages import the client-safe part (the
 * desk's labels and schemas) from ./public.ts.
 */
export { createSupportService, type SupportService } from './support.service.ts';
export { createSupportAdmin, type SupportAdmin } from './support.admin.ts';
export { createSupportDesk, type SupportDesk } from './support.desk.ts';
export { supportDeskRoutes, type SupportDeskRoutesOptions } from './support.desk.routes.ts';
export { supportRoutes } from './support.routes.ts';
export { countArticlesByCategory } from './support.repository.ts';
export {
  supportAdminArticlePublishRoutes,
  supportAdminArticleRoutes,
  type SupportAdminRoutesOptions,
} from './support.admin.routes.ts';
export { createSupportPersonalData, ERASED_REQUEST, type SupportPersonalData } from './support.personal-data.ts';
