import { Form, redirect, useNavigation } from 'react-router';
import { subjectName, TEMPLATE_TEXT } from '../../../modules/exams/exams.admin-labels';
import { katexLinks } from '../../components/exams/katex-links';
import { FormMessage } from '../../components/form-field';
import { buttonClass, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/exam-import';

const MAX_CHARS = 500_000;

export function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'exams.write');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'exams.write');
  const form = await request.formData();
  const file = form.get('file');
  const uploaded = file instanceof File && file.size > 0 ? await file.text() : '';
  const text = uploaded || String(form.get('text') ?? '');
  const values = { text: text.slice(0, MAX_CHARS) };
  const empty = { problems: [] as { line: number; message: string }[], summary: null };
  if (!text.trim()) return { ...empty, message: 'Hãy chọn tệp đề hoặc dán nội dung đề vào ô bên dưới.', values };
  if (text.length > MAX_CHARS) return { ...empty, message: 'Tệp quá lớn (tối đa 500 000 ký tự).', values };
  const exams = context.services.examsAdmin;
  const checked = await exams.checkImport(text);
  if (checked.problems.length > 0)
    return {
      ...checked,
      message: `Tệp có ${checked.problems.length} lỗi, chưa lưu gì. Sửa các dòng dưới đây rồi thử lại.`,
      values,
    };
  if (form.get('intent') !== 'save') return { problems: [], summary: checked.summary, message: '', values };
  return runForm(values, async () => {
    const { id } = await exams.importText({ viewer, ip: context.clientIp }, text);
    throw redirect(`/studio/de-thi/${id}?thong-bao=da-nhap`);
  });
}

export const links: Route.LinksFunction = katexLinks;

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Nhập đề từ tệp — Studio' });

export default function StudioExamImport({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData && 'summary' in actionData ? actionData : undefined;
  const summary = result?.summary ?? null;
  return (
    <div>
      <PageTitle title="Nhập đề từ tệp" back={{ to: '/studio/de-thi', label: 'Đề thi' }} />
      <div className="mb-4 max-w-2xl rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-800">
        <p className="mb-2">
          Tệp văn bản (.txt, UTF-8): dòng đầu ghi <code>Tiêu đề:</code>, <code>Môn:</code>, <code>Mẫu đề:</code>; mỗi
          phần bắt đầu bằng <code>PHẦN I</code>; mỗi câu bằng <code>Câu 1.</code>, các phương án <code>A.</code>–
          <code>D.</code> (hoặc ý <code>a)</code>–<code>d)</code>), rồi <code>Đáp án:</code>, <code>Lời giải:</code>,{' '}
          <code>Chuyên đề:</code>, <code>Mức độ:</code>. Công thức viết bằng LaTeX giữa hai dấu $.
        </p>
        <p>
          <a href="/mau/de-thi-mau.txt" download className="font-medium text-brand-700 underline">
            Tải tệp mẫu (đề Hóa học THPT 2025 đầy đủ)
          </a>{' '}
          — mở bằng trình soạn thảo văn bản, sửa nội dung rồi nhập lại. Tệp chỉ được lưu khi không còn lỗi nào.
        </p>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mb-6 max-w-2xl rounded-2xl border border-slate-200 bg-white p-4"
        noValidate
      >
        <FormMessage message={result?.message} />
        <label className="mb-4 block text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tệp đề (.txt)</span>
          <input type="file" name="file" accept=".txt,text/plain" className="block w-full text-sm" />
        </label>
        <label className="mb-4 block text-sm">
          <span className="mb-1 block font-medium text-slate-800">Hoặc dán nội dung đề</span>
          <textarea
            name="text"
            rows={10}
            defaultValue={result?.values.text ?? ''}
            className={`${inputClass} font-mono text-xs`}
          />
        </label>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            name="intent"
            value="check"
            className="rounded-xl border border-slate-300 px-4 py-2"
            disabled={busy}
          >
            Kiểm tra
          </button>
          <button type="submit" name="intent" value="save" className={buttonClass} disabled={busy}>
            {busy ? 'Đang xử lý…' : 'Nhập đề'}
          </button>
        </div>
      </Form>
      {result && result.problems.length > 0 ? (
        <section aria-labelledby="loi-tep" className="mb-6 max-w-2xl rounded-2xl border border-red-200 bg-white p-4">
          <h2 id="loi-tep" className="mb-2 font-semibold text-red-800">
            Các lỗi trong tệp
          </h2>
          <ul className="list-disc pl-5 text-sm text-red-800" data-testid="import-problems">
            {result.problems.map((p, i) => (
              <li key={i}>{p.message}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {summary ? (
        <section
          aria-labelledby="ban-xem-truoc"
          className="max-w-2xl rounded-2xl border border-emerald-200 bg-white p-4"
        >
          <h2 id="ban-xem-truoc" className="mb-1 font-semibold text-emerald-800">
            Tệp hợp lệ — xem trước trước khi lưu
          </h2>
          <p className="mb-2 text-sm text-slate-800">
            <strong>{summary.title}</strong> · {subjectName(summary.subject)} · {TEMPLATE_TEXT[summary.template]} ·
            đường dẫn <code>{summary.slug}</code>
          </p>
          <ul className="mb-3 text-sm text-slate-700">
            {summary.parts.map((part) => (
              <li key={part.title}>
                {part.title}: {part.count} câu
              </li>
            ))}
          </ul>
          <ol className="exam-text grid gap-3 text-sm">
            {summary.questions.map((q, i) => (
              <li key={i} className="border-t border-slate-100 pt-2">
                <p className="text-xs text-slate-600">
                  Câu {i + 1} · {q.topic}
                </p>
                <div dangerouslySetInnerHTML={{ __html: q.prompt }} />
              </li>
            ))}
          </ol>
          <p className="mt-3 text-sm text-slate-700">Bấm “Nhập đề” để lưu.</p>
        </section>
      ) : null}
    </div>
  );
}
