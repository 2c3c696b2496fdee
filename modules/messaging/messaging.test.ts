/**
 * Outgoing mail through the job queue against a real SMTP server (npm smtp-server), on both engines:
 * a request only enqueues, so SMTP down or silent never fails or holds it; the job retries and
 * delivers once SMTP is back, or ends failed with its error on the studio's jobs page; a message
 * sent twice arrives once; a one-time code overtakes a backlog of bulk mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { outboxDelivered } from '../../tests/helpers/outbox.ts';
import { waitFor } from '../../tests/helpers/private-servers.ts';
import { createSmtpCapture, mailTo, type SmtpCapture } from '../../tests/helpers/smtp.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createJobQueue, createJobsAdmin } from '../jobs/index.ts';
import { createMessagingService, MESSAGE_QUEUES } from './messaging.service.ts';

let t: TestContext;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await createSmtpCapture();
  await smtp.start();
  t = await createTestContext({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

function forgotPassword(username: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/forgot_password.json',
    payload: { username },
    remoteAddress: nextClientAddress(),
  });
}

async function latestRow(recipient: string) {
  return t.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('a request that sends mail', () => {
  it('answers normally with SMTP down; the job retries and delivers once SMTP is back', async () => {
    const user = await createUser(t.db, { email: 'smtp-down@khaitri.vn' });
    await smtp.stop();
    const response = await forgotPassword(user.email!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.channel).toBe('email');
    // The first attempt fails and is recorded; the message waits for its retry.
    await waitFor(async () => (await latestRow(user.email!)).error !== null, 'the failed attempt');
    const failed = await latestRow(user.email!);
    expect(failed).toMatchObject({ state: 'queued', urgent: 1, attempts: 1 });
    expect(failed.error).toMatch(/ECONNREFUSED|connect/i);
    await smtp.start();
    await outboxDelivered(t.db, user.email!, 30_000);
    const sent = await latestRow(user.email!);
    expect(sent).toMatchObject({ state: 'sent', transport: 'smtp', attempts: 2, error: null, body: '' });
    const mails = mailTo(smtp, user.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.messageId).toBe(`<outbox-${sent.id}@khaitri.vn>`);
    expect(mails[0]!.raw).toContain('quen-mat-khau-step-2');
  }, 60_000);

  it('answers without waiting for an SMTP server that accepts and stays silent', async () => {
    const user = await createUser(t.db, { email: 'smtp-silent@khaitri.vn' });
    await smtp.stop();
    await smtp.startSilent();
    const response = await forgotPassword(user.email!);
    expect(response.statusCode, response.body).toBe(200);
    // Answered while the message cannot have been delivered: the request did not wait for SMTP.
    expect((await latestRow(user.email!)).state).not.toBe('sent');
    expect(mailTo(smtp, user.email!)).toHaveLength(0);
    await smtp.stop();
    await smtp.start();
    await outboxDelivered(t.db, user.email!, 40_000);
    expect(mailTo(smtp, user.email!)).toHaveLength(1);
  }, 60_000);
});

describe('delivery', () => {
  it('sends a message once however many times its job runs, concurrently or again', async () => {
    const to = 'twice@khaitri.vn';
    await t.services.messaging.sendEmail({ to, subject: 'Thông báo', text: 'Một lần thôi.' });
    const { id } = await latestRow(to);
    const runs = await Promise.allSettled([t.services.messaging.deliver(id), t.services.messaging.deliver(id)]);
    expect(runs.filter((run) => run.status === 'fulfilled' && run.value === 'sent').length).toBeLessThanOrEqual(1);
    await outboxDelivered(t.db, to);
    // Its job (racing the two runs above) and a run repeated later send nothing more.
    expect(await t.services.messaging.deliver(id)).toBe('already sent');
    expect(mailTo(smtp, to)).toHaveLength(1);
  });

  it('delivers a one-time code ahead of a backlog of bulk mail', async () => {
    smtp.delayMs = 20;
    try {
      const bulk = Array.from({ length: 60 }, (_, n) => `bulk-${n}@khaitri.vn`);
      for (const to of bulk) await t.services.messaging.sendEmail({ to, subject: 'Bản tin', text: 'Tin tuần này.' });
      const user = await createUser(t.db, { phone: '84911222333' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login_phone.json',
        payload: { username: '0911222333' },
        remoteAddress: nextClientAddress(),
      });
      expect(response.statusCode, response.body).toBe(200);
      await outboxDelivered(t.db, user.phone!);
      // The code is out while bulk mail queued before it still waits.
      const waiting = await t.db
        .selectFrom('outbox_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient', 'like', 'bulk-%')
        .where('state', '!=', 'sent')
        .executeTakeFirstOrThrow();
      expect(Number(waiting.n)).toBeGreaterThan(0);
      await outboxDelivered(t.db, undefined, 30_000);
      expect(bulk.every((to) => mailTo(smtp, to).length === 1)).toBe(true);
    } finally {
      smtp.delayMs = 0;
    }
  }, 60_000);

  it('ends failed with its error on the studio jobs page, and its retry sends it', async () => {
    // A queue of the test's own with short retries; the app's own queue is paused meanwhile.
    await t.services.jobs.stop();
    const queue = createJobQueue(t.db, t.services.engine, { pollMs: 50 });
    const messaging = createMessagingService(
      t.db,
      {
        smtpUrl: smtp.url,
        mailFrom: 'Khai Trí <no-reply@khaitri.vn>',
        policies: { bulk: { retryLimit: 1, retryDelaySeconds: 1 } },
      },
      queue,
    );
    const admin = createJobsAdmin({ queue, audit: async () => undefined });
    try {
      await messaging.registerJobs();
      await queue.start();
      await smtp.stop();
      await messaging.sendEmail({ to: 'failed@khaitri.vn', subject: 'Hóa đơn', text: 'Hóa đơn tháng này.' });
      await waitFor(async () => (await queue.failed()).length > 0, 'the failed job', 30_000);
      const page = await admin.overview();
      expect(page.failed[0]).toMatchObject({ name: MESSAGE_QUEUES.bulk, label: 'Gửi email và SMS', attempts: 2 });
      expect(page.failed[0]!.error).toMatch(/ECONNREFUSED|connect/i);
      expect(page.queues.find((item) => item.name === MESSAGE_QUEUES.bulk)?.failed).toBe(1);
      expect((await latestRow('failed@khaitri.vn')).state).toBe('queued');
      await smtp.start();
      const actor = { viewer: { id: 1, fullName: 'Quản trị', role: 'admin' as const, sessionId: 's' }, ip: null };
      await admin.retry(actor, MESSAGE_QUEUES.bulk, page.failed[0]!.id);
      await outboxDelivered(t.db, 'failed@khaitri.vn', 20_000);
      expect(mailTo(smtp, 'failed@khaitri.vn')).toHaveLength(1);
    } finally {
      await queue.stop();
      messaging.close();
      await t.services.jobs.start();
    }
  }, 60_000);
});
