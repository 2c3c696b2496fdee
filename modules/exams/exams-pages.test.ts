/**
 * The learner-side exam pages rendered by the server: an exam_gate post shows the contest it
 * presents (state, window, the way in) and never a dead promise; "Nhắc tôi" works as a plain form
 * post; a contest certificate is verifiable on the certificate page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_CONTESTS, seedExams } from '../../db/seed/exams.ts';
import { submitForm } from '../../tests/helpers/auth.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createPost } from '../../tests/factories/content.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true });
  await seedExams(t.db);
});
afterAll(async () => {
  await t?.close();
});

async function postFor(contestSlug: string | null, title: string) {
  const post = await createPost(t.db, { type: 'exam_gate', title });
  if (contestSlug)
    await t.db.updateTable('exam_contests').set({ post_id: post.id }).where('slug', '=', contestSlug).execute();
  return post;
}

describe('an exam_gate post', () => {
  it('shows its open contest with the way in, its upcoming contest with the countdown, and nothing when unlinked', async () => {
    const open = await postFor(SEEDED_CONTESTS.open, 'Thi thử Toán đợt một trên cổng thi');
    const page = await t.app.inject({ url: `/tin-tuc/${open.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="post-contest"');
    expect(page.body).toContain('Đang diễn ra');
    expect(page.body).toContain('Thi thử tốt nghiệp THPT 2025 — Toán, đợt 1');
    expect(page.body).toContain('Đăng nhập để vào thi');
    expect(page.body).toContain('Đóng sau');

    const learner = await createShopper(t);
    const signedIn = await t.app.inject({ url: `/tin-tuc/${open.slug}`, headers: learner.session.cookie });
    const start = /<form[^>]*action="\/cong-thi\/thi-thu-toan-thpt-2025-dot-1"[^>]*>\s*<button[^>]*>Vào thi</.exec(
      signedIn.body,
    );
    expect(start).not.toBeNull();
    expect(signedIn.body).toContain('Vào thi');

    const upcoming = await postFor(SEEDED_CONTESTS.upcoming, 'Thi thử Vật lý sắp mở trên cổng thi');
    const soon = await t.app.inject({ url: `/tin-tuc/${upcoming.slug}` });
    expect(soon.body).toContain('Sắp diễn ra');
    expect(soon.body).toContain('Mở sau');
    expect(soon.body).toContain('Xem thể lệ và đặt lời nhắc');
    expect(soon.body).not.toContain('data-testid="post-contest-start"');

    const practice = await postFor('luyen-tap-de-mau-tieng-anh-thpt-2025', 'Luyện đề Tiếng Anh trên cổng thi');
    expect((await t.app.inject({ url: `/tin-tuc/${practice.slug}`, headers: learner.session.cookie })).body).toContain(
      'Luyện tập',
    );

    const plain = await postFor(null, 'Tin tức kỳ thi không kèm đề');
    const article = await t.app.inject({ url: `/tin-tuc/${plain.slug}` });
    expect(article.statusCode).toBe(200);
    expect(article.body).not.toContain('data-testid="post-contest"');
  });
});

describe('Nhắc tôi without JavaScript', () => {
  it('sends anonymous visitors to sign in and back, and toggles for a learner on /cong-thi', async () => {
    const anonymous = await t.app.inject({ url: '/cong-thi' });
    expect(anonymous.body).toContain('/dang-nhap?redirect=%2Fcong-thi');
    const learner = await createShopper(t);
    const cookie = learner.session.cookie.cookie;
    const page = await t.app.inject({ url: '/cong-thi', headers: { cookie } });
    expect(page.body).toContain('Nhắc tôi');
    const on = await submitForm(t, '/cong-thi', { intent: 'remind', slug: SEEDED_CONTESTS.upcoming }, cookie);
    expect(on.statusCode).toBe(200);
    expect(on.body).toContain('Bỏ nhắc');
    expect(on.body).toContain('Sẽ nhắc bạn 15 phút trước giờ mở');
    const rows = await t.db
      .selectFrom('exam_reminders')
      .select('user_id')
      .where('user_id', '=', learner.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    const contest = await t.app.inject({ url: `/cong-thi/${SEEDED_CONTESTS.upcoming}`, headers: { cookie } });
    expect(contest.body).toContain('Bỏ nhắc');
    const off = await submitForm(
      t,
      `/cong-thi/${SEEDED_CONTESTS.upcoming}`,
      { intent: 'unremind', slug: SEEDED_CONTESTS.upcoming },
      cookie,
    );
    expect(off.statusCode).toBe(200);
    expect(off.body).toContain('Nhắc tôi');
    expect(
      await t.db.selectFrom('exam_reminders').select('user_id').where('user_id', '=', learner.user.id).execute(),
    ).toHaveLength(0);
    // An open contest takes no reminder: the message says why.
    const refused = await submitForm(t, '/cong-thi', { intent: 'remind', slug: SEEDED_CONTESTS.open }, cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Chỉ đặt lời nhắc được cho kỳ thi chưa mở.');
  });
});

describe('contest certificates on the certificate page', () => {
  it('show the contest, the score and the rank of a seeded candidate', async () => {
    const row = await t.db
      .selectFrom('certificates')
      .innerJoin('exam_contests', 'exam_contests.id', 'certificates.exam_contest_id')
      .select(['certificates.code', 'certificates.learner_name', 'certificates.rank', 'certificates.candidates'])
      .where('exam_contests.slug', '=', SEEDED_CONTESTS.finished)
      .orderBy('certificates.rank')
      .executeTakeFirstOrThrow();
    const page = await t.app.inject({ url: `/chung-chi/${row.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('CHỨNG NHẬN KẾT QUẢ KỲ THI');
    expect(page.body).toContain(row.learner_name);
    expect(page.body).toContain('Thi thử tốt nghiệp THPT 2025 — Tiếng Anh, đợt 1');
    expect(page.body).toContain(`Hạng ${row.rank}/${row.candidates}`);
    expect(page.body).toContain(`href="/cong-thi/${SEEDED_CONTESTS.finished}"`);
    // Only the candidates from 8 points: 5 of the 8 seeded ones.
    const all = await t.db
      .selectFrom('certificates')
      .innerJoin('exam_contests', 'exam_contests.id', 'certificates.exam_contest_id')
      .select(['certificates.score'])
      .where('exam_contests.slug', '=', SEEDED_CONTESTS.finished)
      .execute();
    expect(all).toHaveLength(5);
    expect(all.every((certificate) => certificate.score! >= 8000)).toBe(true);
  });

  it('say a revoked certificate is no longer valid and why, and print or download none', async () => {
    const row = await t.db
      .selectFrom('certificates')
      .innerJoin('exam_contests', 'exam_contests.id', 'certificates.exam_contest_id')
      .select(['certificates.id', 'certificates.code', 'certificates.user_id'])
      .where('exam_contests.slug', '=', SEEDED_CONTESTS.finished)
      .orderBy('certificates.rank', 'desc')
      .executeTakeFirstOrThrow();
    const reason = 'Sau khi sửa đáp án và chấm lại, điểm 7,75 thấp hơn mức cấp chứng nhận 8.';
    await t.db
      .updateTable('certificates')
      .set({ revoked_at: new Date().toISOString(), revoked_reason: reason })
      .where('id', '=', row.id)
      .execute();
    const page = await t.app.inject({ url: `/chung-chi/${row.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Chứng nhận đã bị thu hồi');
    expect(page.body).toContain(reason);
    expect(page.body).not.toContain('Chứng chỉ hợp lệ');
    expect(page.body).not.toContain(`href="/chung-chi/${row.code}/in"`);
    const print = await t.app.inject({ url: `/chung-chi/${row.code}/in` });
    expect(print.statusCode).toBe(302);
    expect(print.headers.location).toBe(`/chung-chi/${row.code}`);
    expect((await t.app.inject({ url: `/chung-chi/${row.code}.pdf` })).statusCode).toBe(422);
  });
});
