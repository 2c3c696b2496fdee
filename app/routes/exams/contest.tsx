/** `/cong-thi/{slug}`: a contest's or practice room's rules, countdown, way in and leaderboard. */
import { Form, Link, redirect } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { Countdown } from '../../components/exams/countdown';
import { ContestRules } from '../../components/exams/contest-rules';
import { Leaderboard, ScoreDistribution } from '../../components/exams/leaderboard';
import { ReminderToggle } from '../../components/exams/reminder-toggle';
import { FormMessage } from '../../components/form-field';
import { PageFrame } from '../../components/page-frame';
import { runForm } from '../../forms.server';
import { loginRedirectTarget } from '../../guards.server';
import { loadOr404 } from '../../not-found.server';
import { buildSeoMeta } from '../../seo';
import type { Route } from './+types/contest';
import { isReminderIntent, reminderAction } from './reminder.server';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewerId = context.viewer?.id ?? null;
  const contest = await loadOr404(request, () => context.services.exams.details(viewerId, params.slug));
  const serverNow = Date.parse(contest.server_now);
  const opensIn =
    contest.state === 'upcoming' && contest.opens_at ? Math.ceil((Date.parse(contest.opens_at) - serverNow) / 1000) : 0;
  const closesIn =
    contest.state === 'open' && contest.closes_at ? Math.ceil((Date.parse(contest.closes_at) - serverNow) / 1000) : 0;
  const ranking =
    contest.kind === 'contest' && contest.is_ranked && contest.state === 'closed'
      ? await context.services.exams.ranking(viewerId, params.slug)
      : null;
  return { contest, opensIn, closesIn, ranking, signInPath: loginRedirectTarget(request) };
}

/** Starting (or resuming) an attempt, then the room; or "Nhắc tôi" / "Bỏ nhắc" before it opens. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (isReminderIntent(form.get('intent'))) return reminderAction(request, context, form);
  if (!context.viewer) throw redirect(loginRedirectTarget(request));
  const viewerId = context.viewer.id;
  const code = String(form.get('code') ?? '').trim();
  const values = { code };
  return runForm(values, async () => {
    await context.services.exams.start(viewerId, params.slug, code || undefined);
    return redirect(`/cong-thi/${params.slug}/lam-bai`);
  });
}

export const meta: Route.MetaFunction = ({ matches, data, params }) =>
  buildSeoMeta(matches, {
    title: data?.contest.title ?? 'Kỳ thi',
    description: data
      ? `${data.contest.exam.title}: ${data.contest.question_count} câu, ${Math.round(data.contest.duration_seconds / 60)} phút. Thi thử trực tuyến, chấm điểm tự động và xem lời giải trên Khai Trí.`
      : 'Thi thử trực tuyến trên Khai Trí.',
    path: `/cong-thi/${params.slug}`,
  });

export default function ContestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { contest, opensIn, closesIn, ranking, signInPath } = loaderData;
  const viewer = contest.viewer;
  const error = actionData && 'message' in actionData ? actionData.message : null;
  const crumbs = [{ label: 'Cổng thi', to: '/cong-thi' }];
  return (
    <PageFrame title={contest.title} crumbs={crumbs}>
      {contest.state === 'upcoming' ? (
        <div className="mb-6 rounded-lg bg-amber-50 p-4">
          <Countdown seconds={opensIn} label="Mở sau" />
          {contest.opens_at ? (
            <p className="mt-1 text-sm text-slate-600">Kỳ thi mở lúc {formatDateTime(contest.opens_at)}.</p>
          ) : null}
          {contest.kind === 'contest' ? (
            <div className="mt-3">
              <FormMessage message={error ?? undefined} />
              <ReminderToggle
                slug={contest.slug}
                reminding={viewer ? viewer.reminding : null}
                signInPath={signInPath}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {contest.state === 'open' && contest.kind === 'contest' ? (
        <div className="mb-6 rounded-lg bg-emerald-50 p-4">
          <Countdown seconds={closesIn} label="Đóng sau" />
        </div>
      ) : null}
      <ContestRules contest={contest} />
      {contest.state === 'open' ? (
        <section aria-label="Vào thi" className="mb-6">
          <FormMessage message={error ?? undefined} />
          {!viewer ? (
            <Link to={signInPath} className="btn-primary inline-block" data-testid="start-exam">
              Đăng nhập để làm bài
            </Link>
          ) : viewer.open_attempt_id !== null ? (
            <Link
              to={`/cong-thi/${contest.slug}/lam-bai`}
              className="btn-primary inline-block"
              data-testid="start-exam"
            >
              Tiếp tục làm bài
            </Link>
          ) : viewer.attempts_left === 0 ? (
            <p className="text-sm text-slate-600">Bạn đã dùng hết số lượt làm bài.</p>
          ) : (
            <Form method="post" className="flex flex-wrap items-end gap-3">
              {contest.requires_code ? (
                <label className="text-sm">
                  Mã dự thi
                  <input
                    name="code"
                    required
                    className="mt-1 block rounded-lg border border-slate-300 px-3 py-2"
                    autoComplete="off"
                  />
                </label>
              ) : null}
              <button type="submit" className="btn-primary" data-testid="start-exam">
                Bắt đầu làm bài
              </button>
            </Form>
          )}
        </section>
      ) : null}
      {viewer && viewer.submitted_attempt_ids.length > 0 ? (
        <section aria-label="Bài đã nộp" className="mb-6">
          <h2 className="mb-2 text-lg font-semibold text-slate-900">Bài đã nộp</h2>
          <ul className="list-inside list-disc text-sm">
            {viewer.submitted_attempt_ids.map((id, index) => (
              <li key={id}>
                <Link to={`/cong-thi/${contest.slug}/ket-qua/${id}`} className="text-sky-700 hover:underline">
                  Lượt {index + 1}: xem kết quả
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {ranking ? (
        <section id="bang-xep-hang" aria-label="Bảng xếp hạng" className="mb-6">
          <h2 className="mb-2 text-lg font-semibold text-slate-900">Bảng xếp hạng</h2>
          <Leaderboard entries={ranking.entries} candidates={ranking.candidates} />
          <div className="mt-4">
            <ScoreDistribution bands={ranking.distribution} highlight={ranking.me?.score ?? null} />
          </div>
        </section>
      ) : null}
    </PageFrame>
  );
}
