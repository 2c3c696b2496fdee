/**
 * The promotions module's public face on the server: the learner-facing promotions (checks,
 * public list, uses taken by orders) and the studio's operations on promotions, with their routes.
 * Pages import the client-safe part (labels, schemas) from ./public.ts.
 */
export { createPromotionsService, type PromotionsService } from './promotions.service.ts';
export { createPromotionsAdmin, type PromotionsAdmin } from './promotions.admin.ts';
export { promotionsAdminRoutes, type PromotionsAdminRoutesOptions } from './promotions.admin.routes.ts';
