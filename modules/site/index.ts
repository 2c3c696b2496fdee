/**
 * The site module's public face: the public site data (settings, menus, banners, route rules,
 * generic pages) and the studio's operations on the site's own tables, with their routes and schemas.
 */
export { createSiteService, type BannerView, type NavigationItem, type SiteService } from './site.service.ts';
export { siteRoutes } from './site.routes.ts';
export { createSiteAdmin, type SiteAdmin } from './site.admin.ts';
export { siteAdminListRoutes, siteAdminRoutes } from './site.admin.routes.ts';
export { bannerInput, bannersQuery, navigationInput, routeRuleInput, settingsInput } from './site.admin.schemas.ts';
