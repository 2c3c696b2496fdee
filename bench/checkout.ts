/**
 * Checkout under load (issue 5, "Must show"): 200 learners check out at once (`POST
 * /api/user/order.json`, VNPay), and each order's gateway notification is sent twice at the same
 * moment, signed as VNPay signs it with the simulator's credentials (`GET /api/payment/vnpay/ipn`,
 * the project's own signing code). Every order must be completed and its course granted exactly once:
 * duplicates and lost orders must be 0 (else exit 1). Throughput — checkouts plus notifications per
 * second — is printed as a ratio of the catalog read `GET /api/user/course.json` on the same product,
 * measured with autocannon in the same run, alternating with the checkout rounds.
 */
import { loadEnv } from '../config/env.ts';
import { readPaymentsConfig } from '../modules/payments/payments.config.ts';
import { formatGmt7 } from '../modules/payments/signing.ts';
import { signVnpay } from '../modules/payments/vnpay.ts';
import { fetchChecked, withServers, type Check, type ReportBenchmark } from './lib/bench.ts';
import { COMMERCE_DATA_PATH, type CommerceData, type CommerceOptions } from './lib/commerce-data.ts';
import { ownCpuSeconds, processCpuSeconds } from './lib/cpu.ts';
import { measure, median, type Run } from './lib/measure.ts';

const CHECKOUTS = 200;
/** Learners of the unmeasured warm-up round (when --warmup is not 0). */
const WARMUP_CHECKOUTS = 20;
const PRICE = 500_000;
const BASELINE_PATH = '/api/user/course.json';
const ORDER_PATH = '/api/user/order.json';
const IPN_PATH = '/api/payment/vnpay/ipn';
const REQUEST_TIMEOUT_MS = 60_000;

interface Shopper {
  phone: string;
  /** X-Forwarded-For: each learner has an address of their own. */
  address: string;
  bearer: string;
}

/** One learner's checkout: the order placed (or not), and what VNPay's two notifications were answered. */
interface Outcome {
  code: string | null;
  /** When the order was not placed: the status and the start of the answer. */
  failure: string | null;
  ipnAnswers: string[];
  orderMs: number;
  totalMs: number;
}

interface Round {
  outcomes: Outcome[];
  seconds: number;
  /** Checkouts and notifications answered, per second. */
  opsPerSecond: number;
  serverCpu: number;
  clientCpu: number;
}

const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

async function call(url: string, init: RequestInit & { address: string; bearer?: string }) {
  const response = await fetch(url, {
    ...init,
    headers: {
      'x-forwarded-for': init.address,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
    },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, text: await response.text() };
}

async function readData(origin: string): Promise<CommerceData> {
  return JSON.parse((await fetchChecked(origin + COMMERCE_DATA_PATH, 'application/json')).text) as CommerceData;
}

/** Signs in every learner and puts the course in their cart (not measured). */
async function prepareShoppers(origin: string, data: CommerceData): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let index = 0; index < data.phones.length; index += 16) {
    const batch = data.phones.slice(index, index + 16).map(async (phone, offset) => {
      const address = addressOf(index + offset + 1);
      const login = await call(`${origin}/api/user/login.json`, {
        method: 'POST',
        address,
        body: JSON.stringify({ username: phone, password: data.password }),
      });
      if (login.status !== 200) throw new Error(`login of ${phone} answered ${login.status}: ${login.text}`);
      const bearer = (JSON.parse(login.text) as { data: { token: string } }).data.token;
      const cart = await call(`${origin}/api/user/cart.json`, {
        method: 'PATCH',
        address,
        bearer,
        body: JSON.stringify({ pod_id: data.podId }),
      });
      if (cart.status !== 200) throw new Error(`adding to the cart answered ${cart.status}: ${cart.text}`);
      return { phone, address, bearer };
    });
    shoppers.push(...(await Promise.all(batch)));
  }
  return shoppers;
}

/** VNPay's notification for a payment URL, approved, signed with the merchant's secret as VNPay signs it. */
function signedIpn(paymentUrl: string, hashSecret: string, transactionNo: number): string {
  const request = new URL(paymentUrl).searchParams;
  const fields: Record<string, string> = {
    vnp_Amount: request.get('vnp_Amount') ?? '',
    vnp_BankCode: 'NCB',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: request.get('vnp_OrderInfo') ?? '',
    vnp_PayDate: formatGmt7(new Date()),
    vnp_ResponseCode: '00',
    vnp_TmnCode: request.get('vnp_TmnCode') ?? '',
    vnp_TransactionNo: String(transactionNo),
    vnp_TransactionStatus: '00',
    vnp_TxnRef: request.get('vnp_TxnRef') ?? '',
  };
  return new URLSearchParams({ ...fields, vnp_SecureHash: signVnpay(hashSecret, fields) }).toString();
}

