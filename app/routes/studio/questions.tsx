/** "Câu hỏi": learners' questions on the courses a teacher teaches (every course for editors and admins). */
import { Form, Link, useLocation } from 'react-router';
import { formatDate } from '../../../lib/format/date';
import { courseEditorSchemas } from '../../../modules/catalog';
import { Pagination } from '../../components/pagination';
import { Empty, FilterActions, FilterSelect, inputClass, PageTitle } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { readListQuery } from '../../studio.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/questions';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudio(request, context, 'questions.read');
  const { query: parsed, csv } = readListQuery(
    courseEditorSchemas.questionsQuery,
    request,
    '/api/admin/questions.json',
  );
  const { format: _format, ...query } = parsed;
  const teacherId = await context.services.studioCourses.teacherScope(viewer);
  return { ...(await context.services.questions.list({ ...query, teacherId })), query, csv };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Câu hỏi — Studio' });

export default function StudioQuestions({ loaderData }: Route.ComponentProps) {
  const { items, total, query, csv } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Câu hỏi của học viên" />
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_200px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Nội dung, học viên, bài học hoặc khóa học</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect
          label="Sắp xếp"
          name="sort"
          value={query.sort}
          options={{ newest: 'Mới nhất', oldest: 'Cũ nhất' }}
        />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} câu hỏi</p>
      {items.length === 0 ? (
        <Empty>Chưa có câu hỏi nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((question) => (
            <li key={question.id} className="grid gap-1 px-4 py-3">
              <p className="whitespace-pre-line">{question.content}</p>
              <p className="text-sm text-slate-700">
                {question.learner_name} · {formatDate(question.created_at)} · {question.reply_count} trả lời
              </p>
              <p className="text-sm">
                <Link
                  to={`/vao-hoc/${question.course_slug}?bai=${question.lesson_id}`}
                  className="text-brand-700 underline"
                >
                  {question.course_title} — {question.lesson_title}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
