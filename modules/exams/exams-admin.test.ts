/** The studio's exam authoring API: permissions, create/edit/validation, preview, clone, import, the lock after attempts. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
type Session = Awaited<ReturnType<typeof signIn>>;
let learner: Session;
let editor: Session;

const SAMPLE = fs.readFileSync('public/mau/de-thi-mau.txt', 'utf8');

beforeAll(async () => {
  t = await createTestContext();
  const make = async (role: 'learner' | 'editor') => {
    const user = await createUser(t.db, { role });
    return signIn(t, user.phone!, user.password);
  };
  [learner, editor] = [await make('learner'), await make('editor')];
});
afterAll(async () => {
  await t.close();
});

function call(session: Session | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: session ? session.bearer : {},
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

const count = async (table: 'exams' | 'exam_questions' | 'exam_passages') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const question = (overrides: Record<string, unknown> = {}) => ({
  part: 1,
  prompt: 'Nghiệm của phương trình $x^2 - 4 = 0$ có tổng bằng',
  image_url: null,
  options: ['$0$', '$2$', '$-2$', '$4$'].map((text) => ({ text, image_url: null })),
  key: 'A',
  explanation: 'Hai nghiệm $x = \\pm 2$ có tổng $0$.',
  topic: 'Phương trình bậc hai',
  difficulty: 'easy',
  passage_id: null,
  ...overrides,
});

describe('permissions', () => {
  const routes = [
    ['GET', '/api/admin/exams.json'],
    ['POST', '/api/admin/exams.json'],
    ['GET', '/api/admin/exams/1.json'],
    ['PUT', '/api/admin/exams/1.json'],
    ['POST', '/api/admin/exams/1/clone.json'],
    ['POST', '/api/admin/exams/1/questions.json'],
    ['PUT', '/api/admin/exams/1/questions/1.json'],
    ['DELETE', '/api/admin/exams/1/questions/1.json'],
    ['POST', '/api/admin/exams/1/questions/1/move.json'],
    ['POST', '/api/admin/exams/1/passages.json'],
    ['POST', '/api/admin/exams/preview.json'],
    ['POST', '/api/admin/exams/import.json'],
  ] as const;
  it('answers 401 signed out and 403 to a learner, before reading the input', async () => {
    for (const [method, url] of routes) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(learner, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('is in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ url: '/api/openapi.json' })).json().paths as Record<string, unknown>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/exams.json',
        '/api/admin/exams/import.json',
        '/api/admin/exams/preview.json',
      ]),
    );
  });
});

describe('writing an exam', () => {
  it('creates a THPT exam with its parts, adds, edits, reorders and deletes questions', async () => {
    const created = await call(editor, 'POST', '/api/admin/exams.json', {
      title: 'Đề luyện Toán số 2',
      subject: 'toan',
      template: 'thpt_math',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    let detail = (await call(editor, 'GET', `/api/admin/exams/${id}.json`)).json().data;
    expect(detail).toMatchObject({ slug: 'de-luyen-toan-so-2', duration_minutes: 90, locked: false });
    expect(detail.parts.map((p: { required: number }) => p.required)).toEqual([12, 4, 6]);
    expect(detail.gaps).toHaveLength(3);
    await expect(
      t.services.exams.createContest({ slug: 'thi-thu-de-chua-du', exam_id: id, title: 'Thi thử', kind: 'contest' }),
    ).rejects.toThrow(/Đề chưa đủ cấu trúc để tổ chức thi: Phần I: cần 12 câu, đang có 0\./);

    const first = (await call(editor, 'POST', `/api/admin/exams/${id}/questions.json`, question())).json().data.id;
    const short = await call(editor, 'POST', `/api/admin/exams/${id}/questions.json`, {
      ...question({ part: 3, options: [], key: { forms: ['-1,5', '-1.5'], tolerance: null } }),
    });
    expect(short.statusCode, short.body).toBe(200);
    const second = (await call(editor, 'POST', `/api/admin/exams/${id}/questions.json`, question({ key: 'B' }))).json()
      .data.id;
    detail = (await call(editor, 'GET', `/api/admin/exams/${id}.json`)).json().data;
    // Part I comes first whatever the order of writing: positions follow the parts.
    expect(detail.questions.map((q: { id: number }) => q.id)).toEqual([first, second, short.json().data.id]);
    expect(detail.questions[0].prompt_html).toContain('<math');
    expect(detail.questions[2].key).toEqual({ forms: ['-1,5'], tolerance: null });

    expect(
      (await call(editor, 'POST', `/api/admin/exams/${id}/questions/${second}/move.json`, { direction: 'up' }))
        .statusCode,
    ).toBe(200);
    const refused = await call(editor, 'POST', `/api/admin/exams/${id}/questions/${second}/move.json`, {
      direction: 'up',
    });
    expect(refused.statusCode).toBe(422);
    const edited = await call(
      editor,
      'PUT',
      `/api/admin/exams/${id}/questions/${first}.json`,
      question({ topic: 'Đại số', key: 'C' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call(editor, 'DELETE', `/api/admin/exams/${id}/questions/${second}.json`)).statusCode).toBe(200);
    detail = (await call(editor, 'GET', `/api/admin/exams/${id}.json`)).json().data;
    expect(detail.questions.map((q: { id: number; topic: string; key: unknown }) => [q.id, q.topic, q.key])).toEqual([
      [first, 'Đại số', 'C'],
      [short.json().data.id, 'Phương trình bậc hai', { forms: ['-1,5'], tolerance: null }],
    ]);
  });

  it('refuses an invalid question with a Vietnamese message on its field, writing nothing', async () => {
    const id = (
      await call(editor, 'POST', '/api/admin/exams.json', {
        title: 'Đề kiểm tra lỗi',
        subject: 'toan',
        template: 'thpt_math',
      })
    ).json().data.id;
    const before = await count('exam_questions');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ key: 'E' }, 'key', /A–D/],
      [{ explanation: ' ' }, 'explanation', /lời giải/],
      [{ options: [{ text: 'Một', image_url: null }] }, 'options', /4 phương án/],
      [{ part: 3, options: [], key: { forms: ['12,345'] } }, 'key', /4 ô/],
      [{ part: 3, options: [], key: { forms: ['hai'] } }, 'key', /không phải là một số/],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call(editor, 'POST', `/api/admin/exams/${id}/questions.json`, question(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error.fields[field]).toMatch(message);
    }
    expect(await count('exam_questions')).toBe(before);
  });

  it('custom exams take parts of every type: multiple choice and fill-in words', async () => {
    const id = (
      await call(editor, 'POST', '/api/admin/exams.json', {
        title: 'Bài kiểm tra từ vựng',
        subject: 'tieng-anh',
        template: 'custom',
        duration_minutes: 15,
      })
    ).json().data.id;
    await call(editor, 'POST', `/api/admin/exams/${id}/parts.json`, {
      title: 'Chọn nhiều',
      type: 'multiple',
      points: 500,
    });
    await call(editor, 'POST', `/api/admin/exams/${id}/parts.json`, { title: 'Điền từ', type: 'fill', points: 1000 });
    const multiple = await call(editor, 'POST', `/api/admin/exams/${id}/questions.json`, question({ key: ['C', 'A'] }));
    expect(multiple.statusCode, multiple.body).toBe(200);
    const fill = await call(editor, 'POST', `/api/admin/exams/${id}/questions.json`, {
      ...question({ part: 2, options: [], prompt: 'I ___ a student.', key: [['am', "'m"]], points: 750 }),
    });
    expect(fill.statusCode, fill.body).toBe(200);
    const detail = (await call(editor, 'GET', `/api/admin/exams/${id}.json`)).json().data;
    expect(
      detail.questions.map((q: { type: string; key: unknown; points: number }) => [q.type, q.key, q.points]),
    ).toEqual([
      ['multiple', ['A', 'C'], 0.5],
      ['fill', [['am', "'m"]], 0.75],
    ]);
  });
});

describe('preview', () => {
  it('renders a draft with KaTeX (HTML + MathML) and names its first problem', async () => {
    const response = await call(editor, 'POST', '/api/admin/exams/preview.json', {
      type: 'single',
      template: 'thpt_science',
      prompt: 'Tính $\\dfrac{1}{2} + \\sqrt{4}$ <b>ngay</b>',
      options: [{ text: '$2{,}5$', image_url: null }],
      explanation: '',
      key: 'A',
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.prompt_html).toContain('class="katex"');
    expect(data.prompt_html).toContain('<math');
    expect(data.prompt_html).toContain('&lt;b&gt;ngay&lt;/b&gt;');
    expect(data.problem).toMatch(/4 phương án/);
  });
});

describe('import', () => {
  it('imports the sample file into a complete THPT 2025 Chemistry exam that can be cloned', async () => {
    const checked = await call(editor, 'POST', '/api/admin/exams/import.json', { text: SAMPLE, dry_run: true });
    expect(checked.json().data, checked.body).toMatchObject({ valid: true, problems: [], exam_id: null });
    expect(await count('exams')).toBe(await count('exams'));

    const response = await call(editor, 'POST', '/api/admin/exams/import.json', { text: SAMPLE });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.exam_id as number;
    const detail = (await call(editor, 'GET', `/api/admin/exams/${id}.json`)).json().data;
    expect(detail).toMatchObject({ subject: 'hoa-hoc', template: 'thpt_science', duration_minutes: 50, gaps: [] });
    expect(detail.parts.map((p: { count: number }) => p.count)).toEqual([18, 4, 6]);
    expect(detail.questions[18].key).toEqual([true, false, true, true]);
    expect(detail.questions[27].key).toEqual({ forms: ['3,72'], tolerance: null });
    expect(detail.questions.every((q: { explanation: string; topic: string }) => q.explanation && q.topic)).toBe(true);

    // A second import of the same file gets a free address.
    const again = await call(editor, 'POST', '/api/admin/exams/import.json', { text: SAMPLE });
    expect(again.json().data.summary.slug).toBe('de-mau-hoa-hoc-cau-truc-thi-tot-nghiep-thpt-2025-2');

    const cloned = await call(editor, 'POST', `/api/admin/exams/${id}/clone.json`);
    expect(cloned.statusCode).toBe(200);
    const copy = (await call(editor, 'GET', `/api/admin/exams/${cloned.json().data.id}.json`)).json().data;
    expect(copy.title).toBe(`${detail.title} (bản sao)`);
    expect(copy.slug).toBe(`${detail.slug}-ban-sao`);
    expect(copy.questions.map((q: { key: unknown }) => q.key)).toEqual(
      detail.questions.map((q: { key: unknown }) => q.key),
    );
    expect(copy.contests).toEqual([]);
  });

  it('a broken file gives line-numbered problems and writes nothing', async () => {
    const lines = SAMPLE.split('\n');
    const at = (text: string) => lines.findIndex((line) => line.startsWith(text));
    const broken = [...lines];
    broken[at('Đáp án: C')] = 'Đáp án: E';
    broken[at('Đáp án: Đ Đ S Đ')] = 'Đáp án: Đ Đ';
    broken[at('Đáp án: 3,72')] = 'Đáp án: 3,7185';
    broken.splice(at('Câu 18.'), 0, 'Dòng lạc đề không thuộc trường nào');
    const [exams, questions] = [await count('exams'), await count('exam_questions')];
    const response = await call(editor, 'POST', '/api/admin/exams/import.json', { text: broken.join('\n') });
    expect(response.statusCode).toBe(400);
    const messages = Object.values(response.json().error.fields as Record<string, string>);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Dòng ${at('Đáp án: C') + 1}: Phần I, câu 4: .*A, B, C hoặc D`)),
        expect.stringMatching(/^Dòng \d+: Phần II, câu 3: .*bốn giá trị/),
        expect.stringMatching(/^Dòng \d+: .*3,7185.*4 ô/),
        expect.stringMatching(/^Dòng \d+: không hiểu dòng “Dòng lạc đề/),
      ]),
    );
    expect([await count('exams'), await count('exam_questions')]).toEqual([exams, questions]);
  });
});

describe('an exam candidates have sat', () => {
  it('keeps texts editable and freezes keys and structure, saying so', async () => {
    const id = (await call(editor, 'POST', '/api/admin/exams/import.json', { text: SAMPLE })).json().data.exam_id;
    const slug = await t.services.exams.ensurePractice(id);
    const candidate = await createUser(t.db);
    await t.services.exams.start(candidate.id, slug);
    const detail = (await call(editor, 'GET', `/api/admin/exams/${id}.json`)).json().data;
    expect(detail.locked).toBe(true);
    const q = detail.questions[0];
    const body = { ...q, passage_id: null, points: undefined, explanation: `${q.explanation} Ghi nhớ: ester RCOOR'.` };
    for (const key of ['number', 'type', 'prompt_html', 'options_html', 'explanation_html', 'id', 'points'])
      delete (body as Record<string, unknown>)[key];
    expect((await call(editor, 'PUT', `/api/admin/exams/${id}/questions/${q.id}.json`, body)).statusCode).toBe(200);
    const changedKey = await call(editor, 'PUT', `/api/admin/exams/${id}/questions/${q.id}.json`, {
      ...body,
      key: 'B',
    });
    expect(changedKey.statusCode).toBe(422);
    expect(changedKey.json().error.message).toMatch(/Sửa đáp án và chấm lại/);
    expect((await call(editor, 'DELETE', `/api/admin/exams/${id}/questions/${q.id}.json`)).statusCode).toBe(422);
    expect((await call(editor, 'POST', `/api/admin/exams/${id}/questions.json`, question())).statusCode).toBe(422);
  });
});