async function checkout(origin: string, shopper: Shopper, hashSecret: string, transactionNo: number): Promise<Outcome> {
  const started = performance.now();
  const placed = await call(origin + ORDER_PATH, {
    method: 'POST',
    address: shopper.address,
    bearer: shopper.bearer,
    body: JSON.stringify({ payment_method: 'vnpay' }),
  }).catch((error: unknown) => ({ status: 0, text: String(error) }));
  const orderMs = performance.now() - started;
  if (placed.status !== 201) {
    return {
      code: null,
      failure: `${placed.status} ${placed.text.slice(0, 200)}`,
      ipnAnswers: [],
      orderMs,
      totalMs: orderMs,
    };
  }
  const { order, payment_url } = (JSON.parse(placed.text) as { data: { order: { code: string }; payment_url: string } })
    .data;
  const query = signedIpn(payment_url, hashSecret, transactionNo);
  // The gateway's retry racing its first notification: both at once, from the same address.
  const answers = await Promise.all(
    [0, 1].map(() =>
      call(`${origin}${IPN_PATH}?${query}`, { method: 'GET', address: shopper.address })
        .then((answer) =>
          answer.status === 200 ? (JSON.parse(answer.text) as { RspCode: string }).RspCode : `HTTP ${answer.status}`,
        )
        .catch(() => 'network error'),
    ),
  );
  return { code: order.code, failure: null, ipnAnswers: answers, orderMs, totalMs: performance.now() - started };
}

