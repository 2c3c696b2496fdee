/**
 * A learner's writing (decision 0024), through the API and the jobs: the export holds their notes,
 * comments and error reports; after deletion their private
 * lesson notes are deleted, their comments and replies keep their place in the thread (others'
 * replies still answer something) with a neutral marker in place of the text, their error reports
 * likewise; another learner's notes and comments are untouched. What they told the support desk: the
 * export holds their requests with the desk's replies; after deletion the requests keep their place
 * in the desk's history (status, staff notes) but lose the name, contacts, title and text.
 * Idempotent: run again, nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLesson } from '../../tests/factories/catalog.ts';
import { createEnrolment } from '../../tests/factories/learning.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { waitFor } from '../../tests/helpers/private-servers.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createDiscussionPersonalData, ERASED_CONTENT } from '../discussion/index.ts';
import { createSupportPersonalData, ERASED_REQUEST } from '../support/index.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ env: { PRIVACY_DELETION_WAIT_DAYS: '7' } });
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

/** "Tải dữ liệu của tôi" through the API: the export job's JSON file, once the job has written it. */
async function exportOf(learner: Awaited<ReturnType<typeof createShopper>>) {
  const requested = (await learner.call('POST', '/api/user/privacy/exports.json')).json().data.request;
  await waitFor(async () => {
    const overview = (await learner.call('GET', '/api/user/privacy/overview.json')).json().data;
    return overview.export?.id === requested.id && overview.export.state === 'completed';
  }, 'the export job');
  const files = (await learner.call('GET', '/api/user/privacy/overview.json')).json().data.export.files;
  return (await learner.call('GET', files.json)).json();
}
const DATA = '/api/user/lesson/data.json';

describe('deletion of what the learner wrote', () => {
  it('deletes the notes and replaces the comments’ text, keeping the thread and others’ writing', async () => {
    const course = await createCourse(t.db, { price_new: 0 });
    const lesson = await createLesson(t.db, { course_id: course.id, content_type: 'video', title: 'Hàm số bậc hai' });
    const [leaving, staying] = [await createShopper(t), await createShopper(t)];
    for (const learner of [leaving, staying])
      await createEnrolment(t.db, { userId: learner.user.id, courseId: course.id });
    const post = async (learner: typeof leaving, body: Record<string, unknown>) => {
      const response = await learner.call('POST', DATA, { lesson_id: lesson.id, ...body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };

    await post(leaving, { type: 'note', content: 'Số điện thoại gia sư: 0912 345 678', position: 30 });
    await post(leaving, { type: 'note', content: 'Ôn lại đỉnh parabol' });
    await post(staying, { type: 'note', content: 'Ghi chú của tôi', position: 12 });
    const question = (await post(leaving, { type: 'comment', content: 'Nhà em ở Cầu Giấy, ai học nhóm không?' }))
      .comment;
    const answer = (await post(staying, { type: 'comment', content: 'Mình cũng ở gần đó!', parent_id: question.id }))
      .comment;
    await post(leaving, { type: 'comment', content: 'Nhắn mình qua Zalo nhé', parent_id: answer.id });
    const other = (await post(staying, { type: 'comment', content: 'Bài này hay quá' })).comment;
    await post(leaving, { type: 'comment', content: 'Đồng ý!', parent_id: other.id });
    const report = await leaving.call('POST', '/api/user/lesson/error.json', {
      lesson_id: lesson.id,
      reason: 'content',
      content: 'Công thức ở phút 4 sai dấu, gọi em số 0912 345 678',
    });
    expect(report.statusCode).toBe(201);

    // Before: the export holds what they wrote, and nothing of the other learner's.
    const exported = await exportOf(leaving);
    expect(exported.writing.notes.map((note: { content: string }) => note.content)).toEqual([
      'Số điện thoại gia sư: 0912 345 678',
      'Ôn lại đỉnh parabol',
    ]);
    expect(exported.writing.comments).toHaveLength(3);
    expect(exported.writing.comments[1]).toMatchObject({ parent_id: question.id, content: 'Nhắn mình qua Zalo nhé' });
    expect(exported.writing.error_reports).toHaveLength(1);
    expect(JSON.stringify(exported.writing)).not.toContain('Bài này hay quá');

    expect((await leaving.call('POST', '/api/user/privacy/deletion.json')).statusCode).toBe(200);
    const done = await t.services.privacy.processDueDeletions(new Date(Date.now() + 8 * DAY));
    expect(done).toEqual({ completed: 1, failed: [] });

    const notes = await t.db
      .selectFrom('lesson_notes')
      .select(['user_id', 'content'])
      .where('lesson_id', '=', lesson.id)
      .execute();
    expect(notes).toEqual([{ user_id: staying.user.id, content: 'Ghi chú của tôi' }]);

    // The other learner still reads both threads, the leaver's posts in place with the marker.
    const listed = await staying.call('GET', `${DATA}?lesson_id=${lesson.id}&type=comment&limit=10`);
    const threads = listed.json().data.comments as {
      id: number;
      content: string;
      author: { id: number; full_name: string };
      replies: { content: string; author: { id: number } }[];
    }[];
    const byId = new Map(threads.map((thread) => [thread.id, thread]));
    const first = byId.get(question.id)!;
    expect(first.content).toBe(ERASED_CONTENT);
    expect(first.author.full_name).toBe(`Người dùng đã xóa #${leaving.user.id}`);
    expect(first.replies.map((reply) => reply.content)).toEqual(['Mình cũng ở gần đó!', ERASED_CONTENT]);
    const second = byId.get(other.id)!;
    expect(second.content).toBe('Bài này hay quá');
    expect(second.replies.map((reply) => reply.content)).toEqual([ERASED_CONTENT]);

    const reports = await t.db
      .selectFrom('lesson_error_reports')
      .select('content')
      .where('user_id', '=', leaving.user.id)
      .execute();
    expect(reports).toEqual([{ content: ERASED_CONTENT }]);

    // Idempotent: the job finds nothing more to do, and the erasure run again changes nothing.
    expect((await t.services.privacy.processDueDeletions(new Date(Date.now() + 9 * DAY))).completed).toBe(0);
    expect(await createDiscussionPersonalData(t.db).eraseLearnerContent(leaving.user.id)).toEqual({
      notesDeleted: 0,
      commentsErased: 0,
      reportsErased: 0,
    });
    const staysWritten = await t.db
      .selectFrom('lesson_comments')
      .select('content')
      .where('user_id', '=', staying.user.id)
      .orderBy('id')
      .execute();
    expect(staysWritten.map((row) => row.content)).toEqual(['Mình cũng ở gần đó!', 'Bài này hay quá']);
  });
});

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
    const exported = await exportOf(leaving);
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
