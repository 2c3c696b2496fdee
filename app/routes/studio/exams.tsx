import { Form, Link } from 'react-router';
import { subjectName, TEMPLATE_TEXT } from '../../../modules/exams/exams.admin-labels';
import { listQuery } from '../../../modules/exams/exams.admin.schemas';
import { Empty, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/exams';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'exams.write');
  const { query } = readListQuery(listQuery, request, '/api/admin/exams.json');
  const { items, subjects } = await context.services.examsAdmin.list(query);
  return { items, subjects, query };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đề thi — Studio' });

const linkButton = 'inline-block rounded-xl bg-brand-700 px-4 py-2 font-medium text-white';

export default function StudioExams({ loaderData }: Route.ComponentProps) {
  const { items, subjects, query } = loaderData;
  const filtered = Boolean(query.q || query.subject);
  return (
    <div>
      <PageTitle title="Đề thi" />
      <p className="mb-4 flex flex-wrap gap-2">
        <Link to="/studio/de-thi/moi" className={linkButton}>
          Tạo đề mới
        </Link>
        <Link
          to="/studio/de-thi/nhap"
          className="inline-block rounded-xl border border-brand-700 px-4 py-2 text-brand-700"
        >
          Nhập đề từ tệp
        </Link>
      </p>
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_200px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên đề</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Môn</span>
          <select name="subject" defaultValue={query.subject ?? ''} className={inputClass}>
            <option value="">Tất cả</option>
            {subjects.map((subject) => (
              <option key={subject} value={subject}>
                {subjectName(subject)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="self-end rounded-xl bg-slate-800 px-4 py-2 font-medium text-white">
          Lọc
        </button>
      </Form>
      <p className="mb-2 text-sm text-slate-700">{items.length} đề</p>
      {items.length === 0 ? (
        <Empty>
          {filtered ? 'Không có đề nào khớp bộ lọc.' : 'Chưa có đề thi nào. Hãy tạo đề mới hoặc nhập đề từ tệp mẫu.'}
        </Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((exam) => {
            const complete = exam.required_count === null || exam.question_count === exam.required_count;
            return (
              <li key={exam.id}>
                <Link to={`/studio/de-thi/${exam.id}`} className="block px-4 py-3 hover:bg-slate-50">
                  <span className="block font-semibold text-slate-900">{exam.title}</span>
                  <span className="block text-sm text-slate-700">
                    {subjectName(exam.subject)} · {TEMPLATE_TEXT[exam.template]}
                  </span>
                  <span className="block text-sm text-slate-700">
                    <span className={complete ? '' : 'font-medium text-amber-800'}>
                      {exam.question_count}
                      {exam.required_count !== null ? `/${exam.required_count}` : ''} câu
                    </span>{' '}
                    · {exam.contest_count === 0 ? 'chưa có kỳ thi' : `${exam.contest_count} kỳ thi dùng đề`}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
