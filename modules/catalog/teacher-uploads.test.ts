/**
 * Teachers in the studio: only their own courses (403 on another teacher's, and on every other
 * /api/admin route), no publishing; the learners' questions on their courses. Resumable video
 * uploads: chunks at offsets, a wrong offset answered with the right one, resume, transcode, and
 * abandoned uploads swept.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createCourse, createLesson, createTeacher } from '../../tests/factories/catalog.ts';
import { createComment } from '../../tests/factories/learning.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { buildTestClipArgs, runTool } from '../video/ffmpeg.ts';

let t: TestContext;
type Session = { bearer: Record<string, string> } | null;
let editor: Session;
let teacher: Session;
let mine: { id: number };
let theirs: { id: number };
let myLesson: { id: number };
let theirLesson: { id: number };

function call(session: Session, method: string, url: string, payload?: object | Buffer, type?: string) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(session ? session.bearer : {}), ...(type ? { 'content-type': type } : {}) },
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : {}),
  });
}

beforeAll(async () => {
  t = await createTestContext();
  const editorUser = await createUser(t.db, { role: 'editor' });
  editor = await signIn(t, editorUser.phone!, editorUser.password);
  const teacherUser = await createUser(t.db, { role: 'teacher', full_name: 'Cô Lan' });
  teacher = await signIn(t, teacherUser.phone!, teacherUser.password);
  const me = await createTeacher(t.db, { full_name: 'Cô Lan', user_id: teacherUser.id });
  const other = await createTeacher(t.db, { full_name: 'Thầy Minh' });
  mine = await createCourse(t.db, { title: 'Hóa học 10', teacher_id: me.id, is_published: 0 });
  theirs = await createCourse(t.db, { title: 'Vật lý 10', teacher_id: other.id });
  myLesson = await createLesson(t.db, { course_id: mine.id, title: 'Phản ứng oxi hóa' });
  theirLesson = await createLesson(t.db, { course_id: theirs.id, title: 'Động lực học' });
  const learner = await createUser(t.db, { role: 'learner', full_name: 'Nguyễn Văn Học' });
  await createComment(t.db, {
    userId: learner.id,
    lessonId: myLesson.id,
    content: 'Cô ơi, phản ứng này cân bằng thế nào ạ?',
  });
  await createComment(t.db, { userId: learner.id, lessonId: theirLesson.id, content: 'Thầy ơi, lực ma sát là gì?' });
});
afterAll(async () => {
  await t?.close();
});

describe('a teacher in the studio', () => {
  it('lists and edits only their own courses', async () => {
    const list = await call(teacher, 'GET', '/api/admin/courses.json?limit=100');
    expect(list.statusCode).toBe(200);
    expect((list.json().data as { id: number }[]).map((c) => c.id)).toEqual([mine.id]);
    expect((await call(teacher, 'GET', `/api/admin/courses/${mine.id}.json`)).statusCode).toBe(200);

    const edited = await call(teacher, 'PUT', `/api/admin/courses/${mine.id}.json`, {
      title: 'Hóa học 10 — nâng cao',
      type: 'combo',
      price_new: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Type and price are the editors' to change.
    expect(edited.json().data).toMatchObject({ title: 'Hóa học 10 — nâng cao', type: 'retail', price_new: 199000 });
  });

  it("gets 403 on another teacher's course, on every route that reaches it", async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/admin/courses/${theirs.id}.json`],
      ['PUT', `/api/admin/courses/${theirs.id}.json`, { title: 'Chiếm quyền' }],
      ['POST', `/api/admin/courses/${theirs.id}/chapters.json`, { title: 'Chương lạ' }],
      ['PUT', `/api/admin/courses/${theirs.id}/order.json`, { chapters: [] }],
      ['GET', `/api/admin/courses/${theirs.id}/lessons/${theirLesson.id}/quiz.json`],
      ['GET', `/api/admin/courses/${theirs.id}/lessons/${theirLesson.id}/video.json`],
      ['POST', `/api/admin/courses/${theirs.id}/lessons/${theirLesson.id}/uploads.json`, { size: 5 }],
    ] as [string, string, object?][]) {
      const refused = await call(teacher, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.message).toBe('Bạn chỉ có thể sửa các khóa học do mình giảng dạy.');
    }
    const title = await t.db
      .selectFrom('courses')
      .select('title')
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(title.title).toBe('Vật lý 10');
  });

  it('cannot create, publish, schedule, sell or build combos, nor reach any other studio route', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/admin/courses.json', { title: 'Khóa mới' }],
      ['POST', `/api/admin/courses/${mine.id}/publish.json`],
      ['POST', `/api/admin/courses/${mine.id}/unpublish.json`],
      ['POST', `/api/admin/courses/${mine.id}/schedule.json`, { publish_at: null }],
      ['POST', `/api/admin/courses/${mine.id}/pods.json`, { cycle: 3, price: 1 }],
      ['PUT', `/api/admin/courses/${mine.id}/children.json`, { child_ids: [] }],
      ['GET', '/api/admin/orders.json'],
      ['GET', '/api/admin/users.json'],
      ['GET', '/api/admin/audit.json'],
      ['GET', '/api/admin/dashboard.json'],
    ] as [string, string, object?][]) {
      const refused = await call(teacher, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('sees the questions on their own courses only; editors see all; search folds accents; CSV', async () => {
    const own = await call(teacher, 'GET', '/api/admin/questions.json');
    expect(own.statusCode).toBe(200);
    expect((own.json().data as { content: string }[]).map((q) => q.content)).toEqual([
      'Cô ơi, phản ứng này cân bằng thế nào ạ?',
    ]);
    const all = await call(editor, 'GET', '/api/admin/questions.json');
    expect(all.json().meta.total).toBe(2);
    const folded = await call(editor, 'GET', `/api/admin/questions.json?q=${encodeURIComponent('luc ma sat')}`);
    expect((folded.json().data as { content: string }[]).map((q) => q.content)).toEqual(['Thầy ơi, lực ma sát là gì?']);
    const csv = await call(teacher, 'GET', '/api/admin/questions.json?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Cô ơi');
    expect(csv.body).not.toContain('ma sát');
  });

  it('a teacher account linked to no teacher sees nothing', async () => {
    const loose = await createUser(t.db, { role: 'teacher' });
    const session = await signIn(t, loose.phone!, loose.password);
    expect((await call(session, 'GET', '/api/admin/courses.json')).json().meta.total).toBe(0);
    expect((await call(session, 'GET', `/api/admin/courses/${mine.id}.json`)).statusCode).toBe(403);
  });
});

describe('resumable video upload', () => {
  it('takes chunks at offsets, answers a wrong offset with the right one, resumes, then transcodes', async () => {
    const clip = path.join(t.dataDir, 'resumable.mp4');
    await runTool('ffmpeg', buildTestClipArgs(clip, { seconds: 2, width: 426, height: 240 }));
    const bytes = await readFile(clip);
    const course = await createCourse(t.db, { title: 'Khóa video', is_published: 0 });
    const lesson = await createLesson(t.db, { course_id: course.id, content_type: 'video', title: 'Bài video' });
    const base = `/api/admin/courses/${course.id}/lessons/${lesson.id}/uploads`;
    const created = await call(editor, 'POST', `${base}.json`, { filename: 'Bài 1.MP4', size: bytes.length });
    expect(created.statusCode, created.body).toBe(200);
    const { upload_id } = created.json().data as { upload_id: string };
    const url = `${base}/${upload_id}.json`;
    const third = Math.floor(bytes.length / 3);

    const first = await call(
      editor,
      'PATCH',
      `${url}?offset=0`,
      bytes.subarray(0, third),
      'application/offset+octet-stream',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ offset: third, complete: false, asset_id: null });
    // A client that lost the answer re-sends from 0: 409, with the offset to resume from.
    const stale = await call(editor, 'PATCH', `${url}?offset=0`, bytes.subarray(0, third), 'application/octet-stream');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.fields.offset).toBe(String(third));
    // Resume by asking the offset.
    const asked = await call(editor, 'GET', url);
    expect(asked.json().data.offset).toBe(third);
    const second = await call(
      editor,
      'PATCH',
      `${url}?offset=${third}`,
      bytes.subarray(third, 2 * third),
      'application/octet-stream',
    );
    expect(second.json().data.offset).toBe(2 * third);
    // More than declared: refused, nothing counted.
    const over = await call(
      editor,
      'PATCH',
      `${url}?offset=${2 * third}`,
      Buffer.concat([bytes.subarray(2 * third), Buffer.alloc(10)]),
      'application/octet-stream',
    );
    expect(over.statusCode).toBe(400);
    expect((await call(editor, 'GET', url)).json().data.offset).toBe(2 * third);
    const last = await call(
      editor,
      'PATCH',
      `${url}?offset=${2 * third}`,
      bytes.subarray(2 * third),
      'application/octet-stream',
    );
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data).toMatchObject({ offset: bytes.length, complete: true });
    expect(last.json().data.asset_id).toBeGreaterThan(0);

    const worker = t.services.video.createWorker({ backoffMs: () => 0 });
    for (let i = 0; i < 5 && (await worker.runOnce()) !== 'ready'; i++);
    const status = await call(editor, 'GET', `/api/admin/courses/${course.id}/lessons/${lesson.id}/video.json`);
    expect(status.json().data).toMatchObject({ status: 'ready', progress_percent: 100 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(course.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['video_upload.create', 'lesson.video']));
  }, 120_000);

  it('sweeps uploads left unfinished for a day: the row and the partial file, not the fresh ones', async () => {
    const course = await createCourse(t.db, { title: 'Khóa bỏ dở', is_published: 0 });
    const lesson = await createLesson(t.db, { course_id: course.id, content_type: 'video', title: 'Bài bỏ dở' });
    const base = `/api/admin/courses/${course.id}/lessons/${lesson.id}/uploads`;
    const start = async () => {
      const created = await call(editor, 'POST', `${base}.json`, { filename: 'clip.mp4', size: 100 });
      const { upload_id } = created.json().data as { upload_id: string };
      const chunk = await call(
        editor,
        'PATCH',
        `${base}/${upload_id}.json?offset=0`,
        Buffer.alloc(40, 1),
        'application/octet-stream',
      );
      expect(chunk.json().data.offset).toBe(40);
      return upload_id;
    };
    const abandoned = await start();
    const fresh = await start();
    const fileOf = (id: string) => path.join(t.dataDir, 'video-uploads', `${id}.mp4`);
    expect((await stat(fileOf(abandoned))).size).toBe(40);
    const dayAndMore = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await t.db.updateTable('video_uploads').set({ updated_at: dayAndMore }).where('id', '=', abandoned).execute();

    // Two sweeps at once (two instances) remove it once.
    const removed = await Promise.all([
      t.services.videoUploads.sweepAbandoned(new Date()),
      t.services.videoUploads.sweepAbandoned(new Date()),
    ]);
    expect(removed.reduce((sum, count) => sum + count, 0)).toBe(1);
    await expect(stat(fileOf(abandoned))).rejects.toThrow();
    const gone = await call(editor, 'GET', `${base}/${abandoned}.json`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Không tìm thấy phiên tải lên. Vui lòng chọn lại tệp.');
    // The fresh one resumes where it was.
    expect((await call(editor, 'GET', `${base}/${fresh}.json`)).json().data.offset).toBe(40);
    expect((await stat(fileOf(fresh))).size).toBe(40);
  });

  it('refuses a size over the limit, a non-video lesson and an unknown upload', async () => {
    const course = await createCourse(t.db, { title: 'Khóa giới hạn', is_published: 0 });
    const video = await createLesson(t.db, { course_id: course.id, content_type: 'video' });
    const text = await createLesson(t.db, { course_id: course.id, content_type: 'paragraph' });
    const huge = await call(editor, 'POST', `/api/admin/courses/${course.id}/lessons/${video.id}/uploads.json`, {
      size: 50 * 1024 ** 3,
    });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().error.message).toMatch(/^Tệp video tối đa /);
    const wrong = await call(editor, 'POST', `/api/admin/courses/${course.id}/lessons/${text.id}/uploads.json`, {
      size: 10,
    });
    expect(wrong.statusCode).toBe(422);
    const unknown = await call(
      editor,
      'GET',
      `/api/admin/courses/${course.id}/lessons/${video.id}/uploads/${'b'.repeat(32)}.json`,
    );
    expect(unknown.statusCode).toBe(404);
    const badId = await call(editor, 'GET', `/api/admin/courses/${course.id}/lessons/${video.id}/uploads/..%2f..json`);
    expect(badId.statusCode).toBe(400);
  });
});
