import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/format/date';
import { formatTimestamp } from '../../../lib/format/duration';
import type { Quiz, QuizAttempt, QuizResult } from './quiz-types';

export type Answers = Record<number, number[]>;

/** One question as a fieldset: radios for single choice, checkboxes for multiple (native keyboard use). */
export function QuestionField({
  index,
  question,
  chosen,
  onChange,
}: {
  index: number;
  question: Quiz['questions'][number];
  chosen: number[];
  onChange: (optionIds: number[]) => void;
}) {
  const multiple = question.kind === 'multiple';
  return (
    <fieldset className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="quiz-question">
      <legend className="sr-only">Câu {index + 1}</legend>
      <p className="mb-1 text-sm font-semibold text-brand-700">
        Câu {index + 1}
        {multiple ? ' · Chọn tất cả đáp án đúng' : ''}
      </p>
      <p className="mb-3 font-medium text-slate-900">{question.prompt}</p>
      <div className="space-y-2">
        {question.options.map((option) => {
          const checked = chosen.includes(option.id);
          return (
            <label
              key={option.id}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={`cau-${question.id}`}
                value={option.id}
                checked={checked}
                onChange={(event) =>
                  onChange(
                    multiple
                      ? event.target.checked
                        ? [...chosen, option.id]
                        : chosen.filter((id) => id !== option.id)
                      : [option.id],
                  )
                }
                className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
              />
              <span className="text-slate-800">{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Seconds left until the deadline, ticking each second; calls onExpire once at zero. */
export function Countdown({ deadline, onExpire }: { deadline: string; onExpire: () => void }) {
  const left = () => Math.max(0, Math.round((Date.parse(deadline) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = window.setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) {
        window.clearInterval(timer);
        onExpire();
      }
    }, 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per deadline
  }, [deadline]);
  return (
    <p
      className={`rounded-full px-3 py-1 text-sm font-semibold ${seconds < 60 ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-800'}`}
      aria-live={seconds < 60 ? 'polite' : 'off'}
    >
      Còn lại {formatTimestamp(seconds)}
    </p>
  );
}

export function AttemptsList({
  attempts,
  onReview,
}: {
  attempts: QuizAttempt[];
  onReview: (attemptId: number) => void;
}) {
  if (attempts.length === 0) return null;
  return (
    <section aria-labelledby="luot-da-lam">
      <h3 id="luot-da-lam" className="mb-2 font-semibold text-slate-900">
        Các lượt đã làm
      </h3>
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {attempts.map((attempt, index) => (
          <li key={attempt.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
            <span>
              Lượt {attempts.length - index} ·{' '}
              {formatDateTime(attempt.submitted_at ?? attempt.started_at, 'DD/MM/YYYY HH:mm')}
            </span>
            <span className="flex items-center gap-3">
              <span className={attempt.passed ? 'font-semibold text-emerald-700' : 'font-semibold text-red-700'}>
                {attempt.score_percent ?? 0}% · {attempt.passed ? 'Đạt' : attempt.timed_out ? 'Hết giờ' : 'Chưa đạt'}
              </span>
              <button
                type="button"
                className="font-semibold text-brand-700 underline"
                onClick={() => onReview(attempt.id)}
              >
                Xem lại
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The score against the pass mark, then every question with the learner's choice, the answer and why. */
export function ResultReview({ result }: { result: QuizResult }) {
  const { attempt } = result;
  return (
    <div className="space-y-4">
      <div
        role="status"
        data-testid="quiz-result"
        className={`rounded-2xl border p-4 ${attempt.passed ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
      >
        <p className="text-2xl font-extrabold">
          {attempt.score_percent ?? 0}% · {attempt.passed ? 'Đạt' : 'Chưa đạt'}
        </p>
        <p className="text-sm">
          Đúng {attempt.correct_count ?? 0}/{attempt.question_count} câu · Điểm đạt: {result.pass_percent}%
          {attempt.timed_out ? ' · Bài nộp sau khi hết giờ nên không được tính.' : ''}
        </p>
      </div>
      <ol className="space-y-3">
        {result.questions.map((question, index) => (
          <li key={question.id} className="rounded-2xl border border-slate-200 bg-white p-4">
            <p className="mb-1 text-sm font-semibold text-slate-900">
              Câu {index + 1}:{' '}
              <span className={question.correct ? 'text-emerald-700' : 'text-red-700'}>
                {question.correct ? 'Đúng' : 'Sai'}
              </span>
            </p>
            <p className="mb-2 font-medium text-slate-900">{question.prompt}</p>
            <ul className="space-y-1 text-sm">
              {question.options.map((option) => (
                <li
                  key={option.id}
                  className={`rounded-lg px-3 py-1.5 ${option.is_correct ? 'bg-emerald-50 text-emerald-900' : option.chosen ? 'bg-red-50 text-red-900' : 'text-slate-700'}`}
                >
                  {option.label}
                  {option.is_correct ? ' ✓ Đáp án đúng' : ''}
                  {option.chosen ? ' · Bạn chọn' : ''}
                </li>
              ))}
            </ul>
            {question.explanation ? (
              <p className="mt-2 text-sm text-slate-700">
                <strong>Giải thích:</strong> {question.explanation}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
