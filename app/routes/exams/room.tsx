/**
 * `/cong-thi/{slug}/lam-bai`: the exam room (not indexable). The server holds the deadline; the
 * countdown starts from its clock; answers go through the on-device queue (answer-queue.ts).
 */
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import { isAppError } from '../../../lib/errors';
import { useAnswerQueue } from '../../components/exams/answer-queue';
import { AnswerSheet } from '../../components/exams/answer-sheet';
import { formatCountdown, useSecondsLeft } from '../../components/exams/countdown';
import { katexLinks } from '../../components/exams/katex-links';
import { RoomPalette, SubmitConfirm } from '../../components/exams/room-palette';
import { isAnswered, RoomQuestionView } from '../../components/exams/room-question';
import { requireViewer } from '../../guards.server';
import { loadOr404 } from '../../not-found.server';
import { buildSeoMeta } from '../../seo';
import type { Route } from './+types/room';

export const links: Route.LinksFunction = katexLinks;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const contestPath = `/cong-thi/${params.slug}`;
  const details = await loadOr404(request, () => context.services.exams.details(viewer.id, params.slug));
  if (!details.viewer?.open_attempt_id) {
    const last = details.viewer?.submitted_attempt_ids.at(-1);
    throw redirect(last ? `${contestPath}/ket-qua/${last}` : contestPath);
  }
  try {
    const room = await context.services.exams.start(viewer.id, params.slug);
    const secondsLeft = Math.max(0, Math.floor((Date.parse(room.deadline) - Date.parse(room.server_now)) / 1000));
    return { room, secondsLeft };
  } catch (error) {
    if (isAppError(error)) throw redirect(contestPath);
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, data, params }) =>
  buildSeoMeta(matches, {
    title: data ? `Làm bài: ${data.room.contest.title}` : 'Phòng thi',
    description: 'Phòng thi trực tuyến Khai Trí.',
    path: `/cong-thi/${params.slug}/lam-bai`,
    noindex: true,
  });

const SAVE_LABEL = { saved: 'Đã lưu', saving: 'Đang lưu…', waiting: 'Đang chờ mạng' } as const;

