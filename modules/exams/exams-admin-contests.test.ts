/** The studio's contests: permissions, scheduling rules, entry rules, the live view and the results CSV. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../tests/factories/catalog.ts';
import { createPost } from '../../tests/factories/content.ts';
import { createEnrolment } from '../../tests/factories/learning.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { contestHelpers, type Session } from '../../tests/helpers/exam-contests.ts';
import { examHelpers } from '../../tests/helpers/exams.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { hashEntryCode } from './exams.authoring.ts';

let t: TestContext;
let learner: Session;
let editor: Session;
let examId: number;
const HOUR = 3_600_000;

const { staff, call, createSmallExam, contestBody, schedule } = contestHelpers(() => t);
const { start, save, expireAttempt } = examHelpers(() => t);

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor] = [await staff('learner'), await staff('editor')];
  examId = await createSmallExam('kiem-tra-nhanh-ham-so');
});
afterAll(async () => {
  await t.close();
});

describe('permissions', () => {
  it('401 signed out, 403 for a learner, before the input is read; in the OpenAPI document', async () => {
    const routes = [
      ['GET', '/api/admin/exam-contests.json'],
      ['GET', '/api/admin/exam-contests/choices.json'],
      ['POST', '/api/admin/exam-contests.json'],
      ['GET', '/api/admin/exam-contests/1.json'],
      ['PUT', '/api/admin/exam-contests/1.json'],
      ['GET', '/api/admin/exam-contests/1/live.json'],
      ['GET', '/api/admin/exam-contests/1/results.json'],
      ['GET', '/api/admin/exam-contests/1/analysis.json'],
      ['POST', '/api/admin/exam-contests/1/key.json'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await call(learner, method, url);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json().error.message).toBe('Bạn không có quyền thực hiện thao tác này.');
    }
    const paths = (await t.app.inject({ url: '/api/openapi.json' })).json().paths as Record<string, unknown>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/exam-contests.json',
        '/api/admin/exam-contests/{id}.json',
        '/api/admin/exam-contests/{id}/results.json',
        '/api/admin/exam-contests/{id}/analysis.json',
        '/api/admin/exam-contests/{id}/key.json',
      ]),
    );
  });
});

describe('scheduling', () => {
  it('validates the window, the duration, the entry rule and the linked post, with Vietnamese messages', async () => {
    const refused = async (overrides: Record<string, unknown>, field: string, message: string) => {
      const response = await call(editor, 'POST', '/api/admin/exam-contests.json', contestBody(examId, overrides));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    };
    const now = Date.now();
    await refused(
      { opens_at: new Date(now + HOUR).toISOString(), closes_at: new Date(now).toISOString() },
      'closes_at',
      'Giờ đóng phải sau giờ mở.',
    );
    await refused(
      { opens_at: new Date(now).toISOString(), closes_at: new Date(now + 20 * 60_000).toISOString() },
      'duration_minutes',
      'Thời gian làm bài dài hơn khung giờ thi: hãy mở sớm hơn, đóng muộn hơn hoặc rút ngắn.',
    );
    await refused({ opens_at: '' }, 'opens_at', 'Kỳ thi cần giờ mở.');
    await refused(
      { opens_at: new Date(now - 3 * HOUR).toISOString(), closes_at: new Date(now - HOUR).toISOString() },
      'closes_at',
      'Giờ đóng phải sau thời điểm hiện tại.',
    );
    await refused({ entry_rule: 'code' }, 'entry_code', 'Kỳ thi theo mã cần một mã dự thi.');
    await refused({ entry_rule: 'course' }, 'entry_course_id', 'Kỳ thi dành cho học viên cần chọn khóa học.');
    const news = await createPost(t.db, { type: 'post', title: 'Tin tuyển sinh lớp 10' });
    await refused({ post_id: news.id }, 'post_id', 'Chỉ liên kết được bài viết loại Cổng thi.');
    await refused({ kind: 'practice', is_ranked: true }, 'is_ranked', 'Phần luyện tập không xếp hạng.');
  });

  it('creates a contest read in Vietnam time, linked to an exam_gate post and audited; choices list them', async () => {
    const gate = await createPost(t.db, { type: 'exam_gate', title: 'Kiểm tra nhanh Hàm số lớp 12A' });
    const choices = (await call(editor, 'GET', '/api/admin/exam-contests/choices.json')).json().data;
    expect(choices.exams.map((e: { id: number }) => e.id)).toContain(examId);
    expect(choices.posts).toContainEqual({
      id: gate.id,
      title: gate.title,
      url: `/tin-tuc/${gate.slug}`,
      published: true,
    });
    const created = await call(
      editor,
      'POST',
      '/api/admin/exam-contests.json',
      contestBody(examId, { opens_at: '2030-06-01T07:30', closes_at: '2030-06-01T09:00', post_id: gate.id }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const contest = created.json().data;
    expect(contest).toMatchObject({
      slug: 'kiem-tra-nhanh-ham-so-lop-12a',
      state: 'upcoming',
      opens_at: '2030-06-01T00:30:00.000Z',
      closes_at: '2030-06-01T02:00:00.000Z',
      duration_minutes: 30,
      post_id: gate.id,
      started: false,
      public_url: '/cong-thi/kiem-tra-nhanh-ham-so-lop-12a',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'exam_contest.create')
      .executeTakeFirstOrThrow();
    expect(audit.target_id).toBe(String(contest.id));
    const again = await schedule(editor, contestBody(examId));
    expect(again.slug).toBe('kiem-tra-nhanh-ham-so-lop-12a-2');
    const upcoming = (await call(editor, 'GET', '/api/admin/exam-contests.json?state=upcoming')).json().data;
    expect(upcoming.map((c: { id: number }) => c.id)).toContain(contest.id);
    expect(upcoming.map((c: { id: number }) => c.id)).not.toContain(again.id);
  });

  it('once a candidate started: exam, opening, duration and shuffling are fixed, the close only moves later', async () => {
    const contest = await schedule(editor, contestBody(examId, { title: 'Kiểm tra đã có thí sinh' }));
    const detail = (await call(editor, 'GET', `/api/admin/exam-contests/${contest.id}.json`)).json().data;
    const body = contestBody(examId, {
      title: detail.title,
      opens_at: detail.opens_at,
      closes_at: detail.closes_at,
    });
    const candidate = await createShopper(t);
    expect((await start(candidate, contest.slug)).statusCode).toBe(200);
    const put = (overrides: Record<string, unknown>) =>
      call(editor, 'PUT', `/api/admin/exam-contests/${contest.id}.json`, { ...body, ...overrides });
    const longer = await put({ duration_minutes: 45 });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().error.fields.duration_minutes).toBe(
      'Đã có thí sinh làm bài: không đổi được thời gian làm bài.',
    );
    const earlier = await put({ closes_at: new Date(Date.parse(detail.closes_at) - HOUR).toISOString() });
    expect(earlier.json().error.fields.closes_at).toBe(
      'Đã có thí sinh làm bài: giờ đóng chỉ có thể lùi lại (muộn hơn).',
    );
    const moved = await put({ opens_at: new Date(Date.now() - 2 * HOUR).toISOString() });
    expect(moved.json().error.fields.opens_at).toBe('Đã có thí sinh làm bài: không đổi được giờ mở.');
    expect((await put({ shuffle: true })).json().error.fields.shuffle).toBe(
      'Đã có thí sinh làm bài: không đổi được cách đảo câu hỏi.',
    );
    const later = new Date(Date.parse(detail.closes_at) + HOUR).toISOString();
    const saved = await put({ title: 'Kiểm tra đã có thí sinh (gia hạn)', closes_at: later, max_attempts: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ closes_at: later, started: true, max_attempts: 2 });
  });
});

describe('certificates', () => {
  it('a contest certifies from a score within the exam (comma decimals read); practice never; fixed once issued', async () => {
    const create = (overrides: Record<string, unknown>) =>
      call(editor, 'POST', '/api/admin/exam-contests.json', contestBody(examId, overrides));
    const tooHigh = await create({ title: 'Kiểm tra cấp chứng nhận quá cao', certificate_min_score: 6 });
    expect(tooHigh.json().error.fields.certificate_min_score).toBe('Điểm cấp chứng nhận vượt quá điểm tối đa của đề.');
    const practice = await create({
      title: 'Luyện tập không cấp chứng nhận',
      kind: 'practice',
      is_ranked: false,
      certificate_min_score: '3',
    });
    expect(practice.json().error.fields.certificate_min_score).toBe('Phần luyện tập không cấp chứng nhận.');
    const created = await create({ title: 'Kiểm tra có chứng nhận', certificate_min_score: '3,5' });
    expect(created.statusCode, created.body).toBe(200);
    const contest = created.json().data;
    expect(contest).toMatchObject({ certificate_min_score: 3.5, certificates_issued_at: null });
    const stored = await t.db
      .selectFrom('exam_contests')
      .select('certificate_min_score')
      .where('id', '=', contest.id)
      .executeTakeFirstOrThrow();
    expect(stored.certificate_min_score).toBe(3500);

    await t.db
      .updateTable('exam_contests')
      .set({ certificates_issued_at: new Date().toISOString() })
      .where('id', '=', contest.id)
      .execute();
    const body = contestBody(examId, {
      title: contest.title,
      opens_at: contest.opens_at,
      closes_at: contest.closes_at,
    });
    const put = (min: unknown) =>
      call(editor, 'PUT', `/api/admin/exam-contests/${contest.id}.json`, { ...body, certificate_min_score: min });
    expect((await put(3)).json().error.fields.certificate_min_score).toBe(
      'Chứng nhận đã được cấp: không đổi được điểm cấp chứng nhận.',
    );
    const kept = await put('3,5');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.certificates_issued_at).not.toBeNull();
  });
});

describe('entry rules', () => {
  it('a code is stored hashed and asked at the start; a course admits its buyers only', async () => {
    const coded = await schedule(
      editor,
      contestBody(examId, { title: 'Kiểm tra theo mã lớp', entry_rule: 'code', entry_code: 'LOP12A-HS' }),
    );
    const row = await t.db
      .selectFrom('exam_contests')
      .select('entry_code_hash')
      .where('id', '=', coded.id)
      .executeTakeFirstOrThrow();
    expect(row.entry_code_hash).toBe(hashEntryCode('LOP12A-HS'));
    const candidate = await createShopper(t);
    expect((await start(candidate, coded.slug)).statusCode).toBe(403);
    expect((await start(candidate, coded.slug, 'lop12a-hs')).statusCode).toBe(200);
    // An edit that leaves the code blank keeps it (the entry rule may change after the start).
    const detail = (await call(editor, 'GET', `/api/admin/exam-contests/${coded.id}.json`)).json().data;
    const kept = await call(
      editor,
      'PUT',
      `/api/admin/exam-contests/${coded.id}.json`,
      contestBody(examId, {
        title: 'Kiểm tra theo mã lớp (đổi tên)',
        opens_at: detail.opens_at,
        closes_at: detail.closes_at,
        entry_rule: 'code',
        entry_code: '',
      }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ has_entry_code: true, entry_rule: 'code' });
    expect(kept.body).not.toContain(hashEntryCode('LOP12A-HS'));
    const after = await t.db
      .selectFrom('exam_contests')
      .select('entry_code_hash')
      .where('id', '=', coded.id)
      .executeTakeFirstOrThrow();
    expect(after.entry_code_hash).toBe(hashEntryCode('LOP12A-HS'));
    const course = await createCourse(t.db, { title: 'Luyện thi Toán 12 cấp tốc' });
    const forBuyers = await schedule(
      editor,
      contestBody(examId, { title: 'Kiểm tra cho học viên', entry_rule: 'course', entry_course_id: course.id }),
    );
    const outsider = await createShopper(t);
    expect((await start(outsider, forBuyers.slug)).statusCode).toBe(403);
    const buyer = await createShopper(t);
    await createEnrolment(t.db, { userId: buyer.user.id, courseId: course.id });
    expect((await start(buyer, forBuyers.slug)).statusCode).toBe(200);
  });
});

describe('live view and results', () => {
  it('counts the room, the submitted and the auto-submitted; results and CSV rank with masked contacts', async () => {
    const contest = await schedule(editor, contestBody(examId, { title: 'Kiểm tra trực tiếp' }));
    const ids = await t.db
      .selectFrom('exam_questions')
      .select(['id', 'position'])
      .where('exam_id', '=', examId)
      .orderBy('position')
      .execute();
    const q = (position: number) => ids.find((row) => row.position === position)!.id;
    const [inRoom, finisher, late] = [await createShopper(t), await createShopper(t), await createShopper(t)];
    for (const candidate of [inRoom, finisher, late])
      expect((await start(candidate, contest.slug)).statusCode).toBe(200);
    const attemptOf = async (userId: number) =>
      (
        await t.db
          .selectFrom('exam_attempts')
          .select('id')
          .where('contest_id', '=', contest.id)
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).id;
    const finisherAttempt = await attemptOf(finisher.user.id);
    await save(finisher, finisherAttempt, q(1), 'A', 1);
    await save(finisher, finisherAttempt, q(2), 'B', 2);
    await save(finisher, finisherAttempt, q(4), [true, false, true, true], 3);
    await finisher.call('POST', '/api/user/exam/submit.json', { attempt_id: finisherAttempt });
    const lateAttempt = await attemptOf(late.user.id);
    await save(late, lateAttempt, q(1), 'A', 1);
    await expireAttempt(lateAttempt, 1800);

    const live = await call(editor, 'GET', `/api/admin/exam-contests/${contest.id}/live.json`);
    expect(live.statusCode, live.body).toBe(200);
    // 2.5 and 1 (closed at its deadline by this read): 1.75 on average, of 5 points → 3.5 on 10.
    expect(live.json().data).toMatchObject({
      state: 'open',
      candidates: 3,
      in_room: 1,
      submitted: 2,
      auto_submitted: 1,
      average_score: 3.5,
    });

    const results = (await call(editor, 'GET', `/api/admin/exam-contests/${contest.id}/results.json`)).json();
    expect(results.meta.total).toBe(2);
    expect(results.data[0]).toMatchObject({
      rank: 1,
      candidate: finisher.user.full_name,
      score: 2.5,
      max_score: 5,
      parts: [2, 0.5],
      submitted_by: 'candidate',
    });
    expect(results.data[0].contact).toMatch(/^0\d{2}\*{4}\d{3}$/);
    expect(results.data[1]).toMatchObject({ rank: 2, score: 1, parts: [1, 0], submitted_by: 'deadline' });

    const csv = await call(editor, 'GET', `/api/admin/exam-contests/${contest.id}/results.json?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="ket-qua-ky-thi-\d+-/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFHạng,Thí sinh,Liên hệ,Lượt,Điểm,Điểm tối đa,Phần 1,Phần 2,Thời gian làm (giây),Nộp lúc,Cách nộp',
    );
    expect(lines[1]).toContain(`1,${finisher.user.full_name},${results.data[0].contact},1,2.5,5,2,0.5,`);
    expect(lines[1]).toMatch(/,Thí sinh nộp$/);
    expect(lines[2]).toMatch(/^2,.*,1,1,5,1,0,1800,.*,Tự nộp khi hết giờ$/);
    expect(csv.body).not.toContain(finisher.user.phone!.slice(2));
  });
});
