/**
 * The exam gate pages through the real app (Fastify + the built React Router app + the demo seed):
 * /cong-thi lists contests by state and the practice rooms, a contest page shows its rules, countdown,
 * way in and leaderboard, the result page shows keys only when allowed. Needs the built app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_CONTESTS } from '../../db/seed/exams.ts';
import { decodeHtml as decodeEntities, getPage, submitForm } from '../helpers/auth.ts';
import { createShopper, type Shopper } from '../helpers/commerce.ts';
import { examHelpers } from '../helpers/exams.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
const { room, save } = examHelpers(() => t);
const PRACTICE = 'luyen-tap-de-mau-toan-thpt-2025';

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
});
afterAll(async () => {
  await t?.close();
});

/** Page HTML with entities decoded and React's text separators (`<!-- -->`) removed. */
const decodeHtml = (html: string) => decodeEntities(html).replace(/<!-- -->/g, '');
const KATEX_CSS = /<link[^>]* rel="stylesheet" href="\/assets\/katex[^"]*\.css"/;
const cookieOf = (learner: Shopper) => learner.session.cookie.cookie;
const robotsOf = (html: string) => /<meta name="robots" content="([^"]+)"/.exec(html)?.[1] ?? null;

async function submitted(learner: Shopper, slug: string) {
  const exam = await room(learner, slug);
  const first = exam.questions[0]!;
  expect((await save(learner, exam.attempt_id, first.id, 'A', exam.last_seq + 1)).statusCode).toBe(200);
  const response = await learner.call('POST', '/api/user/exam/submit.json', { attempt_id: exam.attempt_id });
  expect(response.statusCode, response.body).toBe(200);
  return exam;
}

