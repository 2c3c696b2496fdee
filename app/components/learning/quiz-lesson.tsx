import { useEffect, useRef, useState } from 'react';
import { isDownloaded } from '../offline/offline-flags';
import { OfflineQuiz } from '../offline/offline-quiz';
import { ApiFailure, callApi, messageOf } from './api-client';
import { AttemptsList, Countdown, QuestionField, ResultReview, type Answers } from './quiz-parts';
import type { Quiz, QuizResult } from './quiz-types';

/** Answers of an open attempt survive a reload on this device (sessionStorage, per attempt). */
const savedKey = (attemptId: number) => `kt-quiz-${attemptId}`;

function readSaved(quiz: Quiz): Answers {
  if (!quiz.open_attempt) return {};
  try {
    return JSON.parse(window.sessionStorage.getItem(savedKey(quiz.open_attempt.id)) ?? '{}') as Answers;
  } catch {
    return {};
  }
}

function save(attemptId: number, answers: Answers | null): void {
  try {
    if (answers) window.sessionStorage.setItem(savedKey(attemptId), JSON.stringify(answers));
    else window.sessionStorage.removeItem(savedKey(attemptId));
  } catch {
    // Private browsing: answers stay in memory only.
  }
}

type View =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; offline?: boolean }
  | { kind: 'ready'; quiz: Quiz; result: QuizResult | null };

/**
 * An exam lesson's quiz: start, answer, submit (asking first when questions are left unanswered),
 * the score against the pass mark with the review, "Làm lại" while attempts remain, and the past
 * attempts. Answers never reach the browser before an attempt is submitted.
 */
