/** The exam editor's parts with their questions (move, delete, add) and the passages shared by questions. */
import { Form, Link } from 'react-router';
import { DIFFICULTY_TEXT, partLabel, QUESTION_TYPE_TEXT } from '../../../modules/exams/exams.admin-labels';
import type { ExamsAdmin } from '../../../modules/exams/exams.admin';
import { FormMessage } from '../form-field';
import { AudioUploadField } from './audio-upload-field';
import { buttonClass, dangerButtonClass, inputClass } from './studio-ui';

type Exam = Awaited<ReturnType<ExamsAdmin<unknown>['detail']>>;
type ActionState = {
  intent?: string;
  notice?: string;
  message: string;
  fields: Record<string, string>;
  values: Record<string, string>;
};

const small = 'rounded-lg border border-slate-300 px-2 py-1 text-sm disabled:opacity-40';

function QuestionRow({
  exam,
  q,
  first,
  last,
}: {
  exam: Exam;
  q: Exam['questions'][number];
  first: boolean;
  last: boolean;
}) {
  return (
    <li className="px-3 py-3" data-testid="exam-question">
      <p className="text-sm font-semibold text-slate-900">
        Câu {q.number}
        <span className="ml-2 font-normal text-slate-600">
          {q.topic} · {DIFFICULTY_TEXT[q.difficulty]}
        </span>
      </p>
      <div
        className="exam-text mt-1 line-clamp-4 overflow-hidden break-words text-slate-800"
        dangerouslySetInnerHTML={{ __html: q.prompt_html }}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <Link to={`/studio/de-thi/${exam.id}/cau-hoi/${q.id}`} className={`${small} text-brand-700`}>
          Sửa câu {q.number}
        </Link>
        {exam.locked ? null : (
          <>
            <Form method="post">
              <input type="hidden" name="question" value={q.id} />
              <input type="hidden" name="direction" value="up" />
              <button
                type="submit"
                name="intent"
                value="move"
                className={small}
                disabled={first}
                aria-label={`Đưa câu ${q.number} lên`}
              >
                ↑ Lên
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="question" value={q.id} />
              <input type="hidden" name="direction" value="down" />
              <button
                type="submit"
                name="intent"
                value="move"
                className={small}
                disabled={last}
                aria-label={`Đưa câu ${q.number} xuống`}
              >
                ↓ Xuống
              </button>
            </Form>
            <Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm(`Xóa câu ${q.number}? Không hoàn tác được.`)) event.preventDefault();
              }}
            >
              <input type="hidden" name="question" value={q.id} />
              <button type="submit" name="intent" value="delete-question" className={`${small} text-red-800`}>
                Xóa
              </button>
            </Form>
          </>
        )}
      </div>
    </li>
  );
}

