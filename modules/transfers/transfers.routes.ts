/**
 * Bank transfers: the bank's credit notifications (signed webhook), the learner's status for the
 * waiting page, and — outside production — the simulated bank that "transfers" from the QR page.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { creditsOf } from './bank-notifications.ts';
import { transferStatusSchema, simulateInput, webhookAnswer, webhookBody } from './transfers.schemas.ts';
import type { TransfersService } from './transfers.service.ts';

export const WEBHOOK_PATH = '/api/payment/chuyen-khoan/webhook';
export const SIMULATOR_PATH = '/__sim/pay/chuyen-khoan';
/** The learner's payment page for an order (app/routes/transfer.tsx). */
export const transferPage = (code: string) => `/thanh-toan/chuyen-khoan/${code}`;

const rawBodies = new WeakMap<FastifyRequest, string>();

function transfersOf(request: FastifyRequest): TransfersService {
  const transfers = request.services.transfers;
  if (!transfers) throw new AppError('NOT_FOUND', 'Chuyển khoản ngân hàng chưa được bật.');
  return transfers;
}

export const transfersRoutes: FastifyPluginAsyncZod<{ simulator: boolean }> = async (app, options) => {
  const tags = ['payments'];

  // The signature is over the bytes as sent: this plugin's JSON keeps the raw body.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (request, body, done) => {
    const text = String(body);
    rawBodies.set(request, text);
    try {
      done(null, text === '' ? {} : JSON.parse(text));
    } catch {
      done(new AppError('VALIDATION_FAILED', 'Nội dung JSON không hợp lệ.'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    WEBHOOK_PATH,
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary:
          'Ngân hàng báo có (chuyển khoản VietQR). Xác thực: x-bank-signature = HMAC-SHA256 (hex) của thân yêu cầu với BANK_WEBHOOK_SECRET. Cùng mã giao dịch chỉ ghi nhận một lần.',
        headers: z.object({ 'x-bank-signature': z.string().optional() }),
        body: webhookBody,
        response: { 200: envelope(webhookAnswer) },
      },
    },
    async (request) => {
      const transfers = transfersOf(request);
      if (!transfers.driver.verify(rawBodies.get(request) ?? '', request.headers['x-bank-signature'])) {
        throw new AppError('UNAUTHENTICATED', 'Chữ ký thông báo chuyển khoản không hợp lệ.');
      }
      const results = [];
      for (const [index, credit] of creditsOf(request.body).entries()) {
        results.push(await transfers.receive(credit, JSON.stringify(request.body.transactions[index])));
      }
      return { data: { results } };
    },
  );

  app.get(
    '/api/user/order/transfer.json',
    {
      schema: {
        tags,
        summary:
          'Trạng thái chuyển khoản của đơn hàng (trang chờ thanh toán hỏi định kỳ): đang chờ, thiếu tiền, đã thanh toán, hết hạn…',
        querystring: z.object({ code: z.string().trim().max(20) }),
        response: { 200: envelope(transferStatusSchema) },
      },
    },
    async (request) => {
      if (!request.viewer) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
      return { data: await transfersOf(request).status(request.viewer.id, request.query.code.toUpperCase()) };
    },
  );

  if (!options.simulator) return;
  // The simulated bank: signs a credit notification like the real notifier and sends it to the webhook
  // — or, with `drop_notification`, sends none (only the statement reconciliation will find it).
  app.post(SIMULATOR_PATH, { schema: { hide: true, body: simulateInput } }, async (request, reply) => {
    const { code, amount, drop_notification: dropped } = request.body;
    const { credit, notice } = transfersOf(request).simulateTransfer(code, amount, !dropped);
    const wantsJson = request.headers.accept?.includes('application/json');
    if (!notice) {
      if (!wantsJson) return reply.redirect(transferPage(code), 303);
      return { data: { results: [], dropped: { transaction_id: credit.transactionId } } };
    }
    const answer = await (app as unknown as FastifyInstance).inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [notice.header]: notice.signature },
      payload: notice.rawBody,
    });
    if (!wantsJson) return reply.redirect(transferPage(code), 303);
    return reply.status(answer.statusCode).type('application/json').send(answer.body);
  });
};
