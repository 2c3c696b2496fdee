/** A learner's order paid through a gateway, optionally refunded — shared by the tests and the demo seed. */
import type { Kysely } from 'kysely';
import type { CourseType, Database, PaymentMethod } from '../../db/schema.ts';
import { computeAccessEnd } from '../../lib/format/price-periods.ts';
import { insertEnrolments, revokeForOrder } from '../../modules/enrolments/enrolments.repository.ts';
import { generateOrderCode } from '../../modules/orders/order-code.ts';
import * as orderRepo from '../../modules/orders/orders.repository.ts';
import * as payRepo from '../../modules/payments/payments.repository.ts';
import type { GatewayMethod } from '../../modules/payments/gateway.ts';
import { claimRefund, settleRefund } from '../../modules/payments/payment-operations.repository.ts';

export interface GatewayOrderInput {
  userId: number;
  pod: { podId: number; courseId: number; title: string; slug: string; type: CourseType; cycle: number; price: number };
  method: GatewayMethod | 'vietqr';
  paidAt: Date;
  refund?: { amount: number; reason: string; at: Date; actor?: string };
}

/** A pending order of one package, as checkout writes it (no promotion). */
export async function insertPodOrder(
  db: Kysely<Database>,
  input: { userId: number; pod: GatewayOrderInput['pod']; method: PaymentMethod; at: Date },
) {
  const { pod, at } = input;
  const code = generateOrderCode(at);
  const orderId = await orderRepo.insertOrder(db, {
    code,
    userId: input.userId,
    paymentMethod: input.method,
    subtotal: pod.price,
    discount: 0,
    total: pod.price,
    promotionId: null,
    promotionCode: null,
    expiresAt: new Date(at.getTime() + 30 * 60_000).toISOString(),
    now: at.toISOString(),
    items: [
      {
        course_id: pod.courseId,
        pod_id: pod.podId,
        course_title: pod.title,
        course_slug: pod.slug,
        course_type: pod.type,
        cycle: pod.cycle,
        price: pod.price,
        discount: 0,
      },
    ],
  });
  return { orderId, code };
}

export async function createGatewayOrder(db: Kysely<Database>, input: GatewayOrderInput) {
  const { pod, paidAt } = input;
  const at = paidAt.toISOString();
  const { orderId, code } = await insertPodOrder(db, { ...input, at: paidAt });
  const requestId = `${code}01`;
  const paymentId = await payRepo.insertPayment(db, {
    orderId,
    gateway: input.method,
    requestId,
    amount: pod.price,
    now: at,
  });
  const transactionId = String(10_000_000 + (orderId % 89_999_999));
  await payRepo.settlePayment(db, paymentId, 'succeeded', { resultCode: '00', transactionId }, at);
  await orderRepo.transition(
    db,
    orderId,
    ['pending'],
    'completed',
    { paid_at: at, completed_at: at, payment_id: paymentId },
    at,
  );
  const endsAt = computeAccessEnd(paidAt, pod.cycle)?.toISOString() ?? null;
  await insertEnrolments(
    db,
    [{ userId: input.userId, courseId: pod.courseId, source: 'order', orderId, startsAt: at, endsAt }],
    at,
  );
  if (input.refund) await recordGatewayRefund(db, { orderId, code, paymentId }, input.refund);
  return { orderId, code, paymentId, requestId };
}

/**
 * The refund of a completed gateway order as the refund service records it once the gateway
 * accepts: the refund row, the order refunded, the access it granted ended.
 */
export async function recordGatewayRefund(
  db: Kysely<Database>,
  order: { orderId: number; code: string; paymentId: number },
  refund: NonNullable<GatewayOrderInput['refund']>,
) {
  const { orderId, code, paymentId } = order;
  const { amount, reason } = refund;
  const refundedAt = refund.at.toISOString();
  const transactionId = String(10_000_000 + (orderId % 89_999_999));
  const refundId = await claimRefund(
    db,
    { paymentId, orderId, requestId: `${code}R1`, amount, reason, actor: refund.actor ?? 'demo' },
    refundedAt,
  );
  const raw = { vnp_ResponseCode: '00', vnp_Message: 'Yêu cầu thành công' };
  const answer = { status: 'succeeded', gatewayRef: `${transactionId}9`, code: null, message: null, raw } as const;
  await settleRefund(db, refundId!, answer, refundedAt);
  await orderRepo.transition(db, orderId, ['completed'], 'refunded', { closed_at: refundedAt }, refundedAt);
  await revokeForOrder(db, orderId, refundedAt);
}
