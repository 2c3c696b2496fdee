/**
 * Broadcasts delivered exactly once on the real job queue (issue 18, decision 0012): a broadcast to a
 * few hundred learners whose job dies after a batch and is finished by another instance, two
 * instances working the same broadcast (duplicate jobs included), and batches run concurrently by
 * two instances on the same database. Each learner gets one notification and one Web Push (a real
 * local push endpoint), `sent_count` counts the rows inserted, and the cursor never moves backwards.
 */
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../../config/env.ts';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { createUser, createUsers } from '../../tests/factories/accounts.ts';
import { startPushEndpoint } from '../../tests/helpers/push-endpoint.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createJobQueue, type JobQueue } from '../jobs/index.ts';
import { SENDING_HOURS, type SendingHours } from '../../lib/sending-hours.ts';
import { BROADCAST_QUEUE, createBroadcastsService } from './broadcasts.service.ts';
import { PUSH_QUEUE } from './push.service.ts';
import { createNotificationsService } from './notifications.service.ts';

const LEARNERS = 300;

let t: TestContext;
let pushEndpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
/** The "other instance": its own connection pool on PostgreSQL (the same handle on SQLite, one writer). */
let other: DatabaseHandle | undefined;
let actor: { viewer: { id: number; fullName: string; role: 'admin'; sessionId: string }; ip: null };
let subscribed: number[] = [];
const queues: JobQueue[] = [];

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One app instance's broadcasts: its own queue and services on `db`, pushing through the app's push service. */
function instance(
  db: TestContext['db'],
  options: { batchSize: number; batchesPerJob: number; now?: () => Date; sendingHours?: SendingHours },
) {
  const jobs = createJobQueue(db, t.database.engine, { pollMs: 200 });
  queues.push(jobs);
  const notifications = createNotificationsService(db, t.services.push);
  const broadcasts = createBroadcastsService({
    db,
    notifications,
    jobs,
    audit: t.services.studio.audit,
    marketingConsent: (ids) => t.services.privacy.consents.consenting(ids, 'marketing'),
    retryDelaySeconds: 1,
    // Any hour, so the test does not depend on the time it runs; the sending hours have their own test.
    sendingHours: { from: 0, until: 24 },
    ...options,
  });
  return { jobs, broadcasts };
}

const otherDb = () => (other ?? t.database).db;

