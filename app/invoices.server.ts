/** The studio's e-invoices page, server side: its query and form schemas, and who may send an invoice again. */
import type { AppLoadContext } from 'react-router';
import { requireStudio } from './guards.server';

export { adminInvoicesQuery, INVOICE_STATE_LABELS, reissueBody } from '../modules/invoices/index.ts';

/** Whether the viewer holds the permission of "Xuất lại" (orders.refund). */
export function mayReissue(request: Request, context: AppLoadContext): boolean {
  try {
    requireStudio(request, context, 'orders.refund');
    return true;
  } catch {
    return false;
  }
}