export function QuizLesson(props: { lessonId: number; onPassed?: () => void }) {
  const { lessonId, onPassed } = props;
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [answers, setAnswers] = useState<Answers>({});
  // The latest answers, for a submission the countdown starts from an earlier render.
  const latestAnswers = useRef<Answers>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    callApi<Quiz>(`/api/user/lesson/quiz.json?lesson_id=${lessonId}`, { signal: controller.signal }).then(
      ({ data }) => {
        latestAnswers.current = readSaved(data);
        setAnswers(latestAnswers.current);
        setView({ kind: 'ready', quiz: data, result: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const offline = error instanceof ApiFailure && error.status === 0 && isDownloaded(lessonId);
        setView({ kind: 'error', message: messageOf(error), offline });
      },
    );
    return () => controller.abort();
  }, [lessonId, reloads]);

  function load() {
    setView({ kind: 'loading' });
    setReloads((count) => count + 1);
  }

  if (view.kind === 'loading') {
    return (
      <div role="status" className="animate-pulse rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
        Đang tải bài kiểm tra…
      </div>
    );
  }
  if (view.kind === 'error') {
    const failed = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p>{view.message}</p>
        <button type="button" className="mt-2 font-semibold underline" onClick={load}>
          Thử lại
        </button>
      </div>
    );
    // A downloaded quiz with no network: answered on the device, graded at the next connection.
    return view.offline ? <OfflineQuiz lessonId={lessonId} fallback={failed} /> : failed;
  }

  const { quiz, result } = view;
  const open = quiz.open_attempt;
  const attemptsLeft = result ? result.attempts_left : quiz.attempts_left;
  const canStart = attemptsLeft === null || attemptsLeft > 0;

  async function run<T>(work: () => Promise<T>) {
    setBusy(true);
    setNotice(null);
    try {
      return await work();
    } catch (error) {
      setNotice(messageOf(error));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    const started = await run(() =>
      callApi<Quiz>('/api/user/lesson/quiz/start.json', { method: 'POST', body: { lesson_id: lessonId } }),
    );
    if (!started) return;
    latestAnswers.current = readSaved(started.data);
    setAnswers(latestAnswers.current);
    setConfirming(false);
    setView({ kind: 'ready', quiz: started.data, result: null });
    heading.current?.focus();
  }

  async function submit() {
    if (!open) return;
    setConfirming(false);
    const submitted = await run(() =>
      callApi<QuizResult>('/api/user/lesson/quiz/submit.json', {
        method: 'POST',
        body: {
          attempt_id: open.id,
          answers: quiz.questions.map((question) => ({
            question_id: question.id,
            option_ids: latestAnswers.current[question.id] ?? [],
          })),
        },
      }),
    );
    if (!submitted) return;
    save(open.id, null);
    const refreshed = await callApi<Quiz>(`/api/user/lesson/quiz.json?lesson_id=${lessonId}`).catch(() => null);
    setView({ kind: 'ready', quiz: refreshed?.data ?? { ...quiz, open_attempt: null }, result: submitted.data });
    heading.current?.focus();
    if (submitted.data.attempt.passed) onPassed?.();
  }

  async function review(attemptId: number) {
    const loaded = await run(() => callApi<QuizResult>(`/api/user/lesson/quiz/attempt.json?attempt_id=${attemptId}`));
    if (loaded) setView({ kind: 'ready', quiz, result: loaded.data });
  }

  const startControl = (label: string) =>
    canStart ? (
      <button type="button" className="btn-primary disabled:opacity-60" disabled={busy} onClick={() => void start()}>
        {busy ? 'Đang bắt đầu…' : label}
      </button>
    ) : (
      <p className="rounded-xl bg-slate-100 px-3 py-2 text-slate-700">Bạn đã dùng hết lượt làm bài kiểm tra này.</p>
    );

  const unanswered = quiz.questions.filter((question) => (answers[question.id] ?? []).length === 0).length;
  const summary = [
    `${quiz.question_count} câu hỏi`,
    `điểm đạt ${quiz.pass_percent}%`,
    quiz.time_limit_seconds ? `thời gian ${Math.round(quiz.time_limit_seconds / 60)} phút` : 'không giới hạn thời gian',
    quiz.max_attempts === null ? 'không giới hạn lượt làm' : `còn ${attemptsLeft ?? 0}/${quiz.max_attempts} lượt`,
  ].join(' · ');

  return (
    <section
      aria-labelledby="bai-kiem-tra"
      className="space-y-4 rounded-2xl bg-slate-50 p-3 text-slate-900 sm:p-5"
      data-testid="quiz-lesson"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="bai-kiem-tra" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
            {quiz.title}
          </h2>
          <p className="text-sm text-slate-600">{summary}</p>
        </div>
        {open?.deadline_at && !result ? <Countdown deadline={open.deadline_at} onExpire={() => void submit()} /> : null}
      </header>
      {notice ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {notice}
        </p>
      ) : null}

      {result ? (
        <>
          <ResultReview result={result} />
          <div className="flex flex-wrap gap-3">
            {startControl('Làm lại')}
            <button
              type="button"
              className="rounded-xl border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800"
              onClick={() => setView({ kind: 'ready', quiz, result: null })}
            >
              Các lượt đã làm
            </button>
          </div>
        </>
      ) : open ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (unanswered > 0) setConfirming(true);
            else void submit();
          }}
        >
          {quiz.questions.map((question, index) => (
            <QuestionField
              key={question.id}
              index={index}
              question={question}
              chosen={answers[question.id] ?? []}
              onChange={(optionIds) => {
                latestAnswers.current = { ...latestAnswers.current, [question.id]: optionIds };
                setAnswers(latestAnswers.current);
                save(open.id, latestAnswers.current);
              }}
            />
          ))}
          {confirming ? (
            <div
              role="alertdialog"
              aria-labelledby="xac-nhan-nop"
              className="rounded-2xl border border-amber-300 bg-amber-50 p-4"
            >
              <p id="xac-nhan-nop" className="mb-3 text-amber-900">
                Bạn còn {unanswered} câu chưa trả lời. Vẫn nộp bài?
              </p>
              <div className="flex flex-wrap gap-3">
                <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit()} autoFocus>
                  Vẫn nộp bài
                </button>
                <button
                  type="button"
                  className="rounded-xl border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800"
                  onClick={() => setConfirming(false)}
                >
                  Làm tiếp
                </button>
              </div>
            </div>
          ) : (
            <button type="submit" className="btn-primary w-full disabled:opacity-60 sm:w-auto" disabled={busy}>
              {busy ? 'Đang nộp bài…' : 'Nộp bài'}
            </button>
          )}
        </form>
      ) : (
        <div className="space-y-4">
          {quiz.passed ? (
            <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900">
              Bạn đã đạt bài kiểm tra này.
            </p>
          ) : null}
          {startControl(quiz.attempts.length > 0 ? 'Làm lại' : 'Bắt đầu làm bài')}
          <AttemptsList attempts={quiz.attempts} onReview={(id) => void review(id)} />
        </div>
      )}
    </section>
  );
}