async function checkoutRound(origin: string, pid: number, shoppers: Shopper[], hashSecret: string): Promise<Round> {
  const started = { wall: performance.now(), server: processCpuSeconds(pid), client: ownCpuSeconds() };
  const outcomes = await Promise.all(
    shoppers.map((shopper, index) => checkout(origin, shopper, hashSecret, 10_000_000 + index)),
  );
  const seconds = (performance.now() - started.wall) / 1000;
  const operations = outcomes.reduce((sum, outcome) => sum + 1 + outcome.ipnAnswers.length, 0);
  return {
    outcomes,
    seconds,
    opsPerSecond: operations / seconds,
    serverCpu: (processCpuSeconds(pid) - started.server) / seconds,
    clientCpu: (ownCpuSeconds() - started.client) / seconds,
  };
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = (value: number) => (Number.isNaN(value) ? '?' : `${Math.round(value * 100)} %`);
const ms = (value: number) => `${integer.format(value)} ms`;
const WIDTHS = [9, 9, 9, 12, 12, 0];

/** A line of the baseline/checkout table: the label, then the cells right-aligned (the last one as is). */
function row(label: string, cells: string[]): string {
  return `  ${label.padEnd(10)}${cells.map((cell, index) => cell.padStart(WIDTHS[index]!)).join('')}`;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Every order should be answered `00` (confirmed) once and `02` (already confirmed) once. */
function readAnswers(outcomes: Outcome[]) {
  let extraConfirmations = 0;
  let unexpected = 0;
  for (const { code, ipnAnswers } of outcomes) {
    if (code === null) continue;
    const confirmed = ipnAnswers.filter((answer) => answer === '00').length;
    extraConfirmations += Math.max(0, confirmed - 1);
    if (confirmed !== 1 || ipnAnswers.filter((answer) => answer === '02').length !== 1) unexpected += 1;
  }
  return { extraConfirmations, unexpected };
}

export const checkoutBenchmark: ReportBenchmark = {
  kind: 'report',
  name: 'checkout',
  title: `${CHECKOUTS} concurrent checkouts (POST ${ORDER_PATH}, VNPay), each IPN sent twice: fulfilled exactly once; throughput vs GET ${BASELINE_PATH}`,
  needsBuild: false,
  run: (settings) =>
    withServers(settings, async (start) => {
      // The simulator's VNPay merchant (what development and demo use); the product runs in production
      // with it configured as a real merchant, and this process signs as VNPay would.
      const vnpay = readPaymentsConfig(loadEnv({ APP_ENV: 'demo', PUBLIC_URL: 'http://127.0.0.1:3000' })).vnpay;
      if (!vnpay) throw new Error('The simulator has no VNPay merchant configured.');
      const warmup = settings.warmupSeconds > 0 ? WARMUP_CHECKOUTS : 0;
      const commerce: CommerceOptions = { shoppers: warmup + CHECKOUTS * settings.rounds, price: PRICE, vnpay };
      const product = await start('product', { pages: false, commerce });
      await fetchChecked(product.origin + BASELINE_PATH, 'application/json');
      const shoppers = await prepareShoppers(product.origin, await readData(product.origin));
      const baselineTarget = product.target(BASELINE_PATH);

      if (warmup > 0) {
        await measure(baselineTarget, settings.warmupSeconds, settings.connections);
        await checkoutRound(product.origin, product.pid, shoppers.slice(0, warmup), vnpay.hashSecret);
      }
      const baselineRuns: Run[] = [];
      const rounds: Round[] = [];
      for (let round = 0; round < settings.rounds; round += 1) {
        baselineRuns.push(await measure(baselineTarget, settings.seconds, settings.connections));
        const slice = shoppers.slice(warmup + round * CHECKOUTS, warmup + (round + 1) * CHECKOUTS);
        rounds.push(await checkoutRound(product.origin, product.pid, slice, vnpay.hashSecret));
      }

      const data = await readData(product.origin);
      const outcomes = rounds.flatMap((round) => round.outcomes);
      const placed = outcomes.filter((outcome) => outcome.code !== null);
      const notPlaced = outcomes.filter((outcome) => outcome.code === null);
      const unfinished = new Map(data.unfinished.map((order) => [order.code, order.status]));
      const lostPlaced = placed.filter((outcome) => unfinished.has(outcome.code!));
      const lost = notPlaced.length + lostPlaced.length;
      const answers = readAnswers(outcomes);
      const duplicates = data.duplicateEnrolments + data.duplicatePaidNotices + answers.extraConfirmations;
      const completed = data.orders.completed ?? 0;
      const shopperCount = warmup + CHECKOUTS * settings.rounds;

      const baselineRps = median(baselineRuns.map((run) => run.rps));
      const checkoutOps = median(rounds.map((round) => round.opsPerSecond));
      const ratio = checkoutOps / baselineRps;
      const baselineFailed = baselineRuns.some((run) => run.non2xx + run.errors > 0);

      const totals = outcomes.map((outcome) => outcome.totalMs);
      const orderTimes = outcomes.map((outcome) => outcome.orderMs);
      const lines = [
        `  each round: ${CHECKOUTS} learners at once, each POST ${ORDER_PATH} (${integer.format(PRICE)} đ, VNPay),`,
        `  then its approved IPN twice at the same moment (GET ${IPN_PATH}, HMAC-SHA512); baseline`,
        `  GET ${BASELINE_PATH} with autocannon at ${settings.connections} connections; ${settings.rounds} rounds each, alternating` +
          (warmup > 0 ? `, after a warm-up (${warmup} checkouts, ${settings.warmupSeconds} s of reads)` : ''),
        row('', ['ops/s', 'p50', 'p99', 'server CPU', 'client CPU', '   ops/s of each run']),
        row('baseline', [
          integer.format(baselineRps),
          ms(median(baselineRuns.map((run) => run.p50))),
          ms(median(baselineRuns.map((run) => run.p99))),
          percent(median(baselineRuns.map((run) => run.serverCpu))),
          percent(median(baselineRuns.map((run) => run.clientCpu))),
          `   ${baselineRuns.map((run) => integer.format(run.rps)).join(', ')}`,
        ]),
        row('checkout', [
          integer.format(checkoutOps),
          ms(percentile(totals, 50)),
          ms(percentile(totals, 99)),
          percent(median(rounds.map((round) => round.serverCpu))),
          percent(median(rounds.map((round) => round.clientCpu))),
          `   ${rounds.map((round) => `${integer.format(round.opsPerSecond)} (${round.seconds.toFixed(2)} s)`).join(', ')}`,
        ]),
        `  checkout p50/p99: a learner's order and both IPNs; the order alone ${ms(percentile(orderTimes, 50))} / ${ms(percentile(orderTimes, 99))}`,
        `  orders completed ${completed} of ${shopperCount} learners (warm-up included); enrolments granted ${data.enrolments}`,
        `  duplicates ${duplicates} (enrolments ${data.duplicateEnrolments}, paid notices ${data.duplicatePaidNotices}, ` +
          `IPN confirmations ${answers.extraConfirmations}); lost orders ${lost} (not placed ${notPlaced.length}, ` +
          `placed but not completed ${lostPlaced.length})`,
        `  orders whose IPNs were not answered once 00 and once 02: ${answers.unexpected}`,
        `  ratio ${ratio.toFixed(3)} (checkouts + notifications per second ÷ catalog reads per second; no target)`,
      ];
      if (notPlaced.length > 0) lines.push(`  first refused checkout: ${notPlaced[0]!.failure}`);
      if (lostPlaced.length > 0)
        lines.push(`  first unfinished order: ${lostPlaced[0]!.code} (${unfinished.get(lostPlaced[0]!.code!)})`);

      const exact = (label: string, value: number): Check => ({
        label,
        value: String(value),
        target: '= 0',
        verdict: value === 0 ? 'PASS' : 'ERROR',
      });
      const checks: Check[] = [
        exact('duplicates', duplicates),
        exact('lost orders', lost),
        exact('unexpected IPN answers', answers.unexpected),
        {
          label: 'throughput ratio',
          value: ratio.toFixed(3),
          target: 'reported, no target',
          verdict: baselineFailed || Number.isNaN(ratio) ? 'ERROR' : 'PASS',
        },
      ];
      return { lines, checks };
    }),
};
