/**
 * What a learner told the support desk (decision 0024): the export holds their requests with the
 * desk's replies; after deletion the requests keep their place in the desk's history (status, staff
 * notes) but lose the name, contacts, title and text; another learner's requests are untouched.
 * Idempotent: run again, nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { waitFor } from '../../tests/helpers/private-servers.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createSupportPersonalData, ERASED_REQUEST } from '../support/index.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ env: { PRIVACY_DELETION_WAIT_DAYS: '7' } });
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

describe('deletion of what the learner told the support desk', () => {
  it('exports the requests with their replies, then erases the name, contacts and text, keeping the history', async () => {
    const [leaving, staying] = [await createShopper(t), await createShopper(t)];
    const send = async (learner: typeof leaving, body: Record<string, unknown>) => {
      const response = await learner.call('POST', '/api/user/support.json', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as number;
    };
    const mine = await send(leaving, {
      full_name: 'Nguyễn Văn Rời Đi',
      phone: '0912 345 678',
      content: 'Em chuyển khoản rồi mà chưa vào học được, nhà em ở 12 Trần Phú.',
    });
    const theirs = await send(staying, {
      full_name: 'Trần Thị Ở Lại',
      phone: '0987 654 321',
      content: 'Cho em hỏi lịch thi thử tháng sau.',
    });
    await t.db
      .insertInto('support_request_notes')
      .values({
        request_id: mine,
        author_id: null,
        author_name: 'Bộ phận hỗ trợ',
        kind: 'reply',
        body: 'Chúng tôi đã kích hoạt khóa học cho bạn.',
        created_at: new Date().toISOString(),
      })
      .execute();

    // The export: their request with the desk's reply, nothing of the other learner's.
    const requested = (await leaving.call('POST', '/api/user/privacy/exports.json')).json().data.request;
    await waitFor(async () => {
      const overview = (await leaving.call('GET', '/api/user/privacy/overview.json')).json().data;
      return overview.export?.id === requested.id && overview.export.state === 'completed';
    }, 'the export job');
    const files = (await leaving.call('GET', '/api/user/privacy/overview.json')).json().data.export.files;
    const exported = (await leaving.call('GET', files.json)).json();
    expect(exported.support).toEqual([
      expect.objectContaining({
        id: mine,
        full_name: 'Nguyễn Văn Rời Đi',
        content: 'Em chuyển khoản rồi mà chưa vào học được, nhà em ở 12 Trần Phú.',
        replies: [expect.objectContaining({ body: 'Chúng tôi đã kích hoạt khóa học cho bạn.' })],
      }),
    ]);
    expect(JSON.stringify(exported)).not.toContain('Trần Thị Ở Lại');

    expect((await leaving.call('POST', '/api/user/privacy/deletion.json')).statusCode).toBe(200);
    expect(await t.services.privacy.processDueDeletions(new Date(Date.now() + 8 * DAY))).toEqual({
      completed: 1,
      failed: [],
    });
    const rows = await t.db
      .selectFrom('support_requests')
      .select(['id', 'user_id', 'full_name', 'phone', 'email', 'title', 'content', 'status'])
      .where('id', 'in', [mine, theirs])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: mine,
        user_id: leaving.user.id,
        full_name: null,
        phone: null,
        email: null,
        title: null,
        content: ERASED_REQUEST,
        status: 'new',
      },
      expect.objectContaining({
        id: theirs,
        full_name: 'Trần Thị Ở Lại',
        content: 'Cho em hỏi lịch thi thử tháng sau.',
      }),
    ]);
    // The desk's own reply stays in its history.
    const notes = await t.db
      .selectFrom('support_request_notes')
      .select('body')
      .where('request_id', '=', mine)
      .execute();
    expect(notes).toEqual([{ body: 'Chúng tôi đã kích hoạt khóa học cho bạn.' }]);
    // Idempotent.
    expect(await createSupportPersonalData(t.db).eraseLearnerContent(leaving.user.id)).toBe(0);
  });
});
