/**
 * Reconciliation against the bank statement on the real app (both engines): a transfer whose
 * notification the bank dropped is found by the periodic job and completes its order once; a credit
 * both notified and listed counts once, also when the two race; a statement file in Vietnamese
 * formats is read and matched like notifications, and a malformed one is refused with nothing
 * written; the studio's reconciliation endpoints check their permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { transferOrder } from '../../tests/helpers/transfers.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let editor: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestContext();
  const adminUser = await createUser(t.db, { role: 'admin' });
  admin = await signIn(t, adminUser.phone!, adminUser.password);
  const editorUser = await createUser(t.db, { role: 'editor' });
  editor = await signIn(t, editorUser.phone!, editorUser.password);
});
afterAll(async () => {
  await t.close();
});

const as = (who: { bearer: Record<string, string> }, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who.bearer,
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : {}),
  });

/** The simulated bank transfers for `code`; with `drop`, its notification never leaves. */
async function simulate(code: string, amount: number, drop = false) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/__sim/pay/chuyen-khoan',
    headers: { accept: 'application/json' },
    payload: { code, amount, drop_notification: drop },
    remoteAddress: nextClientAddress(),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as { results: { state: string }[]; dropped?: { transaction_id: string } };
}

const reconciliation = () => t.services.transfers!.reconciliation;
/** What the periodic `transfers.reconcile` job runs (server/jobs.ts; its wiring is tested in server/jobs.test.ts). */
const job = () => ({ run: (now: Date) => reconciliation().run('job', now) });
const creditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('bank_credits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const runCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('bank_statement_runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a notification the bank never sent', () => {
  it('is found by the periodic job, which completes the order once; later runs know it', async () => {
    const order = await transferOrder(t);
    const sent = await simulate(order.code, 350_000, true);
    expect(sent.results).toEqual([]);
    const transactionId = sent.dropped!.transaction_id;
    expect((await order.details()).status).toBe('pending');
    expect(await order.credits()).toEqual([]);

    await job().run(new Date());
    expect((await order.details()).status).toBe('completed');
    expect(await order.credits()).toEqual([
      expect.objectContaining({ transaction_id: transactionId, state: 'matched', source: 'statement' }),
    ]);
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);

    // Two instances' runs at once, and a run later: nothing new.
    await Promise.all([job().run(new Date()), job().run(new Date())]);
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);
    expect(await order.credits()).toHaveLength(1);

    const runs = (await as(admin, 'GET', '/api/admin/transfers/reconciliations.json')).json().data;
    expect(runs).toMatchObject({ automatic: true, every_minutes: 15, window_minutes: 1440 });
    const [latest] = runs.items as { kind: string; recorded: number; known: number; listed: number }[];
    expect(latest).toMatchObject({ kind: 'job', recorded: 0 });
    expect(latest!.known).toBe(latest!.listed);
  });

  it('a late one completes the expired order as a late notification would', async () => {
    const order = await transferOrder(t);
    await simulate(order.code, 350_000, true);
    await t.services.orders.expireOverdue(new Date(Date.now() + 24 * 3_600_000));
    expect((await order.details()).status).toBe('expired');
    const run = (await as(admin, 'POST', '/api/admin/transfers/reconcile.json')).json().data;
    expect(run).toMatchObject({ kind: 'manual', error: null });
    expect(run.recorded).toBeGreaterThanOrEqual(1);
    expect((await order.details()).status).toBe('completed');
  });
});

describe('a credit both notified and in the statement', () => {
  it('counts once when the notification came first', async () => {
    const order = await transferOrder(t);
    expect((await simulate(order.code, 350_000)).results[0]!.state).toBe('matched');
    const run = await reconciliation().run('manual');
    expect(run.error).toBeNull();
    expect(await order.credits()).toEqual([expect.objectContaining({ state: 'matched', source: 'webhook' })]);
    expect(await order.enrolments()).toBe(1);
    expect(await order.notices('order_paid')).toBe(1);
  });

  it('counts once when the notification and the statement run race', async () => {
    for (let round = 0; round < 3; round += 1) {
      const order = await transferOrder(t, 420_000);
      const { notice } = t.services.transfers!.simulateTransfer(order.code, 420_000);
      const [answer] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/payment/chuyen-khoan/webhook',
          headers: { 'content-type': 'application/json', [notice!.header]: notice!.signature },
          payload: notice!.rawBody,
          remoteAddress: nextClientAddress(),
        }),
        reconciliation().run('job'),
        reconciliation().run('manual'),
      ]);
      expect(answer.statusCode).toBe(200);
      expect((await order.details()).status).toBe('completed');
      expect(await order.credits()).toEqual([expect.objectContaining({ amount: 420_000, state: 'matched' })]);
      expect(await order.enrolments()).toBe(1);
      expect(await order.notices('order_paid')).toBe(1);
    }
  });
});