export function ExamParts({ exam, actionData }: { exam: Exam; actionData?: ActionState | undefined }) {
  const partError = actionData?.intent === 'add-part' && !actionData.notice ? actionData : undefined;
  return (
    <section className="mb-6" aria-labelledby="cac-phan">
      <h2 id="cac-phan" className="mb-2 text-lg font-semibold text-slate-900">
        Các phần và câu hỏi
      </h2>
      {exam.parts.length === 0 ? (
        <p className="mb-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
          Đề tự do chưa có phần nào: thêm một phần bên dưới, rồi thêm câu hỏi vào phần đó.
        </p>
      ) : null}
      {exam.parts.map((part) => {
        const questions = exam.questions.filter((q) => q.part === part.position);
        return (
          <div key={part.id} className="mb-4 rounded-2xl border border-slate-200 bg-white">
            <div className="border-b border-slate-100 px-3 py-2">
              <h3 className="font-semibold text-slate-900">
                {partLabel(part.position)}. {part.title.replace(/^Phần [IVX]+\.\s*/, '')}
              </h3>
              <p className="text-sm text-slate-700">
                {QUESTION_TYPE_TEXT[part.type]} · {String(part.points).replace('.', ',')} điểm/câu ·{' '}
                <span
                  className={part.required !== null && part.count !== part.required ? 'font-medium text-amber-800' : ''}
                >
                  {part.count}
                  {part.required !== null ? `/${part.required}` : ''} câu
                </span>
              </p>
            </div>
            {questions.length === 0 ? (
              <p className="px-3 py-4 text-sm text-slate-600">Phần này chưa có câu hỏi.</p>
            ) : (
              <ol className="divide-y divide-slate-100">
                {questions.map((q, index) => (
                  <QuestionRow key={q.id} exam={exam} q={q} first={index === 0} last={index === questions.length - 1} />
                ))}
              </ol>
            )}
            <div className="flex flex-wrap gap-2 border-t border-slate-100 px-3 py-2">
              {exam.locked ? null : (
                <Link
                  to={`/studio/de-thi/${exam.id}/cau-hoi/moi?phan=${part.position}`}
                  className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline"
                >
                  + Thêm câu vào {partLabel(part.position)}
                </Link>
              )}
              {exam.template === 'custom' &&
              !exam.locked &&
              questions.length === 0 &&
              part.position === exam.parts.length ? (
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="part" value={part.id} />
                  <button type="submit" name="intent" value="delete-part" className={`${small} text-red-800`}>
                    Xóa phần trống
                  </button>
                </Form>
              ) : null}
            </div>
          </div>
        );
      })}
      {exam.template === 'custom' && !exam.locked ? (
        <Form
          method="post"
          className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_200px_120px_auto]"
          noValidate
        >
          <FormMessage message={partError?.message} />
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-800">Tên phần mới</span>
            <input name="part_title" className={inputClass} defaultValue={partError?.values.part_title ?? ''} />
            {partError?.fields.title ? <span className="mt-1 block text-red-700">{partError.fields.title}</span> : null}
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-800">Loại câu</span>
            <select name="part_type" className={inputClass} defaultValue={partError?.values.part_type ?? 'single'}>
              {Object.entries(QUESTION_TYPE_TEXT).map(([key, text]) => (
                <option key={key} value={key}>
                  {text}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-800">Điểm mỗi câu</span>
            <input
              name="part_points"
              inputMode="decimal"
              className={inputClass}
              defaultValue={partError?.values.part_points ?? '0,25'}
            />
          </label>
          <button type="submit" name="intent" value="add-part" className={`${buttonClass} self-end`}>
            Thêm phần
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function PassageForm({
  exam,
  passage,
  state,
}: {
  exam: Exam;
  passage: Exam['passages'][number] | null;
  state?: ActionState | undefined;
}) {
  const key = passage ? String(passage.id) : 'new';
  const failed = state && !state.notice ? state : undefined;
  return (
    <Form method="post" className="grid grid-cols-1 gap-2 px-3 py-3" noValidate>
      <input type="hidden" name="passage" value={passage?.id ?? ''} />
      <FormMessage message={state?.notice} tone="success" />
      <FormMessage message={failed?.message} />
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">Tiêu đề đoạn (không bắt buộc)</span>
        <input name="title" className={inputClass} defaultValue={failed?.values.title ?? passage?.title ?? ''} />
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">Nội dung (LaTeX giữa $…$)</span>
        <textarea
          name="content"
          rows={4}
          className={inputClass}
          defaultValue={failed?.values.content ?? passage?.content ?? ''}
          aria-invalid={failed?.fields.content ? true : undefined}
        />
        {failed?.fields.content ? <span className="mt-1 block text-red-700">{failed.fields.content}</span> : null}
      </label>
      <AudioUploadField
        defaultValue={failed?.values.audio_url ?? passage?.audio_url ?? ''}
        error={failed?.fields.audio_url}
      />
      <div className="flex gap-2">
        <button type="submit" name="intent" value="passage" className={buttonClass} data-passage={key}>
          {passage ? 'Lưu đoạn' : 'Thêm đoạn'}
        </button>
        {passage && !exam.locked ? (
          <button type="submit" name="intent" value="delete-passage" className={dangerButtonClass}>
            Xóa đoạn
          </button>
        ) : null}
      </div>
    </Form>
  );
}

export function ExamPassages({ exam, actionData }: { exam: Exam; actionData?: ActionState | undefined }) {
  const stateOf = (key: string) => (actionData?.intent === `passage-${key}` ? actionData : undefined);
  return (
    <section className="mb-6" aria-labelledby="doan-van">
      <h2 id="doan-van" className="mb-1 text-lg font-semibold text-slate-900">
        Đoạn văn và bài nghe dùng chung
      </h2>
      <p className="mb-2 text-sm text-slate-700">
        Một đoạn đọc hiểu hay bài nghe cho nhiều câu: chọn đoạn trong từng câu hỏi.
      </p>
      <div className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {exam.passages.map((passage) => (
          <details key={passage.id}>
            <summary className="cursor-pointer px-3 py-2 font-medium">{passage.title ?? `Đoạn ${passage.id}`}</summary>
            <PassageForm exam={exam} passage={passage} state={stateOf(String(passage.id))} />
          </details>
        ))}
        <details open={Boolean(stateOf('new'))}>
          <summary className="cursor-pointer px-3 py-2 font-medium text-brand-700">+ Thêm đoạn văn</summary>
          <PassageForm key={exam.passages.length} exam={exam} passage={null} state={stateOf('new')} />
        </details>
      </div>
    </section>
  );
}