async function broadcastRow(id: number) {
  return t.db.selectFrom('broadcasts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Samples the cursor while a broadcast is sent; `stop` returns every value seen, in order. */
function watchCursor(id: number) {
  const seen: number[] = [];
  let watching = true;
  const loop = (async () => {
    while (watching) {
      seen.push((await broadcastRow(id)).cursor_user_id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    async stop() {
      watching = false;
      await loop;
      return seen;
    },
  };
}

async function activeLearnerIds(): Promise<number[]> {
  const rows = await t.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'learner')
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Each recipient has one notification of the broadcast, and each subscribed learner one push of it. */
async function expectDeliveredOnce(id: number, title: string, recipients: number[]) {
  const perUser = await t.db
    .selectFrom('notifications')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('broadcast_id', '=', id)
    .groupBy('user_id')
    .orderBy('user_id')
    .execute();
  expect(perUser.map((row) => row.user_id)).toEqual(recipients);
  expect(perUser.filter((row) => Number(row.n) !== 1)).toEqual([]);
  const byTitle = await t.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  expect(Number(byTitle.n)).toBe(recipients.length);
  expect(await broadcastRow(id)).toMatchObject({
    status: 'sent',
    sent_count: recipients.length,
    cursor_user_id: recipients[recipients.length - 1],
  });

  await t.services.push.idle();
  const endpointOf = new Map(
    (await t.db.selectFrom('push_subscriptions').select(['user_id', 'endpoint']).execute()).map((row) => [
      new URL(row.endpoint).pathname,
      row.user_id,
    ]),
  );
  const pushedTo = pushEndpoint.received
    .filter((push) => (push.payload as { title: string }).title === title)
    .map((push) => endpointOf.get(push.path))
    .sort((a, b) => a! - b!);
  expect(pushedTo).toEqual(subscribed);
}

const ascending = (values: number[]) => values.every((value, at) => at === 0 || value >= values[at - 1]!);

beforeAll(async () => {
  t = await createTestContext();
  pushEndpoint = await startPushEndpoint();
  if (t.database.engine === 'postgres') {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema;
    other = connectDatabase({ databaseUrl: readTestDatabaseUrl(), dataDir: t.dataDir, pgSchema: schema });
  }
  const admin = await createUser(t.db, { role: 'admin', full_name: 'Quản trị' });
  actor = { viewer: { id: admin.id, fullName: 'Quản trị', role: 'admin', sessionId: 's' }, ip: null };
  const learners = await createUsers(t.db, LEARNERS);
  await createUsers(t.db, 5, { status: 'locked' });
  // Every seventh learner has a browser subscribed to Web Push.
  subscribed = learners.filter((_, at) => at % 7 === 0).map((learner) => learner.id);
  for (const userId of subscribed) await t.services.push.subscribe(userId, pushEndpoint.newSubscription(), null);
  subscribed.sort((a, b) => a - b);
}, 60_000);

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await t?.services.push.idle();
  await other?.close();
  await t?.close();
  await pushEndpoint?.close();
});

describe('broadcasts on the job queue', () => {
  it('finishes on another instance a broadcast whose job died after a batch, each learner once', async () => {
    const first = instance(t.db, { batchSize: 40, batchesPerJob: 1 });
    await first.broadcasts.work();
    // The first instance dies in its fourth job: that job's batch is committed, then the process stops
    // before the job completes or the next one is enqueued.
    let runs = 0;
    let died = false;
    await first.jobs.work<{ broadcastId: number }>(BROADCAST_QUEUE, async (job) => {
      runs += 1;
      if (runs < 4) return first.broadcasts.runJob(job.data.broadcastId);
      if (!died) {
        died = true;
        await first.broadcasts.sendBatch(job.data.broadcastId);
      }
      throw new Error('Máy chủ dừng đột ngột.');
    });
    await first.jobs.start();
    const recipients = await activeLearnerIds();
    const title = 'Khai giảng lớp mới';
    const sent = await first.broadcasts.send(actor, { title, body: 'Lớp học mới bắt đầu tuần sau.', audience: 'all' });
    const cursor = watchCursor(sent.id);
    await until(async () => died);
    await first.jobs.stop();

    const interrupted = await broadcastRow(sent.id);
    expect(interrupted).toMatchObject({ status: 'sending', sent_count: 4 * 40 });
    expect(interrupted.cursor_user_id).toBe(recipients[4 * 40 - 1]);

    // Another instance, with other batch sizes, takes the job back from the queue and finishes.
    const second = instance(otherDb(), { batchSize: 70, batchesPerJob: 2 });
    await second.broadcasts.work();
    await second.jobs.start();
    await second.broadcasts.settle();
    await second.jobs.stop();
    expect(ascending(await cursor.stop())).toBe(true);
    await expectDeliveredOnce(sent.id, title, recipients);

    // Run again once sent, a batch does nothing.
    expect(await first.broadcasts.sendBatch(sent.id)).toBe('done');
    expect((await broadcastRow(sent.id)).sent_count).toBe(recipients.length);
    await expectDeliveredOnce(sent.id, title, recipients);
  }, 120_000);

  it('sends once when two instances work the same broadcast, duplicate jobs included', async () => {
    const [a, b] = [
      instance(t.db, { batchSize: 25, batchesPerJob: 1 }),
      instance(otherDb(), { batchSize: 25, batchesPerJob: 1 }),
    ];
    for (const node of [a, b]) {
      await node.broadcasts.work();
      await node.jobs.start();
    }
    const recipients = await activeLearnerIds();
    const title = 'Bảo trì hệ thống';
    const sent = await a.broadcasts.send(actor, { title, body: 'Hệ thống bảo trì lúc 23 giờ.', audience: 'all' });
    // Jobs sent again for the same broadcast (under other keys, so they do not collapse) run beside it.
    for (const key of ['lap-1', 'lap-2', 'lap-3'])
      await b.jobs.send(BROADCAST_QUEUE, { broadcastId: sent.id }, { singletonKey: key });
    const cursor = watchCursor(sent.id);
    await a.broadcasts.settle();
    await until(async () =>
      (await a.jobs.counts()).some((q) => q.name === BROADCAST_QUEUE && q.queued + q.running === 0),
    );
    for (const node of [a, b]) await node.jobs.stop();
    expect(ascending(await cursor.stop())).toBe(true);
    await expectDeliveredOnce(sent.id, title, recipients);
    expect((await a.jobs.counts()).find((q) => q.name === BROADCAST_QUEUE)?.failed).toBe(0);
  }, 120_000);

  it('does a batch once when two instances run it at the same time, and never moves the cursor back', async () => {
    // The broadcast's job waits in a queue nobody works: the batches are run by hand, concurrently.
    const idle = instance(t.db, { batchSize: 30, batchesPerJob: 1 });
    await idle.jobs.start();
    const [x, y] = [
      instance(t.db, { batchSize: 30, batchesPerJob: 1 }),
      instance(otherDb(), { batchSize: 30, batchesPerJob: 1 }),
    ];
    const recipients = await activeLearnerIds();
    const title = 'Ưu đãi cuối tuần';
    const sent = await idle.broadcasts.send(actor, { title, body: 'Giảm 30% mọi khóa học.', audience: 'all' });
    const cursors: number[] = [0];
    let rounds = 0;
    for (;;) {
      const results = await Promise.all([
        x.broadcasts.sendBatch(sent.id),
        y.broadcasts.sendBatch(sent.id),
        x.broadcasts.sendBatch(sent.id),
      ]);
      const row = await broadcastRow(sent.id);
      cursors.push(row.cursor_user_id);
      const notified = await t.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('broadcast_id', '=', sent.id)
        .executeTakeFirstOrThrow();
      expect(row.sent_count).toBe(Number(notified.n));
      if (results.every((result) => result === 'done')) break;
      rounds += 1;
    }
    expect(ascending(cursors)).toBe(true);
    // The three runs of each round read the same cursor: together they sent one batch, once.
    expect(rounds).toBe(Math.ceil(recipients.length / 30));
    await expectDeliveredOnce(sent.id, title, recipients);
    await idle.jobs.stop();
  }, 120_000);

  it('gives a broadcast left sending with no job (sent before broadcasts were jobs) a job at start, each learner once', async () => {
    const recipients = await activeLearnerIds();
    const title = 'Lịch thi thử tháng 12';
    // As the in-process sender left it: sending, its first 50 learners reached, no job anywhere.
    const row = await t.db
      .insertInto('broadcasts')
      .values({
        title,
        body: 'Thi thử miễn phí vào chủ nhật.',
        link: null,
        audience: 'all',
        subject_id: null,
        subject_name: null,
        recipient_count: recipients.length,
        created_by: actor.viewer.id,
        created_by_name: actor.viewer.fullName,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const starter = instance(t.db, { batchSize: 50, batchesPerJob: 1 });
    await starter.broadcasts.sendBatch(row.id);
    expect(await broadcastRow(row.id)).toMatchObject({ status: 'sending', sent_count: 50 });

    const next = instance(otherDb(), { batchSize: 80, batchesPerJob: 3 });
    await next.broadcasts.work();
    await next.jobs.start();
    expect(await next.broadcasts.requeueStranded()).toBe(1);
    await next.broadcasts.settle();
    await next.jobs.stop();
    await expectDeliveredOnce(row.id, title, recipients);
  }, 120_000);

  it("makes a batch's Web Push part of its transaction: rolled back, nobody is pushed; committed, each learner once", async () => {
    const notifications = createNotificationsService(t.db, t.services.push);
    const title = 'Nhắc lịch học bù';
    const row = await t.db
      .insertInto('broadcasts')
      .values({
        title,
        body: 'Lớp học bù vào tối thứ năm.',
        link: null,
        audience: 'all',
        subject_id: null,
        subject_name: null,
        recipient_count: 2,
        created_by: actor.viewer.id,
        created_by_name: actor.viewer.fullName,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const learners = subscribed.slice(0, 2);
    const message = { kind: 'broadcast', title, body: 'Lớp học bù vào tối thứ năm.' };
    const pushedTitles = () =>
      pushEndpoint.received.filter((push) => (push.payload as { title: string }).title === title).length;

    /** Push jobs announcing this title, as the transaction `trx` sees the queue's table. */
    const pushJobsSeenBy = async (trx: Transaction<Database>) => {
      if (t.database.engine === 'sqlite') {
        const jobs = await trx.selectFrom('jobs').select(['data']).where('queue', '=', 'push.send').execute();
        return jobs.filter((job) => job.data.includes(title)).length;
      }
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(trx)).rows[0]!.schema;
      const found = await sql<{ n: string }>`
        select count(*) as n from ${sql.table(`${schema}_pgboss.job`)}
        where name = 'push.send' and data->'message'->>'title' = ${title}`.execute(trx);
      return Number(found.rows[0]!.n);
    };

    // The process dies inside the batch's transaction, its push job already written in it.
    let seenInside = -1;
    await expect(
      notifications.notifyOnce(row.id, learners, message, async (trx) => {
        seenInside = await pushJobsSeenBy(trx);
        throw new Error('Máy chủ dừng giữa chừng.');
      }),
    ).rejects.toThrow('Máy chủ dừng giữa chừng.');
    expect(seenInside).toBe(1);
    await t.services.push.idle();
    expect(pushedTitles()).toBe(0);
    const none = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('broadcast_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(Number(none.n)).toBe(0);

    expect(await notifications.notifyOnce(row.id, learners, message)).toEqual(learners);
    // Run again (a repeated batch): nothing inserted, nothing pushed.
    expect(await notifications.notifyOnce(row.id, learners, message)).toEqual([]);
    await t.services.push.idle();
    expect(pushedTitles()).toBe(2);
  }, 60_000);

  it('puts a night broadcast in the app at once and holds its Web Push until 07:00 (Vietnam time)', async () => {
    // 23:30 in Vietnam.
    const night = instance(t.db, {
      batchSize: 200,
      batchesPerJob: 5,
      now: () => new Date('2026-11-26T16:30:00Z'),
      sendingHours: SENDING_HOURS,
    });
    await night.broadcasts.work();
    await night.jobs.start();
    const recipients = await activeLearnerIds();
    const title = 'Ưu đãi học phí tháng 12';
    const sent = await night.broadcasts.send(actor, { title, body: 'Giảm 30% cho khóa luyện thi.', audience: 'all' });
    await until(async () => (await broadcastRow(sent.id)).status === 'sent');
    await night.jobs.stop();
    expect(await broadcastRow(sent.id)).toMatchObject({ status: 'sent', sent_count: recipients.length });

    // The push jobs wait for 07:00 the next morning (00:00Z), not one learner's phone rang.
    const held =
      t.database.engine === 'postgres'
        ? (
            await sql<{ start_after: Date }>`select start_after from ${sql.id(
              `${(await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema}_pgboss`,
            )}.job where name = ${PUSH_QUEUE} and data->'message'->>'title' = ${title}`.execute(t.db)
          ).rows
        : (
            await t.db
              .selectFrom('jobs')
              .select('start_after')
              .where('queue', '=', PUSH_QUEUE)
              .where('data', 'like', `%${title}%`)
              .execute()
          ).map((row) => ({ start_after: new Date(row.start_after) }));
    expect(held.length).toBeGreaterThan(0);
    for (const job of held) expect(new Date(job.start_after).toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(pushEndpoint.received.filter((push) => (push.payload as { title: string }).title === title)).toEqual([]);

    // At 07:00 they go: each subscribed learner once.
    if (t.database.engine === 'postgres') {
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema;
      await sql`update ${sql.id(`${schema}_pgboss`)}.job set start_after = now()
        where name = ${PUSH_QUEUE} and data->'message'->>'title' = ${title}`.execute(t.db);
    } else {
      await t.db
        .updateTable('jobs')
        .set({ start_after: new Date().toISOString() })
        .where('queue', '=', PUSH_QUEUE)
        .where('data', 'like', `%${title}%`)
        .execute();
    }
    await expectDeliveredOnce(sent.id, title, recipients);
  }, 120_000);
});
