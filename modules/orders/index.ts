/** The orders module's public face (more of it moves here with issue 19): the order states' labels. */
export { ORDER_STATUS_LABELS } from './order-lifecycle.ts';
