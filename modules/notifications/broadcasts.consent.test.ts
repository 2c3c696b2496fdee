/**
 * A broadcast's purpose against the learners' consents (decision 0024), through the studio API and
 * the real job queue: a marketing broadcast reaches only the learners holding the marketing consent
 * (the in-app notice and the Web Push, delivered to a real local push endpoint), a consent withdrawn
 * before the learner's batch is honoured, a service notice still reaches every targeted learner, and
 * a bad purpose is refused in Vietnamese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/connect.ts';
import { createUser } from '../../tests/factories/accounts.ts';
import { createSubject } from '../../tests/factories/catalog.ts';
import { startPushEndpoint } from '../../tests/helpers/push-endpoint.ts';
import { useStudioPeopleTest } from '../../tests/helpers/studio-people.ts';
import { createJobQueue } from '../jobs/index.ts';
import { createBroadcastsService } from './broadcasts.service.ts';
import { createNotificationsService } from './notifications.service.ts';

const s = useStudioPeopleTest();
let pushEndpoint: Awaited<ReturnType<typeof startPushEndpoint>>;

beforeAll(async () => {
  pushEndpoint = await startPushEndpoint();
});
afterAll(async () => {
  await s.t?.services.push.idle();
  await pushEndpoint?.close();
});

/** A subject followed by `count` new learners, each with a browser subscribed to Web Push. */
async function followers(count: number) {
  const subject = await createSubject(s.t.db);
  const learners: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const learner = await createUser(s.t.db);
    await s.t.db
      .insertInto('subject_likes')
      .values({ user_id: learner.id, subject_id: subject.id, created_at: nowIso() })
      .execute();
    await s.t.services.push.subscribe(learner.id, pushEndpoint.newSubscription(), null);
    learners.push(learner.id);
  }
  return { subject, learners };
}

const consent = (userId: number, granted: boolean) => s.t.services.privacy.consents.set(userId, 'marketing', granted);

