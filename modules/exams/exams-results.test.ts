import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_CONTESTS, seedExams } from '../../db/seed/exams.ts';
import { DEMO_PASSWORD } from '../../tests/factories/accounts.ts';
import { signIn } from '../../tests/helpers/auth.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { examHelpers } from '../../tests/helpers/exams.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  await seedExams(t.db);
});
afterAll(async () => {
  await t.close();
});

const { room, save, shownKey, keyOf } = examHelpers(() => t);

describe('results, keys and rankings', () => {
  it('scores the 2025 rules and hides keys until the contest closes', async () => {
    const learner = await createShopper(t);
    const paper = await room(learner, SEEDED_CONTESTS.open);
    let seq = 0;
    // Part I all right: 12 × 0.25 = 3.
    for (const question of paper.questions.filter((q) => q.type === 'single'))
      await save(learner, paper.attempt_id, question.id, await shownKey(question), (seq += 1));
    // One true/false group with three statements right: 0.5; another with one right: 0.1.
    const groups = paper.questions.filter((q) => q.type === 'true_false');
    const three = (await keyOf(groups[0]!.id)) as boolean[];
    await save(learner, paper.attempt_id, groups[0]!.id, [three[0], three[1], three[2], !three[3]], (seq += 1));
    const one = (await keyOf(groups[1]!.id)) as boolean[];
    await save(learner, paper.attempt_id, groups[1]!.id, [one[0], null, null, null], (seq += 1));
    // One short answer right, written differently from the key (a decimal one: "-1,5" or "0,75"): 0.5.
    const shorts = paper.questions.filter((q) => q.type === 'short');
    const keys = await Promise.all(shorts.map(async (q) => ((await keyOf(q.id)) as { forms: string[] }).forms[0]!));
    const index = keys.findIndex((key) => key.includes(','));
    const written = ` +${keys[index]!.replace(',', '.')}0 `.replace('+-', '\u2212');
    await save(learner, paper.attempt_id, shorts[index]!.id, written, (seq += 1));
    const submitted = await learner.call('POST', '/api/user/exam/submit.json', { attempt_id: paper.attempt_id });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = submitted.json().data;
    expect(result).toMatchObject({
      score: 4.1,
      max_score: 10,
      score_10: 4.1,
      keys_visible: false,
      submitted_by: 'candidate',
    });
    expect(result.parts.map((p: { score: number }) => p.score)).toEqual([3, 0.6, 0.5]);
    expect(
      result.questions.every(
        (q: { correct_answer: unknown; explanation_html: unknown }) =>
          q.correct_answer === null && q.explanation_html === null,
      ),
    ).toBe(true);
    expect(result.topics).toEqual([]);
    expect(submitted.body).not.toMatch(/answer_key|Cô-si/);
    expect(result.rank).toBeGreaterThanOrEqual(1);

    // The contest closes: keys, explanations and per-topic totals appear.
    await t.db
      .updateTable('exam_contests')
      .set({ closes_at: new Date(Date.now() - 1000).toISOString() })
      .where('slug', '=', SEEDED_CONTESTS.open)
      .execute();
    const after = (await learner.call('GET', `/api/user/exam/result.json?attempt_id=${paper.attempt_id}`)).json().data;
    expect(after.keys_visible).toBe(true);
    const firstSingle = after.questions.find((q: { type: string }) => q.type === 'single');
    expect(firstSingle.correct_answer).toBe(firstSingle.answer);
    expect(firstSingle.points_awarded).toBe(0.25);
    expect(after.questions.find((q: { id: number }) => q.id === groups[0]!.id)).toMatchObject({
      points_awarded: 0.5,
      statements_right: 3,
    });
    expect(after.questions.find((q: { id: number }) => q.id === shorts[index]!.id)).toMatchObject({
      points_awarded: 0.5,
      correct_answer: keys[index],
    });
    expect(after.questions.every((q: { explanation_html: string }) => q.explanation_html.length > 0)).toBe(true);
    expect(after.topics.reduce((sum: number, topic: { score: number }) => sum + topic.score, 0)).toBeCloseTo(4.1, 5);
    await t.db
      .updateTable('exam_contests')
      .set({ closes_at: new Date(Date.now() + 86_400_000).toISOString() })
      .where('slug', '=', SEEDED_CONTESTS.open)
      .execute();
  });

  it('practice: unlimited attempts, keys right after submitting, never ranked', async () => {
    const learner = await createShopper(t);
    const slug = 'luyen-tap-de-mau-vat-ly-thpt-2025';
    const first = await room(learner, slug);
    const result = (await learner.call('POST', '/api/user/exam/submit.json', { attempt_id: first.attempt_id })).json()
      .data;
    expect(result).toMatchObject({ score: 0, keys_visible: true, rank: null, percentile: null });
    expect(result.questions.every((q: { correct_answer: unknown }) => q.correct_answer !== null)).toBe(true);
    const second = await room(learner, slug);
    expect(second.attempt_id).not.toBe(first.attempt_id);
    const ranking = await t.app.inject({ url: `/api/user/exam/ranking.json?slug=${slug}` });
    expect(ranking.statusCode).toBe(422);
    expect(ranking.json().error.message).toBe('Phần luyện tập không xếp hạng.');
  });

  it('ranks by score then time used, ties share a rank, and a result is not readable before submitting', async () => {
    const response = await t.app.inject({ url: `/api/user/exam/ranking.json?slug=${SEEDED_CONTESTS.finished}` });
    expect(response.statusCode).toBe(200);
    const ranking = response.json().data as {
      candidates: number;
      entries: { rank: number; score: number; time_used_seconds: number; name: string }[];
    };
    expect(ranking.candidates).toBe(8);
    for (let i = 1; i < ranking.entries.length; i += 1) {
      const [a, b] = [ranking.entries[i - 1]!, ranking.entries[i]!];
      expect(a.score > b.score || (a.score === b.score && a.time_used_seconds <= b.time_used_seconds)).toBe(true);
      if (a.score === b.score && a.time_used_seconds === b.time_used_seconds) expect(b.rank).toBe(a.rank);
      else expect(b.rank).toBe(i + 1);
    }
    // The two seeded candidates who answered alike in the same time tie.
    const tied = ranking.entries.filter((e) => e.name === 'Đ. N. Mai' || e.name === 'B. T. Sơn');
    expect(tied[0]!.rank).toBe(tied[1]!.rank);
    expect(tied[0]!.score).toBe(tied[1]!.score);
    // Each candidate's result gives the rank and percentile the ranking gives them.
    for (let index = 1; index <= ranking.candidates; index += 1) {
      const email = `thi-sinh-${index}@khaitri.demo`;
      const session = await signIn(t, email, DEMO_PASSWORD);
      const user = await t.db
        .selectFrom('users')
        .select('full_name')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const attempt = await t.db
        .selectFrom('exam_attempts')
        .select('id')
        .where('user_id', '=', session.userId)
        .executeTakeFirstOrThrow();
      const mine = await t.app.inject({
        url: `/api/user/exam/result.json?attempt_id=${attempt.id}`,
        headers: session.bearer,
      });
      // The candidate's own view of the ranking names them in full, the others by initials.
      const view = await t.app.inject({
        url: `/api/user/exam/ranking.json?slug=${SEEDED_CONTESTS.finished}`,
        headers: session.bearer,
      });
      const seen = view.json().data as { entries: { name: string; rank: number; is_me: boolean }[] };
      const entry = seen.entries.find((row) => row.is_me)!;
      expect(entry.name).toBe(user.full_name);
      expect(seen.entries.filter((row) => row.name === user.full_name)).toHaveLength(1);
      for (const other of seen.entries.filter((row) => !row.is_me)) expect(other.name).toMatch(/^(\S\. )+\S+$/u);
      expect(mine.json().data).toMatchObject({
        rank: entry.rank,
        percentile: Math.round((100 * (ranking.candidates - entry.rank + 1)) / ranking.candidates),
      });
    }

    const learner = await createShopper(t);
    const paper = await room(learner, 'luyen-tap-de-mau-tieng-anh-thpt-2025');
    const early = await learner.call('GET', `/api/user/exam/result.json?attempt_id=${paper.attempt_id}`);
    expect(early.statusCode).toBe(422);
    expect(early.body).not.toMatch(/correct_answer|explanation/);
  });

  it('re-grades after a key correction: scores and ranks are recomputed', async () => {
    const before = (await t.app.inject({ url: `/api/user/exam/ranking.json?slug=${SEEDED_CONTESTS.finished}` })).json()
      .data as { entries: { name: string; score: number; rank: number }[] };
    // Question 2 of the English exam: every seeded candidate answered the written key (C) except the
    // one who misses every second question. Moving the key to that candidate's answer swaps their marks.
    const question = await t.db
      .selectFrom('exam_questions as q')
      .innerJoin('exams as e', 'e.id', 'q.exam_id')
      .select(['q.id'])
      .where('e.slug', '=', 'de-mau-tieng-anh-thpt-2025')
      .where('q.position', '=', 2)
      .executeTakeFirstOrThrow();
    const { regraded } = await t.services.exams.correctKey(question.id, 'A');
    expect(regraded).toBeGreaterThanOrEqual(8);
    const after = (await t.app.inject({ url: `/api/user/exam/ranking.json?slug=${SEEDED_CONTESTS.finished}` })).json()
      .data as { entries: { name: string; score: number; rank: number }[] };
    const scoreOf = (table: typeof before, name: string) => table.entries.find((e) => e.name === name)!.score;
    expect(scoreOf(after, 'N. M. Anh')).toBe(scoreOf(before, 'N. M. Anh') + 0.25);
    expect(scoreOf(after, 'T. G. Bảo')).toBe(scoreOf(before, 'T. G. Bảo') - 0.25);
    expect(after.entries.map((e) => e.score)).toEqual([...after.entries.map((e) => e.score)].sort((a, b) => b - a));
    await t.services.exams.correctKey(question.id, 'C');
    const restored = (
      await t.app.inject({ url: `/api/user/exam/ranking.json?slug=${SEEDED_CONTESTS.finished}` })
    ).json().data;
    expect(restored.entries).toEqual(before.entries);
  });
});
