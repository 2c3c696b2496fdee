/** The privacy module's public face: personal data of learners (issue 22 part 5, decision 0024). */
export { createPrivacyService, type PrivacyService, type PrivacyDeps, type PrivacyConfig } from './privacy.service.ts';
export { createPrivacyAdmin, type PrivacyAdmin } from './privacy.admin.ts';
export { privacyRoutes } from './privacy.routes.ts';
export { privacyAdminRoutes } from './privacy.admin.routes.ts';
export type { ExportSection } from './privacy.export.ts';
export type { PrivacyStorage, RequestView } from './privacy.requests.ts';
export { EXPORT_QUEUE } from './privacy.requests.ts';
export type { PrivacyTables } from './privacy.table.ts';
export {
  adminRequestsQuery,
  breachBody,
  breachStateBody,
  consentBody,
  parentCodeBody,
  parentPhoneBody,
  runRequestBody,
} from './privacy.schemas.ts';
export * from './public.ts';