describe('a statement file uploaded in the studio', () => {
  const upload = (csv: string, who = admin, file_name = 'sao-ke-vietinbank.csv') =>
    as(who, 'POST', '/api/admin/transfers/statement.json', { file_name, csv });

  it('reads Vietnamese amounts, times, quoted notes, a BOM and blank lines, and matches like notifications', async () => {
    const exact = await transferOrder(t, 1_250_000);
    const short = await transferOrder(t, 500_000);
    const stamp = Date.now();
    const csv = [
      '\uFEFFMã giao dịch,Thời gian,Số tiền,Nội dung,Số dư',
      `FT${stamp}1,26/11/2026 08:15:02,"1.250.000","MBVCB.3278614.${exact.code}.CT tu 0912345678 NGUYEN VAN AN","9.000.000"`,
      '',
      `FT${stamp}2,2026-11-26T09:02:45+07:00,200.000 đ,"Chuyển tiền ""học phí"", đợt 1`,
      `mã ${short.code}"`,
      `FT${stamp}3,26/11/2026 10:30,"-15.000","Phi dich vu SMS Banking"`,
      `FT${stamp}4,26-11-2026,"350.000,00","ung ho quy khuyen hoc"`,
      '   ',
      '',
    ].join('\r\n');
    const answer = await upload(csv);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      kind: 'import',
      file_name: 'sao-ke-vietinbank.csv',
      listed: 3,
      recorded: 3,
      known: 0,
      unmatched: 1,
      debits: 1,
    });
    expect((await exact.details()).status).toBe('completed');
    expect(await exact.credits()).toEqual([expect.objectContaining({ amount: 1_250_000, source: 'import' })]);
    expect(await short.status()).toMatchObject({ state: 'underpaid', received: 200_000, missing: 300_000 });
    const unmatched = await t.db
      .selectFrom('bank_credits')
      .select(['amount', 'state', 'note', 'booked_at'])
      .where('transaction_id', '=', `FT${stamp}4`)
      .executeTakeFirstOrThrow();
    expect(unmatched).toMatchObject({ amount: 350_000, state: 'unmatched', note: 'ung ho quy khuyen hoc' });
    expect(new Date(unmatched.booked_at).toISOString()).toBe('2026-11-25T17:00:00.000Z');

    // The same file again, and the rest of the short order by `;`-separated lines without a header.
    const again = await upload(csv);
    expect(again.json().data).toMatchObject({ listed: 3, recorded: 0, known: 3 });
    const rest = await upload(`FT${stamp}5;26/11/2026 11:00:00;300 000 VND;CK bo sung ${short.code}\n`);
    expect(rest.json().data).toMatchObject({ recorded: 1, unmatched: 0 });
    expect((await short.details()).status).toBe('completed');
    expect(await short.enrolments()).toBe(1);
  });

  it('refuses a malformed file with the lines at fault, writing nothing', async () => {
    const order = await transferOrder(t);
    const [credits, runs] = [await creditCount(), await runCount()];
    const bad = [
      'Mã giao dịch,Thời gian,Số tiền,Nội dung',
      `FTOK${Date.now()},26/11/2026 08:15:02,"350.000",${order.code}`,
      'FTBAD1,31/02/2026 08:00,"100.000",ngay khong ton tai',
      'FTBAD2,26/11/2026 08:00,"12,5",so tien le',
      'FTBAD3,26/11/2026 08:00',
    ].join('\n');
    const answer = await upload(bad);
    expect(answer.statusCode).toBe(400);
    const message = answer.json().error.message as string;
    expect(message).toMatch(/^Tệp sao kê không hợp lệ, chưa ghi nhận gì/);
    expect(message).toContain('dòng 3: thời gian “31/02/2026 08:00” không đọc được');
    expect(message).toContain('dòng 4: số tiền “12,5” không hợp lệ');
    expect(message).toContain('dòng 5: thiếu cột');

    const unclosed = await upload(`FTQ1,26/11/2026 08:00,"350.000","${order.code} chua dong ngoac\n`);
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().error.message).toContain('dấu ngoặc kép mở ở dòng 1 không được đóng');
    const conflicting = await upload('FTD,26/11/2026 08:00,100.000,a\nFTD,26/11/2026 08:00,200.000,a\n');
    expect(conflicting.json().error.message).toContain('xuất hiện hai lần với số tiền khác nhau');
    expect((await upload('\uFEFF\r\n\r\n')).statusCode).toBe(400);

    expect(await creditCount()).toBe(credits);
    expect(await runCount()).toBe(runs);
    expect((await order.details()).status).toBe('pending');
  });

  it('is for admins; editors see the runs; learners see nothing', async () => {
    const order = await transferOrder(t);
    const learner = order.shopper.session;
    const csv = `FTP${Date.now()},26/11/2026 08:15:02,350.000,${order.code}`;
    expect((await upload(csv, editor)).statusCode).toBe(403);
    expect((await upload(csv, learner)).statusCode).toBe(403);
    expect((await as(editor, 'POST', '/api/admin/transfers/reconcile.json')).statusCode).toBe(403);
    expect((await as(learner, 'GET', '/api/admin/transfers/reconciliations.json')).statusCode).toBe(403);
    expect((await as(editor, 'GET', '/api/admin/transfers/reconciliations.json')).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/transfers/statement.json',
      payload: { csv },
      remoteAddress: nextClientAddress(),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await order.details()).status).toBe('pending');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['transfer.import', 'transfer.reconcile'])
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});
