/** `/cong-thi/{slug}/ket-qua/{attempt}`: a submitted attempt's score, parts, topics, rank, chart, questions and history. */
import { Link } from 'react-router';
import { formatMinutesSeconds } from '../../../lib/format/duration';
import { formatDateTime } from '../../../lib/format/date';
import { AnswerSheet } from '../../components/exams/answer-sheet';
import { katexLinks } from '../../components/exams/katex-links';
import { ScoreDistribution } from '../../components/exams/leaderboard';
import { ResultQuestionCard } from '../../components/exams/result-question';
import { PageFrame } from '../../components/page-frame';
import { requireViewer } from '../../guards.server';
import { loadOr404, notFound } from '../../not-found.server';
import { buildSeoMeta } from '../../seo';
import type { Route } from './+types/result';

export const links: Route.LinksFunction = katexLinks;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const attemptId = Number(params.attempt);
  if (!Number.isSafeInteger(attemptId) || attemptId < 1) notFound(request);
  const result = await loadOr404(request, () => context.services.exams.result(viewer.id, attemptId));
  if (result.contest.slug !== params.slug) notFound(request);
  const [details, ranking] = await Promise.all([
    context.services.exams.details(viewer.id, params.slug),
    result.contest.kind === 'contest' && result.rank !== null
      ? context.services.exams.ranking(viewer.id, params.slug)
      : null,
  ]);
  return { result, history: details.viewer?.submitted_attempt_ids ?? [], distribution: ranking?.distribution ?? null };
}

export const meta: Route.MetaFunction = ({ matches, data, params }) =>
  buildSeoMeta(matches, {
    title: data ? `Kết quả: ${data.result.contest.title}` : 'Kết quả bài thi',
    description: 'Kết quả bài thi của bạn trên Khai Trí.',
    path: `/cong-thi/${params.slug}/ket-qua/${params.attempt}`,
    noindex: true,
  });

const points = (value: number) => value.toLocaleString('vi-VN', { maximumFractionDigits: 2 });

export default function ResultPage({ loaderData }: Route.ComponentProps) {
  const { result, history, distribution } = loaderData;
  const slug = result.contest.slug;
  return (
    <PageFrame
      title="Kết quả bài thi"
      crumbs={[
        { label: 'Cổng thi', to: '/cong-thi' },
        { label: result.contest.title, to: `/cong-thi/${slug}` },
      ]}
    >
      <section aria-label="Điểm" className="mb-6 rounded-lg bg-sky-50 p-4">
        <p className="text-3xl font-bold text-slate-900" data-testid="result-score">
          {points(result.score)}
          <span className="text-lg font-medium text-slate-500">/{points(result.max_score)} điểm</span>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          Thời gian làm bài: {formatMinutesSeconds(result.time_used_seconds)}
          {result.submitted_by === 'deadline' ? ' · hệ thống tự nộp khi hết giờ' : ''}
        </p>
        {result.rank !== null ? (
          <p className="mt-1 text-sm text-slate-700" data-testid="result-rank">
            Hạng {result.rank}/{result.candidates} · xếp ngang hoặc trên {result.percentile}% thí sinh
          </p>
        ) : null}
        {result.certificate ? (
          <p className="mt-2 text-sm font-semibold">
            <Link to={result.certificate.url} className="text-sky-700 hover:underline" data-testid="result-certificate">
              Xem chứng nhận kết quả kỳ thi ({result.certificate.code})
            </Link>
          </p>
        ) : null}
      </section>

      <section aria-label="Điểm từng phần" className="mb-6">
        <h2 className="mb-2 text-lg font-semibold">Điểm từng phần</h2>
        <ul className="text-sm">
          {result.parts.map((part) => (
            <li key={part.position} className="flex justify-between border-t border-slate-100 py-1">
              <span>{part.title}</span>
              <span className="tabular-nums">
                {points(part.score)}/{points(part.max_score)}
              </span>
            </li>
          ))}
        </ul>
        {result.topics.length > 0 ? (
          <>
            <h3 className="mb-1 mt-4 font-semibold">Theo chuyên đề</h3>
            <ul className="text-sm">
              {result.topics.map((topic) => (
                <li key={topic.topic} className="flex justify-between border-t border-slate-100 py-1">
                  <span>{topic.topic}</span>
                  <span className="tabular-nums">
                    {topic.correct}/{topic.total} câu đúng · {points(topic.score)}/{points(topic.max_score)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {distribution ? (
        <section aria-label="Phổ điểm" className="mb-6">
          <h2 className="mb-2 text-lg font-semibold">Phổ điểm kỳ thi</h2>
          <ScoreDistribution bands={distribution} highlight={result.score_10} />
        </section>
      ) : null}

      {!result.keys_visible && result.keys_visible_from ? (
        <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm" data-testid="keys-hidden">
          Đáp án và lời giải được công bố sau khi kỳ thi kết thúc ({formatDateTime(result.keys_visible_from)}).
        </p>
      ) : null}

      <details className="mb-6" data-testid="result-sheet">
        <summary className="cursor-pointer text-lg font-semibold">Phiếu trả lời đã tô</summary>
        <div className="mt-2">
          <AnswerSheet
            questions={result.questions}
            parts={result.parts}
            answers={new Map(result.questions.map((question) => [question.id, question.answer]))}
            keys={
              result.keys_visible
                ? new Map(result.questions.map((question) => [question.id, question.correct_answer]))
                : undefined
            }
          />
        </div>
      </details>

      <section aria-label="Bài làm" className="mb-6">
        <h2 className="mb-2 text-lg font-semibold">Bài làm</h2>
        <ol className="space-y-3">
          {result.questions.map((question) => (
            <ResultQuestionCard key={question.id} question={question} />
          ))}
        </ol>
      </section>

      {history.length > 1 ? (
        <section aria-label="Các lượt đã làm" className="mb-6">
          <h2 className="mb-2 text-lg font-semibold">Các lượt đã làm</h2>
          <ul className="list-inside list-disc text-sm">
            {history.map((id, index) => (
              <li key={id}>
                {id === result.attempt_id ? (
                  <span>Lượt {index + 1} (đang xem)</span>
                ) : (
                  <Link to={`/cong-thi/${slug}/ket-qua/${id}`} className="text-sky-700 hover:underline">
                    Lượt {index + 1}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PageFrame>
  );
}