export default function ExamRoom({ loaderData }: Route.ComponentProps) {
  const { room, secondsLeft } = loaderData;
  const navigate = useNavigate();
  const queue = useAnswerQueue(room.attempt_id, room);
  const left = useSecondsLeft(secondsLeft);
  const [flagged, setFlagged] = useState<Set<number>>(new Set());
  const [showPalette, setShowPalette] = useState(false);
  const [view, setView] = useState<'questions' | 'sheet'>('questions');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const finished = useRef(false);
  const resultPath = `/cong-thi/${room.contest.slug}/ket-qua/${room.attempt_id}`;

  const answered = useMemo(
    () => new Set(room.questions.filter((q) => isAnswered(queue.answers.get(q.id))).map((q) => q.number)),
    [queue.answers, room.questions],
  );
  const unanswered = room.questions.filter((q) => !answered.has(q.number)).map((q) => q.number);
  const passages = new Map(room.passages.map((passage) => [passage.id, passage]));

  async function submit(atDeadline: boolean) {
    if (finished.current) return;
    setBusy(true);
    setMessage(null);
    const sent = await queue.flush();
    if (!sent && !atDeadline) {
      setBusy(false);
      setConfirming(false);
      setMessage('Còn câu trả lời chưa gửi được. Kiểm tra kết nối mạng rồi nộp lại.');
      return;
    }
    try {
      const response = await fetch('/api/user/exam/submit.json', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ attempt_id: room.attempt_id }),
      });
      if (!response.ok && !atDeadline) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? 'Không nộp được bài.');
      }
      finished.current = true;
      window.localStorage.removeItem(`khai-tri:bai-thi:${room.attempt_id}`);
      void navigate(resultPath);
    } catch (failure) {
      setBusy(false);
      setConfirming(false);
      setMessage(
        failure instanceof TypeError ? 'Mất kết nối mạng: chưa nộp được bài, hãy thử lại.' : (failure as Error).message,
      );
    }
  }

  // At the server's deadline the server submits the attempt; the page follows it to the result.
  useEffect(() => {
    const timer = window.setTimeout(() => void submit(true), secondsLeft * 1000);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per page load
  }, [secondsLeft]);

  const toggleFlag = (number: number) =>
    setFlagged((current) => {
      const next = new Set(current);
      if (!next.delete(number)) next.add(number);
      return next;
    });

  return (
    <div className="min-h-dvh bg-slate-50" data-layout="exam-room">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white px-3 py-2 shadow-sm">
        <div className="mx-auto flex max-w-3xl items-center gap-2">
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-sm font-semibold">{room.contest.title}</h1>
            <p className="text-xs" role="status" data-testid="save-state" data-state={queue.state}>
              <span className={queue.state === 'waiting' ? 'text-amber-700' : 'text-emerald-700'}>
                {SAVE_LABEL[queue.state]}
              </span>
              {queue.pendingCount > 0 ? ` · ${queue.pendingCount} câu chưa gửi` : ''}
            </p>
          </div>
          <span role="timer" className="font-mono text-lg font-semibold tabular-nums" data-testid="room-timer">
            {formatCountdown(left)}
          </span>
          <button
            type="button"
            onClick={() => {
              // The palette jumps to questions: it opens over the question view.
              setView('questions');
              setShowPalette((shown) => !shown);
            }}
            aria-expanded={showPalette}
            className="rounded-lg border border-slate-300 px-2 py-1 text-sm"
          >
            {answered.size}/{room.questions.length}
          </button>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="btn-primary px-3 py-1 text-sm"
            data-testid="submit-exam"
          >
            Nộp bài
          </button>
        </div>
        {queue.refusal || message ? (
          <p
            role="alert"
            className="mx-auto mt-2 max-w-3xl rounded-lg bg-red-50 p-2 text-sm text-red-800"
            data-testid="room-error"
          >
            {message ?? queue.refusal}
          </p>
        ) : null}
        {showPalette ? (
          <div className="mx-auto mt-2 max-w-3xl">
            <RoomPalette numbers={room.questions.map((q) => q.number)} answered={answered} flagged={flagged} />
          </div>
        ) : null}
      </header>
      <noscript>
        <p className="mx-auto max-w-3xl p-4 text-red-800">Phòng thi cần bật JavaScript để lưu bài làm và tính giờ.</p>
      </noscript>
      <main id="noi-dung" className="mx-auto max-w-3xl space-y-3 p-3">
        <div
          role="group"
          aria-label="Cách xem bài"
          className="flex rounded-lg border border-slate-300 bg-white p-0.5 text-sm"
        >
          {(
            [
              ['questions', 'Câu hỏi'],
              ['sheet', 'Phiếu trả lời'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => setView(value)}
              className={`flex-1 rounded-md px-3 py-1.5 font-medium ${view === value ? 'bg-slate-900 text-white' : 'text-slate-700'}`}
              data-testid={`view-${value}`}
            >
              {label}
            </button>
          ))}
        </div>
        {view === 'sheet' ? (
          <AnswerSheet
            questions={room.questions}
            parts={room.parts}
            answers={queue.answers}
            onAnswer={(questionId, answer) => queue.choose(questionId, answer)}
          />
        ) : null}
        {view === 'questions' &&
          room.questions.map((question, index) => {
            const passage = question.passage_id ? passages.get(question.passage_id) : undefined;
            const firstOfPassage = passage && room.questions[index - 1]?.passage_id !== question.passage_id;
            const partTitle =
              room.questions[index - 1]?.part !== question.part
                ? room.parts.find((p) => p.position === question.part)?.title
                : null;
            return (
              <Fragment key={question.id}>
                {partTitle ? <h2 className="pt-2 text-base font-semibold text-slate-900">{partTitle}</h2> : null}
                {firstOfPassage ? (
                  <section className="rounded-lg bg-white p-3 text-[15px]">
                    {passage.title ? <h3 className="mb-1 font-semibold">{passage.title}</h3> : null}
                    {passage.audio_url ? <audio controls src={passage.audio_url} className="mb-2 w-full" /> : null}
                    <div className="exam-html" dangerouslySetInnerHTML={{ __html: passage.html }} />
                  </section>
                ) : null}
                <RoomQuestionView
                  question={question}
                  answer={queue.answers.get(question.id)}
                  flagged={flagged.has(question.number)}
                  onAnswer={(answer) => queue.choose(question.id, answer)}
                  onFlag={() => toggleFlag(question.number)}
                />
              </Fragment>
            );
          })}
        <button type="button" onClick={() => setConfirming(true)} className="btn-primary w-full">
          Nộp bài
        </button>
      </main>
      {confirming ? (
        <SubmitConfirm
          unanswered={unanswered}
          busy={busy}
          onConfirm={() => void submit(false)}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
