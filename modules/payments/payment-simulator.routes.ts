/**
 * The gateways, simulated for development, demo and tests (ARCHITECTURE.md §5; never in production).
 * Each serves a payment page (approve, decline, cancel, approve but lose the notification, or leave
 * it to time out), checks the merchant's signature like the gateway, sends the signed IPN server to
 * server, then redirects the browser to the return URL with the signed result — with the same signing
 * code as the real providers. The back office (gateway-simulator.ts) remembers each transaction and
 * answers the query and refund APIs, in-process or over HTTP here (for the CLI against a server).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney } from '../../lib/format/money.ts';
import type { GatewaySimulator, SimulatedGateway } from './gateway-simulator.ts';
import { signMomoResult, verifyMomoCreateRequest } from './momo.ts';
import { verifyOnepay, withOnepayHash, type OnepayConfig } from './onepay.ts';
import { SIMULATOR_PREFIX, type PaymentsConfig } from './payments.config.ts';
import { formatGmt7, sameHex } from './signing.ts';
import { signVnpay } from './vnpay.ts';
import { ZALOPAY_SIMULATED_CODES } from './zalopay-simulator.ts';

type Decision = 'approve' | 'decline' | 'cancel';
const CODES: Record<SimulatedGateway, Record<Decision, string>> = {
  momo: { approve: '0', decline: '1001', cancel: '1006' },
  onepay: { approve: '0', decline: '21', cancel: '99' },
  vnpay: { approve: '00', decline: '51', cancel: '24' },
  zalopay: ZALOPAY_SIMULATED_CODES,
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const LOST_IPN = 'lost';

function page(gateway: string, amount: number, info: string, decide: (decision: Decision) => string, back: string) {
  const link = (decision: Decision, label: string, primary = false) =>
    `<a class="choice${primary ? ' primary' : ''}" data-decision="${decision}" href="${escapeHtml(decide(decision))}">${label}</a>`;
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Giả lập ${escapeHtml(gateway)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#0f172a}a.choice{display:block;margin:.6rem 0;padding:.8rem 1rem;border:1px solid #cbd5e1;border-radius:.75rem;text-decoration:none;color:inherit}a.primary{background:#0b5fff;color:#fff;border-color:#0b5fff}.note{background:#fef9c3;padding:.6rem .8rem;border-radius:.5rem}</style></head><body>
<p class="note">Trang giả lập cổng thanh toán ${escapeHtml(gateway)}, chỉ có ở môi trường phát triển, demo và kiểm thử.</p>
<h1>Thanh toán ${escapeHtml(formatMoney(amount))}</h1><p>${escapeHtml(info)}</p>
${link('approve', 'Đồng ý thanh toán', true)}${link('decline', 'Giao dịch bị từ chối (không đủ số dư)')}${link('cancel', 'Hủy giao dịch')}
<a class="choice" data-decision="approve-lost" href="${escapeHtml(`${decide('approve')}&ipn=${LOST_IPN}`)}">Trả tiền xong nhưng thông báo IPN bị thất lạc (để đối soát tìm ra)</a>
<a class="choice" href="${escapeHtml(back)}">Bỏ dở (để đơn hết hạn)</a></body></html>`;
}

const invalid =
  '<!doctype html><html lang="vi"><meta charset="utf-8"><title>Giả lập</title><h1>Yêu cầu thanh toán không hợp lệ (sai chữ ký)</h1></html>';

export const paymentSimulatorRoutes: FastifyPluginAsyncZod<{ config: PaymentsConfig }> = async (app, { config }) => {
  const anyQuery = z.record(z.string(), z.string());
  const hidden = { hide: true, querystring: anyQuery };

  /** Server to server, as the gateway would: our own URLs go through the app in-process. */
  async function sendIpn(url: string, method: 'GET' | 'POST', fields: Record<string, string | number>) {
    if (url.startsWith(config.publicUrl)) {
      const path = url.slice(config.publicUrl.length);
      await (app as unknown as FastifyInstance).inject(
        method === 'POST'
          ? { method, url: path, payload: fields }
          : { method, url: `${path}?${new URLSearchParams(fields as Record<string, string>)}` },
      );
      return;
    }
    await fetch(method === 'POST' ? url : `${url}?${new URLSearchParams(fields as Record<string, string>)}`, {
      method,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
  }
  /**
   * OnePay and VNPay notify the IPN address set in the merchant's back office: the return path's
   * `/ipn` twin on PUBLIC_URL, whichever host the browser returns to.
   */
  const ipnUrlFor = (returnUrl: string) =>
    `${config.publicUrl}${new URL(returnUrl, config.publicUrl).pathname.replace(/\/return$/, '/ipn')}`;
  const withQuery = (url: string, fields: Record<string, string>) =>
    `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(fields).toString()}`;
  const decideUrl = (path: string, query: Record<string, string>) => (decision: Decision) =>
    `${SIMULATOR_PREFIX}${path}?${new URLSearchParams({ ...query, decision })}`;
  const readDecision = (query: Record<string, string>): Decision =>
    query.decision === 'approve' || query.decision === 'decline' ? query.decision : 'cancel';
  const simulatorOf = (request: FastifyRequest): GatewaySimulator => request.services.payments.simulator!;
  /** Remembers the payer's decision in the back office; the transaction number the gateway gives it. */
  const remember = (request: FastifyRequest, gateway: SimulatedGateway, ref: string, amount: number) => {
    const decision = readDecision(request.query as Record<string, string>);
    const code = CODES[gateway][decision];
    return {
      decision,
      code,
      transactionId: simulatorOf(request).decide(gateway, ref, amount, decision === 'approve', code),
    };
  };
  const lostIpn = (query: Record<string, string>) => query.ipn === LOST_IPN;

  // The merchant APIs (query, refund; MoMo create) over HTTP, answered by the same back office.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const apiBody = { hide: true, body: z.record(z.string(), z.unknown()) };
  for (const path of [
    '/momo/v2/gateway/api/:action',
    '/vnpay/merchant_webapi/api/transaction',
    '/zalopay/v2/:action',
  ]) {
    app.post(`${SIMULATOR_PREFIX}${path}`, { schema: apiBody }, async (request) =>
      simulatorOf(request).answerJson(`${config.publicUrl}${request.url}`, request.body),
    );
  }
  app.post(`${SIMULATOR_PREFIX}/onepay/msp/api/v1/vpc/*`, { schema: apiBody }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        new URLSearchParams(
          simulatorOf(request).answerForm(request.url, request.body as Record<string, string>),
        ).toString(),
      ),
  );

  if (config.momo) {
    const momo = config.momo;
    const readRequest = (data: string | undefined) => {
      try {
        const body = JSON.parse(Buffer.from(data ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
        return verifyMomoCreateRequest(momo, body) ? body : null;
      } catch {
        return null;
      }
    };
    app.get(`${SIMULATOR_PREFIX}/momo/pay`, { schema: hidden }, async (request, reply) => {
      const body = readRequest(request.query.data);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!body) return reply.status(400).send(invalid);
      const decide = decideUrl('/momo/decide', { data: request.query.data! });
      return page(
        'MoMo',
        Number(body.amount),
        String(body.orderInfo),
        decide,
        String(body.redirectUrl).replace(/\/api\/payment.*$/, '/tai-khoan/don-hang'),
      );
    });
    app.get(`${SIMULATOR_PREFIX}/momo/decide`, { schema: hidden }, async (request, reply) => {
      const body = readRequest(request.query.data);
      if (!body) return reply.status(400).type('text/html; charset=utf-8').send(invalid);
      const { decision, code, transactionId } = remember(request, 'momo', String(body.orderId), Number(body.amount));
      const result = signMomoResult(momo, {
        partnerCode: momo.partnerCode,
        orderId: String(body.orderId),
        requestId: String(body.requestId),
        amount: String(body.amount),
        orderInfo: String(body.orderInfo),
        orderType: 'momo_wallet',
        transId: transactionId,
        resultCode: code,
        message: decision === 'approve' ? 'Thành công.' : 'Giao dịch không thành công.',
        payType: 'qr',
        responseTime: String(Date.now()),
        extraData: String(body.extraData ?? ''),
      });
      if (!lostIpn(request.query)) await sendIpn(String(body.ipnUrl), 'POST', result);
      return reply.redirect(withQuery(String(body.redirectUrl), result), 302);
    });
  }

  const onepays: [string, OnepayConfig | null, boolean][] = [
    ['/onepay/onecomm-pay/vpc.op', config.onepayDomestic, true],
    ['/onepay/vpcpay/vpcpay.op', config.onepayInternational, false],
  ];
  for (const [path, onepay, domestic] of onepays) {
    if (!onepay) continue;
    const valid = (query: Record<string, string>) =>
      verifyOnepay(onepay.hashKey, query) && query.vpc_Merchant === onepay.merchant;
    app.get(`${SIMULATOR_PREFIX}${path}`, { schema: hidden }, async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!valid(request.query)) return reply.status(400).send(invalid);
      const { query } = request;
      simulatorOf(request).open('onepay', query.vpc_MerchTxnRef ?? '', Number(query.vpc_Amount) / 100);
      return page(
        domestic ? 'OnePay nội địa' : 'OnePay quốc tế',
        Number(query.vpc_Amount) / 100,
        query.vpc_OrderInfo ?? '',
        decideUrl(`${path}/decide`, query),
        query.AgainLink ?? '/',
      );
    });
    app.get(`${SIMULATOR_PREFIX}${path}/decide`, { schema: hidden }, async (request, reply) => {
      const { query } = request;
      if (!valid(query)) return reply.status(400).type('text/html; charset=utf-8').send(invalid);
      const ref = query.vpc_MerchTxnRef ?? '';
      const { code, transactionId } = remember(request, 'onepay', ref, Number(query.vpc_Amount) / 100);
      const fields: Record<string, string> = {
        vpc_Version: '2',
        vpc_Command: 'pay',
        vpc_Locale: query.vpc_Locale ?? 'vn',
        vpc_Merchant: onepay.merchant,
        vpc_MerchTxnRef: ref,
        vpc_OrderInfo: query.vpc_OrderInfo ?? '',
        vpc_Amount: query.vpc_Amount ?? '',
        vpc_TxnResponseCode: code,
        vpc_TransactionNo: transactionId,
        ...(domestic ? { vpc_CurrencyCode: 'VND', vpc_AdditionData: '970436' } : { vpc_Card: 'VC' }),
      };
      const signed = withOnepayHash(onepay.hashKey, fields);
      const returnUrl = query.vpc_ReturnURL ?? `${config.publicUrl}/`;
      if (!lostIpn(query)) await sendIpn(ipnUrlFor(returnUrl), 'GET', signed);
      return reply.redirect(withQuery(returnUrl, signed), 302);
    });
  }

  if (config.vnpay) {
    const vnpay = config.vnpay;
    const valid = (query: Record<string, string>) =>
      sameHex(signVnpay(vnpay.hashSecret, query), query.vnp_SecureHash) && query.vnp_TmnCode === vnpay.tmnCode;
    const path = '/vnpay/paymentv2/vpcpay.html';
    app.get(`${SIMULATOR_PREFIX}${path}`, { schema: hidden }, async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!valid(request.query)) return reply.status(400).send(invalid);
      const { query } = request;
      simulatorOf(request).open('vnpay', query.vnp_TxnRef ?? '', Number(query.vnp_Amount) / 100);
      return page(
        'VNPay',
        Number(query.vnp_Amount) / 100,
        query.vnp_OrderInfo ?? '',
        decideUrl(`${path}/decide`, query),
        '/tai-khoan/don-hang',
      );
    });
    app.get(`${SIMULATOR_PREFIX}${path}/decide`, { schema: hidden }, async (request, reply) => {
      const { query } = request;
      if (!valid(query)) return reply.status(400).type('text/html; charset=utf-8').send(invalid);
      const ref = query.vnp_TxnRef ?? '';
      const { code, transactionId } = remember(request, 'vnpay', ref, Number(query.vnp_Amount) / 100);
      const fields: Record<string, string> = {
        vnp_Amount: query.vnp_Amount ?? '',
        vnp_BankCode: 'NCB',
        vnp_CardType: 'ATM',
        vnp_OrderInfo: query.vnp_OrderInfo ?? '',
        vnp_PayDate: formatGmt7(new Date()),
        vnp_ResponseCode: code,
        vnp_TmnCode: vnpay.tmnCode,
        vnp_TransactionNo: transactionId,
        vnp_TransactionStatus: code === '00' ? '00' : '02',
        vnp_TxnRef: ref,
      };
      const signed = { ...fields, vnp_SecureHash: signVnpay(vnpay.hashSecret, fields) };
      const returnUrl = query.vnp_ReturnUrl ?? `${config.publicUrl}/`;
      if (!lostIpn(query)) await sendIpn(ipnUrlFor(returnUrl), 'GET', signed);
      return reply.redirect(withQuery(returnUrl, signed), 302);
    });
  }

  if (config.zalopay) {
    // ZaloPay calls back (key2-signed JSON) only a payment that succeeded; every decision returns the
    // browser to embed_data's redirecturl with the key2 checksum.
    const backOffice = (request: FastifyRequest) => simulatorOf(request).zalopay!;
    const readOrder = (request: FastifyRequest) =>
      backOffice(request).readOrder((request.query as Record<string, string>).order);
    const redirectOf = (order: Record<string, unknown>) => {
      const embed = JSON.parse(String(order.embed_data)) as { redirecturl?: unknown };
      return typeof embed.redirecturl === 'string' ? embed.redirecturl : `${config.publicUrl}/tai-khoan/don-hang`;
    };
    app.get(`${SIMULATOR_PREFIX}/zalopay/pay`, { schema: hidden }, async (request, reply) => {
      const order = readOrder(request);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!order) return reply.status(400).send(invalid);
      simulatorOf(request).open('zalopay', String(order.app_trans_id), Number(order.amount));
      return page(
        'ZaloPay',
        Number(order.amount),
        String(order.description),
        decideUrl('/zalopay/decide', { order: request.query.order! }),
        redirectOf(order).replace(/\/api\/payment.*$/, '/tai-khoan/don-hang'),
      );
    });
    app.get(`${SIMULATOR_PREFIX}/zalopay/decide`, { schema: hidden }, async (request, reply) => {
      const order = readOrder(request);
      if (!order) return reply.status(400).type('text/html; charset=utf-8').send(invalid);
      const ref = String(order.app_trans_id);
      const { decision, code, transactionId } = remember(request, 'zalopay', ref, Number(order.amount));
      if (decision === 'approve') {
        const callback = backOffice(request).callbackFor(order, transactionId);
        if (!lostIpn(request.query)) await sendIpn(String(order.callback_url), 'POST', callback);
      }
      return reply.redirect(withQuery(redirectOf(order), backOffice(request).returnFields(order, code)), 302);
    });
  }
};
