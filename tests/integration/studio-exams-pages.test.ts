/**
 * The studio's exam pages through the real app with the demo seed, as a browser without
 * JavaScript: who may open them, the list and its filters, creating an exam, the "Xem trước"
 * button rendering a draft's formula, a question error shown by its field with nothing written,
 * the notice on an exam candidates have sat, and a broken import naming its lines. Needs the built app.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../factories/accounts.ts';
import { decodeHtml as decodeEntities, getPage, signIn, submitForm } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let admin: string;
let learner: string;

/** Page HTML as text to search: entities decoded, React's text separators gone. */
const decodeHtml = (html: string) => decodeEntities(html).replace(/<!-- -->/g, '');
const get = (url: string, cookie = admin) => getPage(t, url, cookie);
const questionCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('exam_questions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  admin = (await signIn(t, 'quantri@khaitri.vn', DEMO_PASSWORD)).cookie.cookie;
  learner = (await signIn(t, '0987654321', DEMO_PASSWORD)).cookie.cookie;
});
afterAll(async () => {
  await t?.close();
});

const draft = {
  intent: 'preview',
  prompt: 'Giá trị của $\\sqrt{16} + \\dfrac{1}{2}$ là',
  option_0: '$4{,}5$',
  option_1: '$8{,}5$',
  option_2: '$2{,}5$',
  option_3: '$16{,}5$',
  key: 'A',
  explanation: '$\\sqrt{16} = 4$ nên tổng là $4{,}5$.',
  topic: '',
  difficulty: 'easy',
};

describe('studio exam pages', () => {
  it('sends the anonymous to sign in and refuses a learner', async () => {
    const anonymous = await getPage(t, '/studio/de-thi');
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/dang-nhap\?redirect=/);
    expect((await get('/studio/de-thi', learner)).statusCode).toBe(403);
    expect((await get('/studio/de-thi/nhap', learner)).statusCode).toBe(403);
  });

  it('lists the seeded exams with their counts and filters them', async () => {
    const page = decodeHtml((await get('/studio/de-thi')).body);
    expect(page).toContain('Đề mẫu Vật lý — cấu trúc thi tốt nghiệp THPT 2025');
    expect(page).toContain('22/22 câu');
    expect(page).toContain('href="/studio/de-thi"');
    const english = decodeHtml((await get('/studio/de-thi?subject=tieng-anh')).body);
    expect(english).toContain('40/40 câu');
    expect(english).not.toContain('Đề mẫu Vật lý');
    expect(decodeHtml((await get('/studio/de-thi?q=khong-co-de-nay')).body)).toContain('Không có đề nào khớp bộ lọc.');
  });

  it('creates an exam, previews a draft without JavaScript and names a missing field', async () => {
    const empty = await submitForm(
      t,
      '/studio/de-thi/moi',
      { intent: 'meta', title: '', subject: 'sinh-hoc', template: 'thpt_science' },
      admin,
    );
    expect(empty.statusCode).toBe(400);
    expect(decodeHtml(empty.body)).toContain('Hãy nhập tên đề.');
    const created = await submitForm(
      t,
      '/studio/de-thi/moi',
      { intent: 'meta', title: 'Đề luyện Sinh học số 1', subject: 'sinh-hoc', template: 'thpt_science' },
      admin,
    );
    expect(created.statusCode).toBe(302);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/studio\/de-thi\/\d+\?thong-bao=da-tao$/);
    const examPage = decodeHtml((await get(location)).body);
    expect(examPage).toContain('Phần I: cần 18 câu, đang có 0.');
    const base = location.split('?')[0]!;

    const preview = await submitForm(t, `${base}/cau-hoi/moi?phan=1`, { ...draft, key: '' }, admin);
    expect(preview.statusCode).toBe(200);
    const previewed = decodeHtml(preview.body);
    expect(previewed).toContain('class="katex"');
    expect(previewed).toContain('<math');
    expect(previewed).toContain('Chưa lưu được: đáp án phải là một chữ A–D.');

    const before = await questionCount();
    const refused = await submitForm(t, `${base}/cau-hoi/moi?phan=1`, { ...draft, intent: 'save' }, admin);
    expect(refused.statusCode).toBe(400);
    expect(decodeHtml(refused.body)).toMatch(/id="truong-topic-loi"[^>]*>thiếu chuyên đề\./);
    expect(await questionCount()).toBe(before);
    const saved = await submitForm(
      t,
      `${base}/cau-hoi/moi?phan=1`,
      { ...draft, intent: 'save', topic: 'Số học' },
      admin,
    );
    expect(saved.statusCode).toBe(302);
    expect(await questionCount()).toBe(before + 1);
    expect(decodeHtml((await get(base)).body)).toContain('Phần I: cần 18 câu, đang có 1.');
  });

  it('says what stays editable on an exam candidates have sat', async () => {
    const exam = await t.db
      .selectFrom('exams')
      .select('id')
      .where('subject', '=', 'tieng-anh')
      .executeTakeFirstOrThrow();
    const page = decodeHtml((await get(`/studio/de-thi/${exam.id}`)).body);
    expect(page).toMatch(/Đã có \d+ lượt làm bài trên đề này/);
    expect(page).toContain('Sửa đáp án và chấm lại');
    expect(page).not.toContain('+ Thêm câu vào');
  });

  it('imports nothing from a broken file and names its lines', async () => {
    const sample = fs.readFileSync('public/mau/de-thi-mau.txt', 'utf8');
    const broken = sample.replace('Đáp án: D\n', 'Đáp án:\n').replace('Chuyên đề: Polymer\n', '');
    const exams = await t.db.selectFrom('exams').select('id').execute();
    const response = await submitForm(t, '/studio/de-thi/nhap', { intent: 'save', text: broken }, admin);
    expect(response.statusCode).toBe(200);
    const page = decodeHtml(response.body);
    expect(page).toContain('lỗi, chưa lưu gì');
    expect(page).toMatch(/Dòng \d+: Phần I, câu 15: /);
    expect(page).toMatch(/Dòng \d+: Phần I, câu 8: thiếu chuyên đề\./);
    expect(await t.db.selectFrom('exams').select('id').execute()).toHaveLength(exams.length);

    const checked = decodeHtml(
      (await submitForm(t, '/studio/de-thi/nhap', { intent: 'check', text: sample }, admin)).body,
    );
    expect(checked).toContain('Tệp hợp lệ — xem trước trước khi lưu');
    expect(checked).toContain('Phần I. Trắc nghiệm nhiều phương án lựa chọn: 18 câu');
  });
});
