/**
 * The transfers module's public face: bank transfers by VietQR — the account settings, the matching
 * of notified bank credits to orders, the learner's payment page data, the webhook and simulator
 * routes, and the studio's list and manual match with their routes (decision 0018).
 */
export { readTransfersConfig, type TransfersConfig } from './transfers.config.ts';
export {
  createTransfersService,
  type TransferOrders,
  type TransferPayments,
  type TransfersService,
  type TransferState,
} from './transfers.service.ts';
export { SIMULATOR_PATH, transferPage, transfersRoutes, WEBHOOK_PATH } from './transfers.routes.ts';
export { createTransfersAdmin, CREDIT_STATE_LABELS, type TransfersAdmin } from './transfers.admin.ts';
export { transfersAdminRoutes } from './transfers.admin.routes.ts';