describe('/cong-thi', () => {
  it('lists the open, upcoming and finished contests and the practice rooms from the service', async () => {
    const response = await getPage(t, '/cong-thi');
    expect(response.statusCode).toBe(200);
    const html = decodeHtml(response.body);
    const section = (label: string) => new RegExp(`aria-label="${label}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? '';
    expect(section('Đang diễn ra')).toContain(`/cong-thi/${SEEDED_CONTESTS.open}"`);
    expect(section('Sắp diễn ra')).toContain(`/cong-thi/${SEEDED_CONTESTS.upcoming}"`);
    expect(section('Đã kết thúc')).toContain(`/cong-thi/${SEEDED_CONTESTS.finished}#bang-xep-hang"`);
    expect(section('Luyện đề')).toContain(`/cong-thi/${PRACTICE}"`);
    expect(section('Đang diễn ra')).not.toContain(PRACTICE);
    expect(html).not.toMatch(KATEX_CSS);
  });
});

describe('/cong-thi/{slug}', () => {
  it('shows an open contest indexable, with its rules, and a sign-in link that comes back here', async () => {
    const response = await getPage(t, `/cong-thi/${SEEDED_CONTESTS.open}`);
    expect(response.statusCode).toBe(200);
    const html = decodeHtml(response.body);
    expect(robotsOf(html)).toBeNull();
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/cong-thi/${SEEDED_CONTESTS.open}"`);
    expect(html).toContain('22 câu, thang điểm 10');
    expect(html).toContain('90 phút');
    expect(html).toContain('Công bố sau khi kỳ thi kết thúc');
    expect(html).toContain(`href="/dang-nhap?redirect=${encodeURIComponent(`/cong-thi/${SEEDED_CONTESTS.open}`)}"`);
  });

  it('counts down to an upcoming contest from the server clock and offers no start', async () => {
    const html = decodeHtml((await getPage(t, `/cong-thi/${SEEDED_CONTESTS.upcoming}`)).body);
    const shown = /role="timer"[^>]*>([^<]+)</.exec(html)?.[1] ?? '';
    expect(shown).toMatch(/^[23] ngày \d\d:\d\d:\d\d$/);
    expect(html).not.toContain('data-testid="start-exam"');
  });

  it('shows the leaderboard and the score distribution of a finished contest', async () => {
    const html = decodeHtml((await getPage(t, `/cong-thi/${SEEDED_CONTESTS.finished}`)).body);
    expect(html).toContain('8 thí sinh đã nộp bài');
    const ranks = [...html.matchAll(/<tr[^>]*><td class="py-1 pr-2">(\d+)<\/td>/g)].map((match) => Number(match[1]));
    expect(ranks.length).toBe(8);
    expect(ranks[0]).toBe(1);
    expect(ranks[1]).toBe(1);
    expect(html).toContain('aria-label="Phổ điểm"');
    expect(html).not.toContain('data-testid="start-exam"');
  });

  it('lists every contest and practice room in the sitemap', async () => {
    const sitemap = (await getPage(t, '/sitemap.xml')).body;
    for (const slug of [...Object.values(SEEDED_CONTESTS), PRACTICE])
      expect(sitemap).toContain(`<loc>http://localhost:3000/cong-thi/${slug}</loc>`);
    expect(sitemap).not.toMatch(/\/cong-thi\/[^<]*\/(lam-bai|ket-qua)/);
  });

  it('answers 404 for an unknown contest', async () => {
    expect((await getPage(t, '/cong-thi/khong-co-ky-thi')).statusCode).toBe(404);
  });

  it('starts an attempt from the form and sends the candidate to the room; signed out goes to sign-in', async () => {
    const learner = await createShopper(t);
    const started = await submitForm(t, `/cong-thi/${PRACTICE}`, {}, cookieOf(learner));
    expect(started.statusCode).toBe(302);
    expect(started.headers.location).toBe(`/cong-thi/${PRACTICE}/lam-bai`);
    const details = (await learner.call('GET', `/api/user/exam/details.json?slug=${PRACTICE}`)).json().data;
    expect(details.viewer.open_attempt_id).toEqual(expect.any(Number));
    const page = decodeHtml((await getPage(t, `/cong-thi/${PRACTICE}`, cookieOf(learner))).body);
    expect(page).toContain('Tiếp tục làm bài');
    const anonymous = await submitForm(t, `/cong-thi/${PRACTICE}`, {});
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(`/dang-nhap?redirect=${encodeURIComponent(`/cong-thi/${PRACTICE}`)}`);
  });

  it('shows the service refusal when the contest has not opened', async () => {
    const learner = await createShopper(t);
    const refused = await submitForm(t, `/cong-thi/${SEEDED_CONTESTS.upcoming}`, {}, cookieOf(learner));
    expect(refused.statusCode).toBe(422);
    expect(decodeHtml(refused.body)).toContain('Kỳ thi chưa mở');
  });
});

describe('the exam room', () => {
  it('sends a signed-out visitor to sign in, and a candidate without an attempt to the contest page', async () => {
    const path = `/cong-thi/${PRACTICE}/lam-bai`;
    const anonymous = await getPage(t, path);
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(`/dang-nhap?redirect=${encodeURIComponent(path)}`);
    const learner = await createShopper(t);
    const away = await getPage(t, path, cookieOf(learner));
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe(`/cong-thi/${PRACTICE}`);
    expect((await getPage(t, '/cong-thi/khong-co-ky-thi/lam-bai', cookieOf(learner))).statusCode).toBe(404);
  });

  it('resumes the open attempt, not indexable, with formulas and without any key or explanation', async () => {
    const learner = await createShopper(t);
    const exam = await room(learner, SEEDED_CONTESTS.open);
    const first = exam.questions[0]!;
    expect((await save(learner, exam.attempt_id, first.id, 'C', exam.last_seq + 1)).statusCode).toBe(200);
    const response = await getPage(t, `/cong-thi/${SEEDED_CONTESTS.open}/lam-bai`, cookieOf(learner));
    expect(response.statusCode).toBe(200);
    const html = decodeHtml(response.body);
    expect(robotsOf(html)).toBe('noindex, follow');
    expect(html).toContain('class="katex"');
    expect(html).toMatch(KATEX_CSS);
    expect(html).toContain('<noscript>');
    expect((html.match(/data-testid="room-question"/g) ?? []).length).toBe(22);
    // The saved answer comes back checked (resume after a reload).
    expect(html.match(/<input type="radio"[^>]* name="cau-\d+" checked=""/g)?.length).toBe(1);
    expect(html).toMatch(/<input type="radio"[^>]* name="cau-1" checked=""\/><span class="font-semibold">C\.</);
    const rows = await t.db
      .selectFrom('exam_questions')
      .select(['rendered', 'answer_key'])
      .where(
        'id',
        'in',
        exam.questions.map((question) => question.id),
      )
      .execute();
    const textOf = (markup: string) =>
      decodeHtml(markup)
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    const pageText = textOf(html);
    for (const row of rows) {
      const explanation = textOf((JSON.parse(row.rendered) as { explanation: string }).explanation);
      expect(explanation.length).toBeGreaterThan(20);
      expect(pageText).not.toContain(explanation.slice(0, 50));
    }
    expect(html).not.toMatch(/answer_key|correct_answer|explanation/);
  });

  it('sends a candidate whose attempt was submitted to the result', async () => {
    const learner = await createShopper(t);
    const exam = await submitted(learner, PRACTICE);
    const response = await getPage(t, `/cong-thi/${PRACTICE}/lam-bai`, cookieOf(learner));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/cong-thi/${PRACTICE}/ket-qua/${exam.attempt_id}`);
  });
});

describe('the result page', () => {
  it('shows a practice result with keys, explanations and the history, not indexable', async () => {
    const learner = await createShopper(t);
    const exam = await submitted(learner, PRACTICE);
    const response = await getPage(t, `/cong-thi/${PRACTICE}/ket-qua/${exam.attempt_id}`, cookieOf(learner));
    expect(response.statusCode).toBe(200);
    const html = decodeHtml(response.body);
    expect(robotsOf(html)).toBe('noindex, follow');
    expect(html).toContain('data-testid="result-score"');
    expect((html.match(/data-testid="explanation"/g) ?? []).length).toBe(22);
    expect((html.match(/data-testid="correct-answer"/g) ?? []).length).toBe(22);
    expect(html).toContain('class="katex"');
    expect(html).toMatch(KATEX_CSS);
    expect(html).not.toContain('data-testid="result-rank"');
  });

  it('hides keys of a contest until it closes, and shows the rank', async () => {
    const learner = await createShopper(t);
    const exam = await submitted(learner, SEEDED_CONTESTS.open);
    const html = decodeHtml(
      (await getPage(t, `/cong-thi/${SEEDED_CONTESTS.open}/ket-qua/${exam.attempt_id}`, cookieOf(learner))).body,
    );
    expect(html).toContain('data-testid="keys-hidden"');
    expect(html).not.toContain('data-testid="explanation"');
    expect(html).not.toContain('data-testid="correct-answer"');
    expect(html).toMatch(/data-testid="result-rank"[^>]*>Hạng \d+\/\d+ · xếp ngang hoặc trên \d+% thí sinh/);
  });

  it("sends a signed-out visitor to sign in and answers 404 for someone else's attempt", async () => {
    const owner = await createShopper(t);
    const exam = await submitted(owner, PRACTICE);
    const path = `/cong-thi/${PRACTICE}/ket-qua/${exam.attempt_id}`;
    const anonymous = await getPage(t, path);
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(`/dang-nhap?redirect=${encodeURIComponent(path)}`);
    const stranger = await createShopper(t);
    expect((await getPage(t, path, cookieOf(stranger))).statusCode).toBe(404);
    expect(
      (await getPage(t, `/cong-thi/${SEEDED_CONTESTS.open}/ket-qua/${exam.attempt_id}`, cookieOf(owner))).statusCode,
    ).toBe(404);
  });
});
