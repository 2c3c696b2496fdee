/** One question of a submitted attempt: its text, the candidate's answer, and the key and explanation when shown. */
import { answerText, type AnswerValue } from './answer-text';

export interface ResultQuestion {
  id: number;
  number: number;
  type: string;
  points: number;
  prompt_html: string;
  options: { label: string; html: string }[];
  answer: AnswerValue;
  correct_answer: AnswerValue;
  points_awarded: number | null;
  explanation_html: string | null;
}

const points = (value: number) => value.toLocaleString('vi-VN', { maximumFractionDigits: 2 });

export function ResultQuestionCard({ question }: { question: ResultQuestion }) {
  const full = question.points_awarded !== null && question.points_awarded >= question.points;
  const none = question.points_awarded === 0;
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="result-question">
      <p className="flex justify-between text-sm font-semibold">
        <span>Câu {question.number}</span>
        {question.points_awarded !== null ? (
          <span className={full ? 'text-emerald-700' : none ? 'text-red-700' : 'text-amber-700'}>
            {points(question.points_awarded)}/{points(question.points)} điểm
          </span>
        ) : null}
      </p>
      <div className="exam-html mt-1 text-sm" dangerouslySetInnerHTML={{ __html: question.prompt_html }} />
      {question.options.length > 0 ? (
        <ol className="mt-1 space-y-1 text-sm">
          {question.options.map((option) => (
            <li key={option.label} className="flex gap-2">
              <span className="font-semibold">
                {question.type === 'true_false' ? `${option.label})` : `${option.label}.`}
              </span>
              <span className="exam-html" dangerouslySetInnerHTML={{ __html: option.html }} />
            </li>
          ))}
        </ol>
      ) : null}
      <p className="mt-2 text-sm">
        Bạn trả lời: <strong>{answerText(question.type, question.answer)}</strong>
      </p>
      {question.correct_answer !== null ? (
        <p className="text-sm">
          Đáp án: <strong data-testid="correct-answer">{answerText(question.type, question.correct_answer)}</strong>
        </p>
      ) : null}
      {question.explanation_html ? (
        <details className="mt-2 text-sm" open>
          <summary className="cursor-pointer font-medium text-sky-700">Lời giải</summary>
          <div
            className="exam-html mt-1 text-slate-700"
            data-testid="explanation"
            dangerouslySetInnerHTML={{ __html: question.explanation_html }}
          />
        </details>
      ) : null}
    </li>
  );
}