async function notified(broadcastId: number) {
  const rows = await s.t.db
    .selectFrom('notifications')
    .select('user_id')
    .where('broadcast_id', '=', broadcastId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** The learners whose browser received a push with this title. */
async function pushedTo(title: string) {
  await s.t.services.push.idle();
  const endpointOf = new Map(
    (await s.t.db.selectFrom('push_subscriptions').select(['user_id', 'endpoint']).execute()).map((row) => [
      new URL(row.endpoint).pathname,
      row.user_id,
    ]),
  );
  return pushEndpoint.received
    .filter((push) => (push.payload as { title: string }).title === title)
    .map((push) => endpointOf.get(push.path)!)
    .sort((a, b) => a - b);
}

describe('broadcast purposes and the marketing consent', () => {
  it('sends a marketing broadcast only to the learners who hold the marketing consent', async () => {
    const { subject, learners } = await followers(6);
    const [a, b, c, withdrew] = learners as [number, number, number, number];
    for (const id of [a, b, c, withdrew]) await consent(id, true);
    await consent(withdrew, false);

    const preview = await s.call(
      s.admin,
      'GET',
      `/api/admin/broadcasts/preview.json?audience=subject&subject_id=${subject.id}&purpose=marketing`,
    );
    expect(preview.json().data).toMatchObject({ recipients: 3, skipped: 3 });

    const title = 'Giảm 30% khóa luyện thi tuần này';
    const sent = await s.call(s.admin, 'POST', '/api/admin/broadcasts.json', {
      title,
      body: 'Ưu đãi dành cho người theo dõi chủ đề, đến hết Chủ nhật.',
      audience: 'subject',
      subject_id: subject.id,
      purpose: 'marketing',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ purpose: 'marketing', recipient_count: 3 });
    await s.t.services.broadcasts.settle();

    expect(await notified(sent.json().data.id)).toEqual([a, b, c]);
    expect(await pushedTo(title)).toEqual([a, b, c]);
    const history = (await s.call(s.admin, 'GET', '/api/admin/broadcasts.json')).json().data;
    expect(history[0]).toMatchObject({
      id: sent.json().data.id,
      purpose: 'marketing',
      status: 'sent',
      sent_count: 3,
      skipped_count: 3,
    });
    expect(await s.auditOf('broadcast.send', sent.json().data.id)).toHaveLength(1);
  });

  it('still sends a service notice to every targeted learner, consent or not', async () => {
    const { subject, learners } = await followers(4);
    await consent(learners[0]!, true);
    await consent(learners[1]!, true);
    await consent(learners[1]!, false);

    const title = 'Lịch học thay đổi từ thứ Hai';
    const sent = await s.call(s.admin, 'POST', '/api/admin/broadcasts.json', {
      title,
      body: 'Buổi học trực tuyến chuyển sang 20:00 thứ Hai hằng tuần.',
      audience: 'subject',
      subject_id: subject.id,
      purpose: 'service',
    });
    expect(sent.statusCode).toBe(200);
    await s.t.services.broadcasts.settle();
    expect(await notified(sent.json().data.id)).toEqual(learners);
    expect(await pushedTo(title)).toEqual(learners);
    const history = (await s.call(s.admin, 'GET', '/api/admin/broadcasts.json')).json().data;
    expect(history[0]).toMatchObject({ purpose: 'service', sent_count: 4, skipped_count: 0 });

    // Without a purpose, a broadcast is a service notice (the API's default, as for older rows).
    const preview = await s.call(
      s.admin,
      'GET',
      `/api/admin/broadcasts/preview.json?audience=subject&subject_id=${subject.id}`,
    );
    expect(preview.json().data).toMatchObject({ recipients: 4, skipped: 0 });
  });

  it('refuses a bad purpose, and a marketing broadcast nobody agreed to receive', async () => {
    const { subject } = await followers(2);
    const bad = await s.call(s.admin, 'POST', '/api/admin/broadcasts.json', {
      title: 'Khuyến mãi',
      body: 'Ưu đãi cuối tuần.',
      audience: 'subject',
      subject_id: subject.id,
      purpose: 'quang_cao',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.purpose).toBe(
      'Vui lòng chọn loại thông báo: thông báo dịch vụ hoặc tiếp thị/khuyến mãi.',
    );
    const badPreview = await s.call(s.admin, 'GET', `/api/admin/broadcasts/preview.json?audience=all&purpose=spam`);
    expect(badPreview.statusCode).toBe(400);

    const nobody = await s.call(s.admin, 'POST', '/api/admin/broadcasts.json', {
      title: 'Khuyến mãi',
      body: 'Ưu đãi cuối tuần.',
      audience: 'subject',
      subject_id: subject.id,
      purpose: 'marketing',
    });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().error.message).toContain('đồng ý nhận tin tiếp thị');
  });

  // Last: the app's queue rests from here on, so that only this test's batches run.
  it('honours a consent withdrawn before the learner’s batch is sent', async () => {
    const { subject, learners } = await followers(3);
    const [first, second, never] = learners as [number, number, number];
    await consent(first, true);
    await consent(second, true);
    await s.t.services.broadcasts.settle();
    await s.t.services.push.idle();
    await s.t.services.jobs.stop();
    const queue = createJobQueue(s.t.db, s.t.database.engine, { pollMs: 200 });
    await queue.start();
    const broadcasts = createBroadcastsService({
      db: s.t.db,
      notifications: createNotificationsService(s.t.db),
      jobs: queue,
      audit: s.t.services.studio.audit,
      marketingConsent: (ids) => s.t.services.privacy.consents.consenting(ids, 'marketing'),
      batchSize: 1,
      batchesPerJob: 1,
    });
    const actor = { viewer: { id: s.adminId, fullName: 'Quản trị', role: 'admin' as const, sessionId: 's' }, ip: null };
    const sent = await broadcasts.send(actor, {
      title: 'Học thử miễn phí khóa mới',
      body: 'Đăng ký học thử trong tuần này.',
      audience: 'subject',
      subject_id: subject.id,
      purpose: 'marketing',
    });
    await queue.stop();
    expect(sent.recipient_count).toBe(2);

    // The batches are run here, one learner each; the second withdraws after the first batch.
    expect(await broadcasts.sendBatch(sent.id)).toBe('more');
    await consent(second, false);
    expect(await broadcasts.sendBatch(sent.id)).toBe('more');
    expect(await broadcasts.sendBatch(sent.id)).toBe('more');
    expect(await broadcasts.sendBatch(sent.id)).toBe('done');
    // Run again once sent, nothing changes (and nothing is counted twice).
    expect(await broadcasts.sendBatch(sent.id)).toBe('done');

    expect(await notified(sent.id)).toEqual([first]);
    expect(never).toBeGreaterThan(second);
    const row = await s.t.db.selectFrom('broadcasts').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', purpose: 'marketing', sent_count: 1, skipped_count: 2 });
  });
});
