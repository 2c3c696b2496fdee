/**
 * npm run orders:refund -- <order code> [--amount N] --reason "..."
 *
 * Refunds a completed order paid through MoMo, OnePay or VNPay (the whole payment, or N đồng of
 * it): the gateway is asked, then the order becomes refunded, its enrolments end and the learner is
 * notified. Outside production the gateways are the simulators of the running server (PUBLIC_URL):
 * start it first. Exits non-zero with a message when the refund is refused.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { formatMoney } from '../lib/format/money.ts';
import { createServices } from '../modules/services.ts';
import { runCli, UsageError } from './cli.ts';

const USAGE = 'Cách dùng: npm run orders:refund -- <mã đơn> [--amount số_tiền] --reason "lý do"';

function readOptions(argv: string[]) {
  const [command, ...rest] = argv;
  if (command !== 'refund') throw new UsageError(`Lệnh không hợp lệ: "${command ?? ''}".`);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { amount: { type: 'string' }, reason: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('Cần đúng một mã đơn hàng.');
  if (!values.reason?.trim()) throw new UsageError('Cần --reason "lý do hoàn tiền".');
  if (values.amount !== undefined && !/^\d+$/.test(values.amount))
    throw new UsageError(`--amount phải là số đồng, không dấu chấm (nhận được "${values.amount}").`);
  return {
    code: positionals[0]!,
    amount: values.amount === undefined ? undefined : Number(values.amount),
    reason: values.reason,
  };
}

await runCli(USAGE, readOptions, async (options, { env, database }) => {
  const services = createServices({ db: database.db, engine: database.engine, env, remoteSimulator: true });
  if (services.paymentsConfig.simulator)
    console.error(`Cổng thanh toán giả lập: máy chủ ở ${env.PUBLIC_URL} cần đang chạy.`);
  // The learner's notification is pushed by a job: the queue takes sends (the server works them).
  await services.jobs.start();
  // With REDIS_URL the services hold a connection: let it go, or the command would not end.
  const done = await services.refunds
    .refundOrder({ ...options, actor: `cli:${os.userInfo().username}` })
    .finally(async () => {
      await services.push.idle(0);
      await services.jobs.stop();
      services.redis?.close();
    });
  const state = done.status === 'refunded' ? 'đã hoàn' : 'đã được cổng thanh toán nhận, đang xử lý';
  console.log(
    `Đơn ${done.code}: ${state} ${formatMoney(done.amount)} qua ${done.gateway} (mã giao dịch hoàn ${done.gatewayRef ?? 'chưa có'}); ${done.enrolmentsRevoked} quyền học đã kết thúc; học viên đã được thông báo.`,
  );
});
