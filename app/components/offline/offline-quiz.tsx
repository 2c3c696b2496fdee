/**
 * A downloaded quiz with no network (issue 21, part 5): its questions come from the device (never
 * the answers: those stay on the server), the learner answers, and the answers are queued; the
 * server grades them as one attempt when the connection returns. A timed quiz needs the network.
 */
import { useEffect, useState } from 'react';
import { QuestionField, type Answers } from '../learning/quiz-parts';
import type { Quiz } from '../learning/quiz-types';
import { offlineUrl } from './offline-flags';

type OfflineQuestions = Pick<Quiz, 'title' | 'pass_percent' | 'time_limit_seconds' | 'questions'>;

async function readQuiz(lessonId: number): Promise<OfflineQuestions | null> {
  const { getDownload } = await import('./offline-store');
  const record = await getDownload(lessonId);
  if (!record) return null;
  const kept = await (await caches.open(record.cache)).match(offlineUrl(lessonId, 'quiz.json'));
  return kept ? ((await kept.json()) as OfflineQuestions) : null;
}

export function OfflineQuiz({ lessonId, fallback }: { lessonId: number; fallback: React.ReactNode }) {
  const [quiz, setQuiz] = useState<OfflineQuestions | null | undefined>(undefined);
  const [answers, setAnswers] = useState<Answers>({});
  const [queued, setQueued] = useState(false);

  useEffect(() => {
    readQuiz(lessonId).then(setQuiz, () => setQuiz(null));
  }, [lessonId]);

  if (quiz === undefined) return <p role="status">Đang mở bài kiểm tra đã tải về…</p>;
  if (quiz === null) return <>{fallback}</>;
  if (quiz.time_limit_seconds !== null) {
    return (
      <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
        Bài kiểm tra có giới hạn thời gian chỉ làm được khi có mạng.
      </p>
    );
  }
  if (queued) {
    return (
      <p role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
        Đã lưu bài làm trên máy. Bài sẽ được chấm khi có mạng trở lại (đạt từ {quiz.pass_percent}%).
      </p>
    );
  }

  async function submit() {
    const { queueOp } = await import('./connection-tasks');
    await queueOp({
      kind: 'quiz',
      lesson_id: lessonId,
      answers: quiz!.questions.map((question) => ({
        question_id: question.id,
        option_ids: answers[question.id] ?? [],
      })),
    });
    setQueued(true);
  }

  return (
    <form
      className="space-y-3 rounded-2xl bg-slate-50 p-3 text-slate-900"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-slate-700">
        Bạn đang ngoại tuyến: bài làm được lưu trên máy và chấm khi có mạng ({quiz.questions.length} câu, đạt từ{' '}
        {quiz.pass_percent}%).
      </p>
      {quiz.questions.map((question, index) => (
        <QuestionField
          key={question.id}
          index={index}
          question={question}
          chosen={answers[question.id] ?? []}
          onChange={(ids) => setAnswers((current) => ({ ...current, [question.id]: ids }))}
        />
      ))}
      <button type="submit" className="btn-primary">
        Nộp bài (chấm khi có mạng)
      </button>
    </form>
  );
}
