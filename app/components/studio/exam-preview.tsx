/**
 * The question editor's live preview: as the author types, the draft is sent (debounced) to
 * POST /api/admin/exams/preview.json, which renders it through the exams module (KaTeX → HTML +
 * MathML) exactly as candidates will see it. Without JavaScript the "Xem trước" button does the
 * same through the page action, and `initial` holds its result (the page remounts this with a new key).
 */
import { useEffect, useRef, useState } from 'react';
import { LETTERS, questionFromForm, STATEMENTS, type QuestionType } from './exam-question-form';

export interface Preview {
  prompt_html: string;
  options_html: string[];
  explanation_html: string;
  passage_html: string | null;
  problem: string | null;
}

type Status = 'idle' | 'loading' | 'error' | 'offline';

export function ExamPreview({
  formId,
  type,
  part,
  template,
  passages,
  initial,
}: {
  formId: string;
  type: QuestionType;
  part: number;
  template: string;
  passages: { id: number; content: string }[];
  initial: Preview | null;
}) {
  const [preview, setPreview] = useState<Preview | null>(initial);
  const [status, setStatus] = useState<Status>('idle');
  const latest = useRef(0);

  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function refresh() {
      const values = Object.fromEntries([...new FormData(form!).entries()].map(([k, v]) => [k, String(v)]));
      const { body } = questionFromForm(type, part, values);
      const passage = passages.find((p) => p.id === body.passage_id)?.content ?? null;
      const request = ++latest.current;
      if (!navigator.onLine) return setStatus('offline');
      setStatus('loading');
      try {
        const response = await fetch('/api/admin/exams/preview.json', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            type,
            template,
            prompt: body.prompt,
            options: body.options,
            explanation: body.explanation,
            key: body.key,
            passage,
          }),
        });
        if (request !== latest.current) return;
        if (!response.ok) return setStatus('error');
        setPreview(((await response.json()) as { data: Preview }).data);
        setStatus('idle');
      } catch {
        if (request === latest.current) setStatus(navigator.onLine ? 'error' : 'offline');
      }
    }
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), 400);
    };
    form.addEventListener('input', onInput);
    form.addEventListener('change', onInput);
    return () => {
      clearTimeout(timer);
      form.removeEventListener('input', onInput);
      form.removeEventListener('change', onInput);
    };
  }, [formId, type, part, template, passages]);

  const labels = type === 'true_false' ? STATEMENTS.map((s) => `${s})`) : LETTERS.map((l) => `${l}.`);
  return (
    <section
      aria-labelledby="xem-truoc"
      className="rounded-2xl border border-slate-200 bg-white p-3"
      data-testid="exam-preview"
    >
      <h2 id="xem-truoc" className="mb-1 font-semibold text-slate-900">
        Xem trước (như thí sinh thấy)
      </h2>
      <p role="status" className="mb-2 min-h-5 text-xs text-slate-600">
        {status === 'loading'
          ? 'Đang cập nhật…'
          : status === 'offline'
            ? 'Mất kết nối: bản xem trước sẽ cập nhật khi có mạng lại.'
            : status === 'error'
              ? 'Không cập nhật được bản xem trước; bấm “Xem trước” để thử lại.'
              : ''}
      </p>
      {preview ? (
        <div className="exam-text break-words text-slate-900">
          {preview.problem ? (
            <p className="mb-2 rounded-lg bg-amber-50 px-2 py-1 text-sm text-amber-900">
              Chưa lưu được: {preview.problem}
            </p>
          ) : null}
          {preview.passage_html ? (
            <div
              className="mb-2 rounded-lg bg-slate-50 p-2 text-sm"
              dangerouslySetInnerHTML={{ __html: preview.passage_html }}
            />
          ) : null}
          <div className="mb-2" dangerouslySetInnerHTML={{ __html: preview.prompt_html }} />
          {preview.options_html.length > 0 ? (
            <ol className="mb-2 grid gap-1">
              {preview.options_html.map((html, i) => (
                <li key={i} className="flex gap-2">
                  <span className="font-semibold">{labels[i]}</span>
                  <span dangerouslySetInnerHTML={{ __html: html }} />
                </li>
              ))}
            </ol>
          ) : null}
          {preview.explanation_html ? (
            <div className="border-t border-slate-100 pt-2 text-sm">
              <p className="font-semibold">Lời giải</p>
              <div dangerouslySetInnerHTML={{ __html: preview.explanation_html }} />
            </div>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          Bản xem trước hiện ở đây khi bạn gõ (công thức LaTeX viết giữa hai dấu $).
        </p>
      )}
    </section>
  );
}
