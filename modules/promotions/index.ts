/**
 * The promotions module's public face on the server: the learner-facing promotions (checks,
 * public list, uses taken by orders, the live ones a campaign lists) and the studio's operations
 * on promotions, with their routes.
 * Pages import the client-safe part (labels, schemas) from ./public.ts.
 */
export { createPromotionsService, toPromotionView, type PromotionsService } from './promotions.service.ts';
export { listLivePromotions } from './promotions.repository.ts';
export { createPromotionsAdmin, type PromotionsAdmin } from './promotions.admin.ts';
export { promotionsAdminRoutes, type PromotionsAdminRoutesOptions } from './promotions.admin.routes.ts';
