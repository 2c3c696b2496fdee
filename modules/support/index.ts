/** The support module's public face: the help centre's service and the studio's help-article operations. */
export { createSupportService, type SupportService } from './support.service.ts';
export { createSupportAdmin, type SupportAdmin } from './support.admin.ts';
