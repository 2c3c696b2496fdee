/** The payments module's public face (more of it moves here with issue 19): refunds and the studio's money desk. */
export type { RefundsService } from './refunds.service.ts';
export {
  createPaymentsAdmin,
  runAuditedRefund,
  type PaymentRefundInput,
  type PaymentsAdmin,
  type RefundActor,
} from './payments.admin.ts';
